package io.baton.scheduler.catalog;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

import io.baton.scheduler.web.ApiException;
import org.springframework.http.HttpStatus;

/**
 * The applications dispatch serves, read from the registry and kept for {@code ttl}: the hot path reads the
 * registry at most once per application per ttl, and a change there (a new profile, another policy) takes effect
 * within it. When an entry expires, it is read again in the background, one read at a time, while every request goes
 * on with the one held (at a thousand requests a second, letting each of them read would send the registry dozens of
 * identical reads; letting one of them read made that one wait for the registry, out to its client's timeout when a
 * restarting registry accepted connections without answering yet).
 *
 * <p>When the registry cannot be read (down, or its database down), an entry read before is served past its TTL,
 * for as long as the outage lasts: what the registry said last is still the best knowledge of the application, and
 * serving must not stop because the system of record is away ({@link RegistryOutage} logs it once per outage and
 * counts it). Only an application never read fails, with the registry's failure (502 naming the registry). An
 * application the registry answered 404 for is forgotten at once, as before.
 */
public class ApplicationCatalog {

    private record Entry(CatalogApplication app, long readAtNanos, AtomicBoolean refreshing) {
    }

    private record ProfileEntry(Optional<CatalogEnsembleProfile> profile, long readAtNanos, AtomicBoolean refreshing) {
    }

    private final RegistryClient registry;
    private final long ttlNanos;
    private final RegistryOutage outage;
    private final ConcurrentHashMap<String, Entry> cache = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, ProfileEntry> ensembleProfiles = new ConcurrentHashMap<>();
    private final Executor refresher;

    public ApplicationCatalog(RegistryClient registry, Duration ttl) {
        this(registry, ttl, RegistryOutage.unobserved());
    }

    /** Reads an expired application again on the calling thread: that request gets what the registry says now. */
    public ApplicationCatalog(RegistryClient registry, Duration ttl, RegistryOutage outage) {
        this(registry, ttl, outage, Runnable::run);
    }

    /** @param refresher where an expired application is read again (one read at a time per application) */
    public ApplicationCatalog(RegistryClient registry, Duration ttl, RegistryOutage outage, Executor refresher) {
        this.registry = registry;
        this.ttlNanos = ttl.toNanos();
        this.outage = outage;
        this.refresher = refresher;
    }

    /** Every application's name, read from the registry now (not cached: the warm-up lists them once). */
    public java.util.List<String> names() {
        return registry.applicationNames();
    }

    /**
     * Whether {@link #get} would answer for {@code name} now without asking the registry: it was read within the TTL.
     * A caller on a thread that must not block (a connection's event loop) asks this first.
     */
    public boolean isFresh(String name) {
        Entry e = cache.get(name);
        return e != null && System.nanoTime() - e.readAtNanos() < ttlNanos;
    }

    /** The application, or a 404 naming it. */
    public CatalogApplication get(String name) {
        Entry e = cache.get(name);
        long now = System.nanoTime();
        if (e == null) {
            Optional<CatalogApplication> read;
            try {
                read = registry.application(name);
            } catch (RuntimeException unreachable) {
                outage.failed(unreachable);
                throw unreachable;
            }
            outage.answered();
            return keep(name, read, now).orElseThrow(() -> unknown(name));
        }
        if (now - e.readAtNanos() < ttlNanos || !e.refreshing().compareAndSet(false, true)) {
            return e.app(); // fresh, or it is being read again right now
        }
        if (ttlNanos == 0) {
            readAgain(name, e); // a TTL of zero asks for the registry's word on every request: it is read here
        } else {
            refresher.execute(() -> readAgain(name, e));
        }
        Entry current = cache.get(name); // what a read on this thread found, else still the old entry
        if (current == null) throw unknown(name);
        return current.app();
    }

    private void readAgain(String name, Entry old) {
        long now = System.nanoTime();
        Optional<CatalogApplication> read;
        try {
            read = registry.application(name);
        } catch (RuntimeException unreachable) {
            old.refreshing().set(false);
            outage.servedStale("application '" + name + "'", (now - old.readAtNanos()) / 1_000_000, unreachable);
            return;
        }
        outage.answered();
        keep(name, read, now);
    }

    /** Holds what the registry answered; an application it no longer knows is forgotten. */
    private Optional<CatalogApplication> keep(String name, Optional<CatalogApplication> read, long readAtNanos) {
        if (read.isEmpty()) {
            cache.remove(name);
        } else {
            cache.put(name, new Entry(read.get(), readAtNanos, new AtomicBoolean()));
        }
        return read;
    }

    private static ApiException unknown(String name) {
        return new ApiException(HttpStatus.NOT_FOUND, "not-found", "unknown application '" + name + "'")
                .withField("application");
    }

    /**
     * An ensemble application's stored ensemble profile (Schemble's bins and (bin, subset) table), read at most once
     * per ttl (one reader at a time once it expires, like {@link #get}); empty when the profiler has not stored one.
     * While the registry cannot be read, the profile read before (or its absence) is served.
     */
    public Optional<CatalogEnsembleProfile> ensembleProfile(String name) {
        ProfileEntry e = ensembleProfiles.get(name);
        long now = System.nanoTime();
        if (e != null && (now - e.readAtNanos() < ttlNanos || !e.refreshing().compareAndSet(false, true))) {
            return e.profile();
        }
        Optional<CatalogEnsembleProfile> read;
        try {
            read = registry.ensembleProfile(name);
        } catch (RuntimeException unreachable) {
            if (e == null) {
                outage.failed(unreachable);
                throw unreachable;
            }
            e.refreshing().set(false);
            outage.servedStale("the ensemble profile of '" + name + "'", (now - e.readAtNanos()) / 1_000_000,
                    unreachable);
            return e.profile();
        }
        outage.answered();
        ensembleProfiles.put(name, new ProfileEntry(read, now, new AtomicBoolean()));
        return read;
    }
}
