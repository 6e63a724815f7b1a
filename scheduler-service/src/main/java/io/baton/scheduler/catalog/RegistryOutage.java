package io.baton.scheduler.catalog;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

/**
 * Whether the registry answered the catalog's last read, and what was served from memory while it did not: one
 * warning when an outage begins and one line when it ends (not one per request), the gauge
 * {@code baton.registry.reachable} (1 or 0) and the counter {@code baton.registry.stale_reads} (entries served past
 * their TTL because the registry could not be read).
 */
public final class RegistryOutage {

    private static final Logger log = LoggerFactory.getLogger(RegistryOutage.class);

    private final AtomicBoolean down = new AtomicBoolean();
    private final AtomicLong staleDuringOutage = new AtomicLong();
    private final Counter staleReads;

    public RegistryOutage(MeterRegistry meters) {
        this.staleReads = Counter.builder("baton.registry.stale_reads")
                .description("catalog entries served past their TTL because the registry could not be read")
                .register(meters);
        Gauge.builder("baton.registry.reachable", down, d -> d.get() ? 0 : 1)
                .description("1 while the registry answers the catalog's reads, 0 during an outage")
                .register(meters);
    }

    /** Not counted anywhere but here: for tests and for a catalog built without Spring. */
    public static RegistryOutage unobserved() {
        return new RegistryOutage(new SimpleMeterRegistry());
    }

    /** The registry answered a read (found or not): an outage, if there was one, is over. */
    void answered() {
        if (down.compareAndSet(true, false)) {
            log.info("registry reachable again; {} catalog reads were served from memory meanwhile",
                    staleDuringOutage.getAndSet(0));
        }
    }

    /** {@code what} was served as read before, since the registry failed with {@code cause}. */
    void servedStale(String what, long ageMillis, RuntimeException cause) {
        staleReads.increment();
        staleDuringOutage.incrementAndGet();
        if (down.compareAndSet(false, true)) {
            log.warn("registry unreachable ({}); serving {} and every other application as last read ({} ms ago "
                    + "for this one) until it answers again", cause.getMessage(), what, ageMillis);
        }
    }

    /** The registry failed and nothing was held to serve instead: it is down, the caller gets the failure. */
    void failed(RuntimeException cause) {
        if (down.compareAndSet(false, true)) {
            log.warn("registry unreachable ({}); applications not read before cannot be served until it answers",
                    cause.getMessage());
        }
    }

    /** Whether the last read failed. */
    public boolean down() {
        return down.get();
    }

    /** How many entries were served past their TTL since start. */
    public long staleReads() {
        return (long) staleReads.count();
    }
}
