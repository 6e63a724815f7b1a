package io.baton.scheduler.catalog;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import io.baton.scheduler.web.ApiException;
import org.springframework.http.HttpStatus;

/**
 * The applications dispatch serves, read from the registry and kept for {@code ttl}: the hot path reads the
 * registry at most once per application per ttl, and a change there (a new profile, another policy) takes effect
 * within it.
 */
public class ApplicationCatalog {

    private record Entry(CatalogApplication app, long readAtNanos) {
    }

    private final RegistryClient registry;
    private final long ttlNanos;
    private final ConcurrentHashMap<String, Entry> cache = new ConcurrentHashMap<>();

    public ApplicationCatalog(RegistryClient registry, Duration ttl) {
        this.registry = registry;
        this.ttlNanos = ttl.toNanos();
    }

    /** The application, or a 404 naming it. */
    public CatalogApplication get(String name) {
        Entry e = cache.get(name);
        long now = System.nanoTime();
        if (e != null && now - e.readAtNanos() < ttlNanos) {
            return e.app();
        }
        Optional<CatalogApplication> read = registry.application(name);
        if (read.isEmpty()) {
            cache.remove(name);
            throw new ApiException(HttpStatus.NOT_FOUND, "not-found", "unknown application '" + name + "'")
                    .withField("application");
        }
        cache.put(name, new Entry(read.get(), now));
        return read.get();
    }
}
