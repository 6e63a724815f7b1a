/**
 * Serving figures: {@link io.baton.scheduler.metrics.ServingMetrics} (per-application Prometheus meters: outcomes,
 * goodput, miss rate, latency, batch size, queue length) over sliding windows
 * ({@link io.baton.scheduler.metrics.RateWindow}, {@link io.baton.scheduler.metrics.SampleWindow}), and the same
 * figures with worker state in one body for the admin page
 * ({@link io.baton.scheduler.metrics.MetricsSummaryController}). Over time: every few seconds
 * {@link io.baton.scheduler.metrics.MetricsSampler} ends an interval (each application's
 * {@link io.baton.scheduler.metrics.IntervalFigures}, each worker's busy time) into a bounded ring,
 * {@link io.baton.scheduler.metrics.MetricsHistory}, served by
 * {@link io.baton.scheduler.metrics.MetricsHistoryController} for the admin page's charts.
 */
package io.baton.scheduler.metrics;
