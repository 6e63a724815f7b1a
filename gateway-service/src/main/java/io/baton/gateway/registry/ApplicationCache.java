package io.baton.gateway.registry;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;
import java.util.function.LongSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

import io.baton.gateway.GatewayException;
import io.baton.gateway.UpstreamProperties;

/**
 * Application definitions, each reused for {@code baton.gateway.app-cache-ttl} after it was read so that serving a
 * request costs no registry round trip. An unknown name is remembered as unknown for the same time. When the
 * registry cannot be reached, a definition read before is served past its time (logged), rather than failing
 * requests the registry was never needed for.
 *
 * <p>A definition that has expired is read again in the background, one read at a time, while every request goes on
 * with the one held: no request waits for the registry once its application has been read. A request used to make that
 * read itself; while a restarting registry accepted connections without answering yet, that request waited out the
 * registry client's timeout and missed its deadline. A name known to be unknown is still read again on the request
 * (an application just registered is served by the first request after the TTL).
 */
@Component
public class ApplicationCache {

    private static final Logger log = LoggerFactory.getLogger(ApplicationCache.class);

    /**
     * The names the registry gives applications (registry-service's {@code ApplicationRequest.NAME}). A name of any
     * other form is no application's, and the registry is not asked: a path segment of thousands of characters or
     * with bytes the registry's Tomcat refuses would come back as its 400, a failure of the registry's, not the 404
     * it is; and each unknown name asked for is remembered, so its length would be held too.
     */
    static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");

    /**
     * @param refreshing whether a read of it again is under way
     * @param failing    whether the last read again failed (logged once until one succeeds)
     */
    private record Entry(Optional<ApplicationDefinition> definition, long readAtNanos, AtomicBoolean refreshing,
                         AtomicBoolean failing) {
        Entry(Optional<ApplicationDefinition> definition, long readAtNanos) {
            this(definition, readAtNanos, new AtomicBoolean(), new AtomicBoolean());
        }
    }

    private final RegistryClient registry;
    private final long ttlNanos;
    private final LongSupplier nanoTime;
    private final Executor refresher;
    private final ConcurrentHashMap<String, Entry> entries = new ConcurrentHashMap<>();

    @Autowired
    public ApplicationCache(RegistryClient registry, UpstreamProperties properties) {
        this(registry, properties.appCacheTtl(), System::nanoTime, Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "app-cache-refresh");
            t.setDaemon(true);
            return t;
        }));
    }

    /** Reads again on the calling thread: the request that finds an entry expired gets what the registry says now. */
    ApplicationCache(RegistryClient registry, Duration ttl, LongSupplier nanoTime) {
        this(registry, ttl, nanoTime, Runnable::run);
    }

    ApplicationCache(RegistryClient registry, Duration ttl, LongSupplier nanoTime, Executor refresher) {
        this.registry = registry;
        this.ttlNanos = ttl.toNanos();
        this.nanoTime = nanoTime;
        this.refresher = refresher;
    }

    /**
     * The application named {@code name} as read within the TTL, without asking the registry; empty when it was not
     * (never read, expired, or unknown to the registry).
     */
    public Optional<ApplicationDefinition> fresh(String name) {
        Entry entry = name == null ? null : entries.get(name);
        return entry != null && nanoTime.getAsLong() - entry.readAtNanos() < ttlNanos ? entry.definition()
                : Optional.empty();
    }

    /** The application named {@code name}, or empty when the registry does not know it. */
    public Optional<ApplicationDefinition> get(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            return Optional.empty();
        }
        long now = nanoTime.getAsLong();
        Entry entry = entries.get(name);
        if (entry == null || now - entry.readAtNanos() < ttlNanos) {
            return entry != null ? entry.definition() : read(name, now);
        }
        if (!entry.refreshing().compareAndSet(false, true)) {
            return entry.definition(); // another request is reading it again right now
        }
        if (entry.definition().isEmpty()) {
            try {
                return read(name, now);
            } finally {
                entry.refreshing().set(false);
            }
        }
        if (ttlNanos == 0) {
            readAgain(name, entry); // a TTL of zero asks for the registry's word on every request: it is read here
        } else {
            refresher.execute(() -> readAgain(name, entry));
        }
        return entries.getOrDefault(name, entry).definition(); // what a read on this thread found, else the old one
    }

    private Optional<ApplicationDefinition> read(String name, long now) {
        Optional<ApplicationDefinition> read = registry.application(name);
        if (entries.size() > 10_000) {
            entries.clear(); // unknown names must not grow the map without bound
        }
        entries.put(name, new Entry(read, now));
        return read;
    }

    private void readAgain(String name, Entry entry) {
        long now = nanoTime.getAsLong();
        try {
            read(name, now);
        } catch (RuntimeException e) { // the registry unreachable or refusing, or its answer unreadable
            if (entry.failing().compareAndSet(false, true)) {
                log.warn("serving application {} as read {} ms ago until the registry answers: {}", name,
                        (now - entry.readAtNanos()) / 1_000_000, e.getMessage());
            }
        } finally {
            entry.refreshing().set(false);
        }
    }

    /** The application, or a 404 naming it. */
    public ApplicationDefinition require(String name) {
        return get(name).orElseThrow(() -> GatewayException.notFound("unknown model '" + shown(name) + "'"));
    }

    /** A name as a message quotes it: at most the longest an application's name can be, then an ellipsis. */
    static String shown(String name) {
        return name.length() <= 128 ? name : name.substring(0, 128) + "… (" + name.length() + " characters)";
    }
}
