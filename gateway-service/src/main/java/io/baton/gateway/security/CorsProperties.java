package io.baton.gateway.security;

import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Cross-origin access, bound from {@code baton.gateway.cors.*}: none unless origins are listed.
 *
 * @param allowedOrigins origins ({@code https://admin.example.com}, scheme, host and port only; {@code *} for any)
 *                       whose browser pages may call the gateway; empty: no cross-origin access at all, no CORS header
 *                       is ever sent
 */
@ConfigurationProperties(prefix = "baton.gateway.cors")
public record CorsProperties(@DefaultValue List<String> allowedOrigins) {

    public CorsProperties {
        allowedOrigins = allowedOrigins.stream().filter(o -> o != null && !o.isBlank()).map(String::strip).toList();
        for (String origin : allowedOrigins) {
            if (!origin.equals("*") && !origin.matches("https?://[^/?#\\s]+")) {
                throw new IllegalArgumentException("baton.gateway.cors.allowed-origins: '" + origin + "' is not "
                        + "an origin (scheme://host[:port], no path) nor *");
            }
        }
    }
}
