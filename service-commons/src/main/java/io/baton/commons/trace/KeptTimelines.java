package io.baton.commons.trace;

import java.util.List;
import java.util.function.Function;

/**
 * The request timelines a service keeps, whatever they hold: on or off ({@code baton.tracing.timelines.enabled}), the
 * bounded ring of the last {@code baton.tracing.timelines.capacity} by their ids, and the OTLP export of each one kept
 * (when an exporter is configured). The gateway and the scheduler each keep their own part of a request this way.
 *
 * @param <T> one request's timeline
 */
public final class KeptTimelines<T> implements AutoCloseable {

    private final boolean enabled;
    private final TimelineRing<T> ring;
    private final SpanExport export;

    /** {@code export}: where each kept timeline is also exported over OTLP; null: nowhere. */
    public KeptTimelines(TracingProperties properties, SpanExport export) {
        this.enabled = properties.timelines().enabled();
        this.ring = enabled ? new TimelineRing<>(properties.timelines().capacity()) : null;
        this.export = enabled ? export : null;
    }

    /** Settings under which nothing is kept. */
    public static TracingProperties off() {
        return new TracingProperties(new TracingProperties.Timelines(false, 1));
    }

    public boolean enabled() {
        return enabled;
    }

    /**
     * Keeps {@code timeline} under {@code keys}, and exports it as {@code spans} make it, in trace {@code traceId};
     * nothing when timelines are off.
     */
    public void keep(T timeline, String traceId, boolean sampled, Function<T, List<SpanExport.Item>> spans,
                     String... keys) {
        if (!enabled) return;
        ring.add(timeline, keys);
        // the spans are made only for a request that leaves: most do not (one in baton.tracing.export.rate)
        if (export != null && sampled) export.export(traceId, true, spans.apply(timeline));
    }

    /** The timelines held under {@code key}, oldest first; none when timelines are off. */
    public List<T> find(String key) {
        return enabled ? ring.find(key) : List.of();
    }

    @Override
    public void close() {
        if (export != null) export.close();
    }
}
