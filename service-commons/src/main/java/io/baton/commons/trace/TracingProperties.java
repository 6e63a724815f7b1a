package io.baton.commons.trace;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code baton.tracing.*}, read by the gateway and the scheduler: whether each keeps the timelines of its last
 * requests in memory, and how many. Off, no timeline is stamped or held (the trace context is still carried, and
 * the trace id still answered): the switch that measures what recording costs.
 */
@ConfigurationProperties(prefix = "baton.tracing")
public record TracingProperties(@DefaultValue Timelines timelines) {

    /** The longest ring configurable: a timeline holds a few hundred bytes, so this bounds memory to a few MB. */
    public static final int MAX_CAPACITY = 100_000;

    public TracingProperties {
        timelines = timelines == null ? new Timelines(true, 4096) : timelines;
    }

    /**
     * @param enabled  keep timelines (default true)
     * @param capacity how many of the last requests' timelines are kept (default 4096, 1 to {@value #MAX_CAPACITY})
     */
    public record Timelines(@DefaultValue("true") boolean enabled, @DefaultValue("4096") int capacity) {
        public Timelines {
            if (capacity < 1 || capacity > MAX_CAPACITY) {
                throw new IllegalArgumentException("baton.tracing.timelines.capacity: 1 to " + MAX_CAPACITY
                        + ", got " + capacity);
            }
        }
    }
}
