/**
 * Profiling jobs: {@link io.baton.profiler.job.ProfilingJobs} accepts a {@link io.baton.profiler.job.JobRequest},
 * checks it into a {@link io.baton.profiler.job.JobSpec} against the registry, runs it on a small executor (one thread
 * by default, so that measurements do not disturb each other) and keeps its {@link io.baton.profiler.job.ProfilingJob}
 * state for polling ({@link io.baton.profiler.job.JobView}). {@link io.baton.profiler.job.ModelDoor} checks each
 * artifact before any ONNX Runtime session sees it.
 */
package io.baton.profiler.job;
