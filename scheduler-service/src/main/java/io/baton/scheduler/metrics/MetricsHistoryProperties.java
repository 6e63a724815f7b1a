package io.baton.scheduler.metrics;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The sampled serving history ({@code baton.scheduler.metrics.*}) the admin page charts.
 *
 * @param sampleInterval how often the figures are sampled; each sample covers the interval since the one before
 * @param history        how far back samples are kept: {@code history / sampleInterval} samples (rounded up), at
 *                       most {@link #MAX_SAMPLES}
 */
@ConfigurationProperties(prefix = "baton.scheduler.metrics")
public record MetricsHistoryProperties(@DefaultValue("5s") Duration sampleInterval,
                                       @DefaultValue("15m") Duration history) {

    /** The most samples the history may be configured to keep, so that its memory stays small. */
    public static final int MAX_SAMPLES = 10_000;

    public MetricsHistoryProperties {
        if (sampleInterval.toMillis() < 1) {
            throw new IllegalArgumentException("baton.scheduler.metrics.sample-interval must be at least 1ms, got "
                    + sampleInterval);
        }
        if (history.compareTo(sampleInterval) < 0) {
            throw new IllegalArgumentException("baton.scheduler.metrics.history (" + history
                    + ") must be at least one sample-interval (" + sampleInterval + ")");
        }
        long samples = (history.toMillis() + sampleInterval.toMillis() - 1) / sampleInterval.toMillis();
        if (samples > MAX_SAMPLES) {
            throw new IllegalArgumentException("baton.scheduler.metrics.history / sample-interval is " + samples
                    + " samples, more than the " + MAX_SAMPLES + " allowed: lengthen the interval or shorten the history");
        }
    }

    /** Samples kept: the history over the interval, rounded up. */
    public int samples() {
        return (int) ((history.toMillis() + sampleInterval.toMillis() - 1) / sampleInterval.toMillis());
    }
}
