package io.baton.scheduler.metrics;

/**
 * One application's serving figures over the last {@link ServingMetrics#WINDOW_SECONDS} seconds, as the admin page
 * shows them (the same figures as the Prometheus gauges, read at once).
 *
 * @param application   the application
 * @param goodput       requests answered by their deadline, per second
 * @param missRate      (late + dropped + failed) / ended; 0 when nothing ended
 * @param requestsEnded requests that ended (answered, dropped or failed) in the window
 * @param p99LatencyMs  99th percentile of receipt-to-answer time of the requests served in the window (nearest
 *                      rank); null when none was served
 * @param meanBatchSize mean rows per batch sent in the window, over the application's variants; null when none was
 *                      sent
 * @param batches       batches sent in the window
 * @param queueLength   requests waiting for a batch now
 */
public record ApplicationSummary(String application, double goodput, double missRate, long requestsEnded,
                                 Double p99LatencyMs, Double meanBatchSize, int batches, int queueLength) {
}
