package io.baton.scheduler.catalog;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

import io.baton.scheduler.web.ApiException;
import org.springframework.http.HttpStatus;

/**
 * The applications dispatch serves, read from the registry and kept for {@code ttl}: the hot path reads the
 * registry at most once per application per ttl, and a change there (a new profile, another policy) takes effect
 * within it. When an entry expires, one request reads it again while the others keep using the old one (at a
 * thousand requests a second, letting each of them read would send the registry dozens of identical reads).
 */
public class ApplicationCatalog {

    private record Entry(CatalogApplication app, long readAtNanos, AtomicBoolean refreshing) {
    }

    private final RegistryClient registry;
    private final long ttlNanos;
    private final ConcurrentHashMap<String, Entry> cache = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, ProfileEntry> ensembleProfiles = new ConcurrentHashMap<>();

    private record ProfileEntry(Optional<CatalogEnsembleProfile> profile, long readAtNanos) {
    }

    public ApplicationCatalog(RegistryClient registry, Duration ttl) {
        this.registry = registry;
        this.ttlNanos = ttl.toNanos();
    }

    /** The application, or a 404 naming it. */
    public CatalogApplication get(String name) {
        Entry e = cache.get(name);
        long now = System.nanoTime();
        if (e != null && (now - e.readAtNanos() < ttlNanos || !e.refreshing().compareAndSet(false, true))) {
            return e.app(); // fresh, or another request is reading it again right now
        }
        Optional<CatalogApplication> read;
        try {
            read = registry.application(name);
        } catch (RuntimeException unreachable) {
            if (e != null) e.refreshing().set(false);
            throw unreachable;
        }
        if (read.isEmpty()) {
            cache.remove(name);
            throw new ApiException(HttpStatus.NOT_FOUND, "not-found", "unknown application '" + name + "'")
                    .withField("application");
        }
        cache.put(name, new Entry(read.get(), now, new AtomicBoolean()));
        return read.get();
    }

    /**
     * An ensemble application's stored ensemble profile (Schemble's bins and (bin, subset) table), read at most once
     * per ttl; empty when the profiler has not stored one.
     */
    public Optional<CatalogEnsembleProfile> ensembleProfile(String name) {
        ProfileEntry e = ensembleProfiles.get(name);
        long now = System.nanoTime();
        if (e != null && now - e.readAtNanos() < ttlNanos) {
            return e.profile();
        }
        Optional<CatalogEnsembleProfile> read = registry.ensembleProfile(name);
        ensembleProfiles.put(name, new ProfileEntry(read, now));
        return read;
    }
}
