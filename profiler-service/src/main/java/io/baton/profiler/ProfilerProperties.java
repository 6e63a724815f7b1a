package io.baton.profiler;

import java.net.URI;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration of profiler-service, bound from {@code baton.profiler.*}.
 *
 * @param registryUrl base URL of registry-service, where finished profiles are written
 *                    (default {@code http://127.0.0.1:8081})
 */
@ConfigurationProperties(prefix = "baton.profiler")
public record ProfilerProperties(
        URI registryUrl) {

    public ProfilerProperties {
        if (registryUrl == null) {
            registryUrl = URI.create("http://127.0.0.1:8081");
        }
    }
}
