package io.baton.scheduler;

import java.net.URI;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration of scheduler-service, bound from {@code baton.scheduler.*}.
 *
 * @param registryUrl base URL of registry-service, from which profiles are read and to which plans are written
 *                    (default {@code http://127.0.0.1:8081})
 */
@ConfigurationProperties(prefix = "baton.scheduler")
public record SchedulerProperties(
        URI registryUrl) {

    public SchedulerProperties {
        if (registryUrl == null) {
            registryUrl = URI.create("http://127.0.0.1:8081");
        }
    }
}
