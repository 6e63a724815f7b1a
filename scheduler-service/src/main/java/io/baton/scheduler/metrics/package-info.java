/**
 * Serving figures: {@link io.baton.scheduler.metrics.ServingMetrics} (per-application Prometheus meters: outcomes,
 * goodput, miss rate, latency, batch size, queue length) over sliding windows
 * ({@link io.baton.scheduler.metrics.RateWindow}, {@link io.baton.scheduler.metrics.SampleWindow}), and the same
 * figures with worker state in one body for the admin page
 * ({@link io.baton.scheduler.metrics.MetricsSummaryController}).
 */
package io.baton.scheduler.metrics;
