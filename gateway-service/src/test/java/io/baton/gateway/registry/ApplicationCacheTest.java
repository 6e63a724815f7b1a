package io.baton.gateway.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import io.baton.gateway.GatewayException;
import io.baton.gateway.UpstreamProperties;
import io.baton.gateway.support.Settings;

class ApplicationCacheTest {

    /** A registry that counts its reads and can be switched off. */
    static final class FakeRegistry extends RegistryClient {
        final AtomicInteger reads = new AtomicInteger();
        volatile boolean down;

        FakeRegistry() {
            super(null, null, Settings.bind("baton.gateway", UpstreamProperties.class, Map.of()));
        }

        @Override
        public Optional<ApplicationDefinition> application(String name) {
            reads.incrementAndGet();
            if (down) {
                throw GatewayException.unavailable("registry-unavailable", "registry unreachable", null);
            }
            return name.equals("known") ? Optional.of(new ApplicationDefinition("known", "single", "symphony", null,
                    100, List.of(), List.of(), List.of())) : Optional.empty();
        }
    }

    final FakeRegistry registry = new FakeRegistry();
    final AtomicLong now = new AtomicLong();
    final ApplicationCache cache = new ApplicationCache(registry, Duration.ofSeconds(2), now::get);

    @Test
    void aDefinitionIsReusedForTheTtlThenReadAgain() {
        assertThat(cache.get("known")).isPresent();
        now.addAndGet(Duration.ofMillis(1999).toNanos());
        assertThat(cache.get("known")).isPresent();
        assertThat(registry.reads).hasValue(1);
        now.addAndGet(Duration.ofMillis(1).toNanos());
        assertThat(cache.get("known")).isPresent();
        assertThat(registry.reads).hasValue(2);
    }

    @Test
    void freshAnswersWithoutAskingTheRegistryOnlyWithinTheTtl() {
        assertThat(cache.fresh("known")).as("never read").isEmpty();
        assertThat(registry.reads).hasValue(0);
        cache.get("known");
        assertThat(cache.fresh("known")).isPresent();
        now.addAndGet(Duration.ofSeconds(2).toNanos());
        assertThat(cache.fresh("known")).as("expired: a read is due, which fresh never makes").isEmpty();
        cache.get("nope");
        assertThat(cache.fresh("nope")).as("known to be unknown").isEmpty();
        assertThat(cache.fresh(null)).isEmpty();
        assertThat(registry.reads).hasValue(2);
    }

    @Test
    void unknownNamesAreRememberedToo() {
        assertThat(cache.get("nope")).isEmpty();
        assertThat(cache.get("nope")).isEmpty();
        assertThat(registry.reads).hasValue(1);
        assertThatThrownBy(() -> cache.require("nope")).isInstanceOfSatisfying(GatewayException.class,
                e -> assertThat(e.status()).isEqualTo(404)).hasMessage("unknown model 'nope'");
    }

    @Test
    void anExpiredDefinitionIsServedAtOnceWhileOneReadOfItRunsInTheBackground() {
        java.util.ArrayDeque<Runnable> background = new java.util.ArrayDeque<>();
        ApplicationCache later = new ApplicationCache(registry, Duration.ofSeconds(2), now::get, background::add);
        assertThat(later.get("known")).isPresent();
        assertThat(registry.reads).as("the first read is the request's own").hasValue(1);
        now.addAndGet(Duration.ofSeconds(3).toNanos());
        for (int i = 0; i < 5; i++) {
            assertThat(later.get("known")).as("served without waiting for the registry").isPresent();
        }
        assertThat(registry.reads).as("nothing read on the requests").hasValue(1);
        assertThat(background).as("one read again, not one per request").hasSize(1);
        background.poll().run();
        assertThat(registry.reads).hasValue(2);
        assertThat(later.fresh("known")).as("read again: fresh for another TTL").isPresent();

        registry.down = true;
        now.addAndGet(Duration.ofSeconds(3).toNanos());
        assertThat(later.get("known")).isPresent();
        background.poll().run(); // fails: the old definition stays, and the next request asks again
        assertThat(later.get("known")).isPresent();
        assertThat(background).hasSize(1);
        registry.down = false;
        background.poll().run();
        assertThat(later.fresh("known")).isPresent();
    }

    @Test
    void aNameKnownToBeUnknownIsReadAgainOnTheRequestOnceExpired() {
        java.util.ArrayDeque<Runnable> background = new java.util.ArrayDeque<>();
        ApplicationCache later = new ApplicationCache(registry, Duration.ofSeconds(2), now::get, background::add);
        assertThat(later.get("nope")).isEmpty();
        now.addAndGet(Duration.ofSeconds(3).toNanos());
        assertThat(later.get("nope")).isEmpty();
        assertThat(registry.reads).hasValue(2);
        assertThat(background).isEmpty();
    }

    @Test
    void aStaleDefinitionIsServedWhileTheRegistryIsDown() {
        cache.get("known");
        registry.down = true;
        now.addAndGet(Duration.ofSeconds(10).toNanos());
        assertThat(cache.get("known")).isPresent();
        assertThatThrownBy(() -> cache.get("other")).isInstanceOfSatisfying(GatewayException.class,
                e -> assertThat(e.status()).isEqualTo(503));
    }
}
