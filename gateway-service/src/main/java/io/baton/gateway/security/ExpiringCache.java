package io.baton.gateway.security;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * A small map whose entries expire {@code ttl} after they were put and whose size is bounded: past {@code maxSize}
 * the least recently used entry goes, so a flood of made-up keys can cost memory only up to the bound. A TTL of
 * zero keeps nothing. One lock: each operation is a map lookup, far cheaper than the registry call it saves.
 */
final class ExpiringCache<V> {

    private record Entry<V>(V value, long expiresAtNanos) {
    }

    private final long ttlNanos;
    private final LongSupplier nanoClock;
    private final LinkedHashMap<String, Entry<V>> entries;

    ExpiringCache(Duration ttl, int maxSize, LongSupplier nanoClock) {
        this.ttlNanos = ttl.toNanos();
        this.nanoClock = nanoClock;
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Entry<V>> eldest) {
                return size() > maxSize;
            }
        };
    }

    /** The live value under {@code key}, or null when there is none or it has expired. */
    synchronized V get(String key) {
        Entry<V> e = entries.get(key);
        if (e == null) {
            return null;
        }
        if (nanoClock.getAsLong() - e.expiresAtNanos() >= 0) {
            entries.remove(key);
            return null;
        }
        return e.value();
    }

    synchronized void put(String key, V value) {
        if (ttlNanos > 0) {
            entries.put(key, new Entry<>(value, nanoClock.getAsLong() + ttlNanos));
        }
    }

    synchronized void clear() {
        entries.clear();
    }

    synchronized int size() {
        return entries.size();
    }
}
