package io.baton.gateway.trace;

import java.util.Locale;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code baton.tracing.export.*}: the trace settings a gateway starts with, and returns to when one is cleared
 * ({@link TraceSettings}). They matter only where traces are exported ({@code management.otlp.tracing.endpoint}).
 *
 * @param level {@code TIMESTAMPS} (default) or {@code OFF}
 * @param rate  one request in {@code rate} is traced (default 1000, Triton's: exporting every request's spans costs
 *              the suite a third or more of its throughput on a small machine, one in a thousand nothing measurable)
 * @param count how many requests are traced before it stops; -1 (default): no limit
 */
@ConfigurationProperties(prefix = "baton.tracing.export")
public record TraceExportProperties(@DefaultValue("TIMESTAMPS") String level, @DefaultValue("1000") int rate,
                                    @DefaultValue("-1") long count) {

    public TraceExportProperties {
        level = level == null ? TraceSettings.TIMESTAMPS : level.strip().toUpperCase(Locale.ROOT);
        if (!level.equals(TraceSettings.TIMESTAMPS) && !level.equals(TraceSettings.OFF)) {
            throw new IllegalArgumentException("baton.tracing.export.level: TIMESTAMPS or OFF, got " + level);
        }
        if (rate < 1) {
            throw new IllegalArgumentException("baton.tracing.export.rate: 1 or more, got " + rate);
        }
        if (count < -1) {
            throw new IllegalArgumentException("baton.tracing.export.count: -1 (no limit) or more, got " + count);
        }
    }

    /** Whether requests are traced at all. */
    public boolean on() {
        return level.equals(TraceSettings.TIMESTAMPS);
    }
}
