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
 * built and no request pays for a span; with one, every trace is sampled
 * ({@code management.tracing.sampling.probability} 1.0). Both are defaults of the lowest precedence: a setting of
 * either wins.
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
            defaults.put("management.tracing.sampling.probability", "1.0");
        }
        environment.getPropertySources().addLast(new MapPropertySource("baton-trace-export", defaults));
    }
}
