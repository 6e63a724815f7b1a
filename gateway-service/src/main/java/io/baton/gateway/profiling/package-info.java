/**
 * The gateway's reads of profiler-service for the OIP routes: {@link io.baton.gateway.profiling.ProfilingJobsClient}
 * (which variants a queued or running profiling job covers, so that a model's metadata can say it is being profiled).
 */
package io.baton.gateway.profiling;
