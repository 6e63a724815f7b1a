package io.baton.commons.boot;

import org.springframework.core.env.PropertyResolver;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * How many times this service was restarted by the supervisor that runs it ({@code bin/baton up}), as the gauge
 * {@code baton.service.restarts} (Prometheus {@code baton_service_restarts}): the supervisor says so in the restarted
 * process's environment, {@value #COUNT_VARIABLE} (unset: 0, a first start), and why in {@value #CAUSE_VARIABLE}.
 * A gauge, not a counter: each process starts from the count it is given, and only the newest process is scraped.
 */
public record ServiceRestarts(int count, String cause) implements MeterBinder {

    public static final String COUNT_VARIABLE = "BATON_RESTARTS";
    public static final String CAUSE_VARIABLE = "BATON_RESTART_CAUSE";
    public static final String METER = "baton.service.restarts";

    /** From the environment; a count that is not a whole number of at least 0 is refused, naming the variable. */
    public static ServiceRestarts from(PropertyResolver environment) {
        String count = environment.getProperty(COUNT_VARIABLE, "0").strip();
        int n;
        try {
            n = Integer.parseInt(count);
        } catch (NumberFormatException e) {
            n = -1;
        }
        if (n < 0) {
            throw new IllegalStateException(COUNT_VARIABLE + " must be a whole number of at least 0 (restarts so far), not '" + count + "'");
        }
        return new ServiceRestarts(n, environment.getProperty(CAUSE_VARIABLE, ""));
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder(METER, this, ServiceRestarts::count).strongReference(true)
                .description("times the supervisor (bin/baton up) restarted this service").register(registry);
    }
}
