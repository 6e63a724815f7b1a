package io.baton.gateway;

import java.net.URI;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration of gateway-service, bound from {@code baton.gateway.*}.
 *
 * @param schedulerUrl base URL of scheduler-service, to which validated inference requests are forwarded
 *                    (default {@code http://127.0.0.1:8082})
 */
@ConfigurationProperties(prefix = "baton.gateway")
public record GatewayProperties(
        URI schedulerUrl) {

    public GatewayProperties {
        if (schedulerUrl == null) {
            schedulerUrl = URI.create("http://127.0.0.1:8082");
        }
    }
}
