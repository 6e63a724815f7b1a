/**
 * The profiler's HTTP surface: {@link io.baton.profiler.api.ProfilingJobController} ({@code /v1/profiling-jobs}:
 * submit, poll, list, cancel), with RFC 7807 refusals ({@link io.baton.profiler.api.ApiException}, answered by
 * service-commons' {@link io.baton.commons.problem.RequestProblemAdvice}) and strict JSON reading
 * ({@link io.baton.commons.json.StrictJsonRequests}), both imported by the application class.
 */
package io.baton.profiler.api;
