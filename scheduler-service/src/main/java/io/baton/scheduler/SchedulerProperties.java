package io.baton.scheduler;

import java.net.URI;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration of scheduler-service, bound from {@code baton.scheduler.*}.
 *
 * @param registryUrl      base URL of registry-service, from which profiles are read and to which plans are written
 *                         (default {@code http://127.0.0.1:8081})
 * @param workerTimeout    a worker whose last registration or heartbeat is older than this is evicted (default
 *                         {@code 10s}: five of the worker's default 2 s heartbeats missed)
 * @param evictionInterval how often workers are checked against {@code workerTimeout} (default {@code 1s})
 */
@ConfigurationProperties(prefix = "baton.scheduler")
public record SchedulerProperties(
        URI registryUrl,
        Duration workerTimeout,
        Duration evictionInterval) {

    public SchedulerProperties {
        if (registryUrl == null) {
            registryUrl = URI.create("http://127.0.0.1:8081");
        }
        if (workerTimeout == null) {
            workerTimeout = Duration.ofSeconds(10);
        }
        if (evictionInterval == null) {
            evictionInterval = Duration.ofSeconds(1);
        }
        if (workerTimeout.isNegative() || workerTimeout.isZero()) {
            throw new IllegalArgumentException("baton.scheduler.worker-timeout must be > 0, got " + workerTimeout);
        }
        if (evictionInterval.isNegative() || evictionInterval.isZero()) {
            throw new IllegalArgumentException("baton.scheduler.eviction-interval must be > 0, got " + evictionInterval);
        }
    }
}
