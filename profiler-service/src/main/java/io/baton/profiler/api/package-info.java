/**
 * The profiler's HTTP surface: {@link io.baton.profiler.api.ProfilingJobController} ({@code /v1/profiling-jobs}:
 * submit, poll, list, cancel), with RFC 7807 refusals ({@link io.baton.profiler.api.ApiException},
 * {@link io.baton.profiler.api.ProblemAdvice}) and strict JSON reading ({@link io.baton.profiler.api.StrictJsonTypes}).
 */
package io.baton.profiler.api;
