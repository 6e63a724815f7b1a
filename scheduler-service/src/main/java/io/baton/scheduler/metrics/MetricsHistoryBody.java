package io.baton.scheduler.metrics;

import java.util.List;

/**
 * {@code GET /internal/v1/metrics/history}: the sampled serving figures, oldest first.
 *
 * @param intervalSeconds  the sampling interval ({@code baton.scheduler.metrics.sample-interval})
 * @param retentionSeconds how far back samples are kept ({@code baton.scheduler.metrics.history})
 * @param capacity         samples kept at most
 * @param samples          the samples held (those after {@code since} when it was given), oldest first
 */
public record MetricsHistoryBody(double intervalSeconds, double retentionSeconds, int capacity,
                                 List<HistorySample> samples) {
}
