package io.baton.gateway.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

/** Expiry on a hand-moved clock, the size bound (least recently used first), and a TTL of zero. */
class ExpiringCacheTest {

    final AtomicLong now = new AtomicLong(1_000);

    @Test
    void anEntryLivesForItsTtlOnly() {
        ExpiringCache<String> cache = new ExpiringCache<>(Duration.ofNanos(100), 10, now::get);
        cache.put("a", "A");
        now.addAndGet(99);
        assertThat(cache.get("a")).isEqualTo("A");
        now.addAndGet(1);
        assertThat(cache.get("a")).isNull();
        assertThat(cache.size()).isZero(); // an expired entry is dropped when met
        assertThat(cache.get("never")).isNull();
    }

    @Test
    void pastTheBoundTheLeastRecentlyUsedGoes() {
        ExpiringCache<Integer> cache = new ExpiringCache<>(Duration.ofHours(1), 2, now::get);
        cache.put("a", 1);
        cache.put("b", 2);
        cache.get("a"); // b is now the least recently used
        cache.put("c", 3);
        assertThat(cache.size()).isEqualTo(2);
        assertThat(cache.get("b")).isNull();
        assertThat(cache.get("a")).isEqualTo(1);
        assertThat(cache.get("c")).isEqualTo(3);
        cache.clear();
        assertThat(cache.size()).isZero();
    }

    @Test
    void aTtlOfZeroKeepsNothing() {
        ExpiringCache<String> cache = new ExpiringCache<>(Duration.ZERO, 10, now::get);
        cache.put("a", "A");
        assertThat(cache.get("a")).isNull();
    }
}
