package io.baton.gateway.metrics;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import org.springframework.stereotype.Component;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * Per Baton application (tag {@code app}; the tag {@code application} is the service's own name, common to all its
 * meters): {@code baton_gateway_requests_seconds} (a latency histogram, counted by {@code outcome} served or error)
 * and {@code baton_gateway_errors_total} by {@code reason} (a drop reason such as {@code DEADLINE_UNMEETABLE}, or
 * {@code invalid-request}, {@code not-found}, {@code timeout}, {@code circuit-open}, ...). Requests for an
 * application the registry does not know count under {@code app="unknown"}, so that made-up names cannot grow the
 * number of series.
 */
@Component
public class InferenceMetrics {

    public static final String UNKNOWN = "unknown";

    private final MeterRegistry registry;
    private final ConcurrentHashMap<String, Timer> timers = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Counter> errors = new ConcurrentHashMap<>();

    public InferenceMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    public void served(String application, long startNanos) {
        timer(application, "served").record(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
    }

    public void failed(String application, String reason, long startNanos) {
        timer(application, "error").record(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
        errors.computeIfAbsent(application + '\u0000' + reason, k -> Counter.builder("baton.gateway.errors")
                .description("inference requests answered with an error, by reason")
                .tag("app", application).tag("reason", reason)
                .register(registry)).increment();
    }

    private Timer timer(String application, String outcome) {
        return timers.computeIfAbsent(application + '\u0000' + outcome, k -> Timer.builder("baton.gateway.requests")
                .description("inference requests through the gateway, from receipt to answer")
                .tag("app", application).tag("outcome", outcome)
                .publishPercentileHistogram()
                .register(registry));
    }
}
