package io.baton.scheduler.metrics;

/**
 * One application's serving figures over one sampling interval of the history (not a sliding window: consecutive
 * samples cover consecutive intervals, so a chart of them adds up to what was served).
 *
 * @param application   the application
 * @param goodput       requests answered by their deadline, per second of the interval
 * @param missRate      (late + dropped + failed) / ended; 0 when nothing ended
 * @param requestsEnded requests that ended (answered, dropped or failed) in the interval
 * @param p50LatencyMs  median receipt-to-answer time of the requests answered in the interval (nearest rank); null
 *                      when none was
 * @param p99LatencyMs  their 99th percentile (nearest rank); null when none was
 * @param meanBatchSize mean rows per batch sent in the interval, over the application's variants; null when none was
 * @param batches       batches sent in the interval
 * @param queueLength   requests waiting for a batch at the end of the interval
 */
public record ApplicationSample(String application, double goodput, double missRate, long requestsEnded,
                                Double p50LatencyMs, Double p99LatencyMs, Double meanBatchSize, long batches,
                                int queueLength) {
}
