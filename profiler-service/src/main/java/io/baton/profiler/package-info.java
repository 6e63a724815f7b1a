/**
 * Profiler-service: profiling jobs that measure model variants with ONNX Runtime (latency per batch size, load time,
 * memory, per-class recall, interference features) and write the profiles to the registry; for an ensemble, Schemble's
 * ensemble profile too.
 *
 * <p>Entry points: {@link io.baton.profiler.ProfilerApplication} and {@link io.baton.profiler.ProfilerProperties}
 * ({@code baton.profiler.*}).
 */
package io.baton.profiler;
