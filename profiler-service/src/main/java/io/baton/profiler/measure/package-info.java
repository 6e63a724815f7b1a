/**
 * The measurements: {@link io.baton.profiler.measure.VariantProfiler} (load time, memory, latency per batch size into a
 * monotone {@link io.baton.profiler.measure.LatencyCurve}, accuracy and per-class recall as an
 * {@link io.baton.profiler.measure.Evaluation}), {@link io.baton.profiler.measure.InterferenceFeatureProfiler} (the
 * interference paper's §IV-B features), {@link io.baton.profiler.measure.EnsembleProfiler} (Schemble §V-A/B: recorded
 * outputs, score bins, accuracy table, difficulty predictor) and {@link io.baton.profiler.measure.PipelineFeatures}
 * (what a pipeline's later stage sees).
 *
 * <p>Every run of an uploaded model is bounded: {@link io.baton.profiler.measure.RunGuard} enforces
 * {@link io.baton.profiler.measure.ProfilingLimits} ({@code baton.profiler.limits.*}) and refuses with
 * {@link io.baton.profiler.measure.ProfilingLimitExceeded}.
 */
package io.baton.profiler.measure;
