package io.baton.commons.trace;

import java.util.HashMap;
import java.util.Map;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Trace export is off unless an OTLP endpoint is configured: without {@code management.otlp.tracing.endpoint},
 * {@code management.tracing.enabled} defaults to false, so that Micrometer Tracing's OpenTelemetry SDK is not even
 * built and no request pays for a span. With one, Baton's request spans are exported as the gateway's trace settings
 * pick them (one request in {@code baton.tracing.export.rate}, the W3C {@code sampled} flag carrying the decision on),
 * and Spring's own server spans (admin routes, probes) only where the caller's {@code traceparent} asks for them
 * ({@code management.tracing.sampling.probability} 0.0 under its parent-based sampler): a span of each of the
 * thousands of requests a second would cost the suite more than its traces are worth. Both are defaults of the
 * lowest precedence: a setting of either wins.
 */
public final class ExportSwitch implements EnvironmentPostProcessor {

    static final String ENDPOINT = "management.otlp.tracing.endpoint";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        String endpoint = environment.getProperty(ENDPOINT);
        Map<String, Object> defaults = new HashMap<>();
        if (endpoint == null || endpoint.isBlank()) {
            defaults.put("management.tracing.enabled", "false");
        } else {
            defaults.put("management.tracing.sampling.probability", "0.0");
        }
        environment.getPropertySources().addLast(new MapPropertySource("baton-trace-export", defaults));
    }
}
