package io.baton.scheduler.metrics;

import java.time.Duration;

import io.baton.commons.boot.PeriodicTask;

/** Runs {@link MetricsSampler#sample()} every {@code baton.scheduler.metrics.sample-interval} while the service runs. */
final class MetricsSamplerTimer extends PeriodicTask {

    MetricsSamplerTimer(MetricsSampler sampler, long intervalMillis) {
        super("metrics-sampler", Duration.ofMillis(intervalMillis), sampler::sample);
    }
}
