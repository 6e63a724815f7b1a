package io.baton.gateway.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.gateway.UpstreamProperties;
import io.baton.gateway.support.Settings;
import io.baton.gateway.support.StubRegistry;

/**
 * Bootstrap keys, registry keys and their cache, over real HTTP against the registry's stand-in, on a hand-moved
 * clock: a verdict is reused for the TTL and asked again after it, so a revocation shows within the TTL.
 */
class ApiKeyVerifierTest {

    static final Duration TTL = Duration.ofSeconds(10);
    static final Duration GRACE = Duration.ofHours(1);

    final StubRegistry registry = new StubRegistry();
    final AtomicLong now = new AtomicLong();

    @AfterEach
    void stop() {
        registry.close();
    }

    ApiKeyVerifier verifier(List<String> bootstrap, int cacheSize, String registryUrl) {
        ApiKeyProperties keys = new ApiKeyProperties(bootstrap, ApiKeyProperties.InferenceAuth.OPTIONAL, TTL, cacheSize,
                GRACE);
        UpstreamProperties upstreams = Settings.bind("baton.gateway", UpstreamProperties.class,
                Map.of("registry-url", registryUrl));
        return new ApiKeyVerifier(keys, new RegistryKeyClient(HttpClient.newHttpClient(), new ObjectMapper(),
                upstreams), now::get);
    }

    ApiKeyVerifier verifier(List<String> bootstrap) {
        return verifier(bootstrap, 100, registry.url());
    }

    @Test
    void aBootstrapKeyHasEveryScopeWithoutAskingTheRegistry() throws Exception {
        ApiKeyVerifier v = verifier(List.of("first-bootstrap", "second-bootstrap"));
        assertThat(v.check("second-bootstrap")).hasValueSatisfying(c -> {
            assertThat(c.name()).isEqualTo("bootstrap");
            assertThat(c.scopes()).containsExactlyInAnyOrder(Scope.ADMIN, Scope.INFER);
        });
        assertThat(v.check("second-bootstrap ")).isEmpty();
        assertThat(v.check("not-a-key")).isEmpty(); // not of the registry's form: not even asked
        assertThat(v.keysInForce()).isTrue();
        assertThat(registry.keyChecks.get()).isZero();
    }

    @Test
    void aKeyIsCheckedAtOnceWhenItIsABootstrapKeyOfNoRegistryFormOrItsVerdictIsCached() throws Exception {
        ApiKeyVerifier v = verifier(List.of("first-bootstrap"));
        String key = registry.issueKey("ci", "infer");
        assertThat(v.checksAtOnce("first-bootstrap")).isTrue();
        assertThat(v.checksAtOnce("not-a-key")).isTrue();
        assertThat(v.checksAtOnce(key)).as("never asked: the registry must be").isFalse();
        v.check(key);
        assertThat(v.checksAtOnce(key)).isTrue();
        now.addAndGet(TTL.toNanos());
        assertThat(v.checksAtOnce(key)).as("past the TTL").isFalse();
        assertThat(registry.keyChecks.get()).as("checksAtOnce never asks").isEqualTo(1);
    }

    @Test
    void aRegistryVerdictIsReusedForTheTtlSoARevocationShowsWithinIt() throws Exception {
        ApiKeyVerifier v = verifier(List.of());
        String key = registry.issueKey("ci", "infer");
        assertThat(v.check(key)).hasValueSatisfying(c -> {
            assertThat(c.scopes()).isEqualTo(Set.of(Scope.INFER));
            assertThat(c.name()).isEqualTo("ci (" + key.substring(0, 11) + ")");
        });
        assertThat(registry.keyChecks.get()).isEqualTo(1);

        registry.revokeAll();
        now.addAndGet(TTL.toNanos() - 1);
        assertThat(v.check(key)).isPresent(); // still within the TTL: the cached verdict
        assertThat(registry.keyChecks.get()).isEqualTo(1);
        now.addAndGet(1);
        assertThat(v.check(key)).isEmpty(); // past it: asked again, and refused
        assertThat(registry.keyChecks.get()).isEqualTo(2);
        assertThat(v.check(key)).isEmpty(); // refusals are cached as well
        assertThat(registry.keyChecks.get()).isEqualTo(2);
    }

    @Test
    void theCacheIsBoundedAndForgetsEverythingWhenKeysChange() throws Exception {
        ApiKeyVerifier v = verifier(List.of(), 2, registry.url());
        String a = registry.issueKey("a", "admin");
        String b = registry.issueKey("b", "admin");
        String c = registry.issueKey("c", "admin");
        v.check(a);
        v.check(b);
        v.check(c); // a goes
        assertThat(registry.keyChecks.get()).isEqualTo(3);
        v.check(c);
        assertThat(registry.keyChecks.get()).isEqualTo(3);
        v.check(a);
        assertThat(registry.keyChecks.get()).isEqualTo(4);

        v.keysChanged();
        v.check(a);
        assertThat(registry.keyChecks.get()).isEqualTo(5);
    }

    @Test
    void keysAreInForceOnceOneIsActiveInTheRegistry() throws Exception {
        ApiKeyVerifier v = verifier(List.of());
        assertThat(v.keysInForce()).isFalse();
        registry.issueKey("first", "admin");
        assertThat(v.keysInForce()).isFalse(); // the count is cached for the TTL ...
        v.keysChanged();                       // ... unless this gateway issued or revoked a key
        assertThat(v.keysInForce()).isTrue();
        registry.revokeAll();
        now.addAndGet(TTL.toNanos());
        assertThat(v.keysInForce()).isFalse();
    }

    @Test
    void aRegistryThatCannotAnswerIsUnavailableNotARefusal() throws Exception {
        String key = registry.issueKey("ci", "admin");
        registry.keyStoreFailing = true;
        ApiKeyVerifier failing = verifier(List.of());
        assertThatThrownBy(() -> failing.check(key)).isInstanceOf(KeyStoreUnavailable.class)
                .hasMessageContaining("answered 500").hasMessageNotContaining(key);
        assertThatThrownBy(failing::keysInForce).isInstanceOf(KeyStoreUnavailable.class);
        registry.keyStoreFailing = false;
        assertThat(failing.check(key)).isPresent(); // an unavailable answer is not cached

        StubRegistry gone = new StubRegistry();
        String goneUrl = gone.url();
        gone.close();
        ApiKeyVerifier unreachable = verifier(List.of(), 10, goneUrl);
        assertThatThrownBy(() -> unreachable.check(key)).isInstanceOf(KeyStoreUnavailable.class)
                .hasMessageContaining("registry unreachable at " + goneUrl).hasMessageNotContaining(key);
    }

    @Test
    void whileTheRegistryIsDownTheLastVerdictsServeWithinTheGraceAndAnUnknownKeyIsUnavailable() throws Exception {
        ApiKeyVerifier v = verifier(List.of());
        String known = registry.issueKey("ops", "admin");
        String refused = "bk_" + "B".repeat(43);
        assertThat(v.check(known)).isPresent();
        assertThat(v.check(refused)).isEmpty();
        assertThat(v.keysInForce()).isTrue();
        String unknown = registry.issueKey("late", "infer"); // issued, but never checked here

        registry.close(); // the registry is gone
        now.addAndGet(TTL.toNanos()); // and every cached verdict has expired
        assertThat(v.check(known)).hasValueSatisfying(c -> assertThat(c.scopes()).containsExactly(Scope.ADMIN));
        assertThat(v.check(refused)).isEmpty(); // still the registry's last word: refused
        assertThat(v.keysInForce()).isTrue();
        assertThatThrownBy(() -> v.check(unknown)).isInstanceOf(KeyStoreUnavailable.class)
                .hasMessageContaining("registry unreachable").hasMessageNotContaining(unknown);

        now.addAndGet(GRACE.toNanos()); // an outage longer than the grace: nothing is vouched for any more
        assertThatThrownBy(() -> v.check(known)).isInstanceOf(KeyStoreUnavailable.class);
        assertThatThrownBy(v::keysInForce).isInstanceOf(KeyStoreUnavailable.class);
    }

    @Test
    void aKeyChangeThroughThisGatewayForgetsTheLastVerdictsToo() throws Exception {
        ApiKeyVerifier v = verifier(List.of());
        String key = registry.issueKey("ops", "admin");
        assertThat(v.check(key)).isPresent();
        v.keysChanged(); // e.g. revoked through this gateway just before the registry went away
        registry.close();
        assertThatThrownBy(() -> v.check(key)).isInstanceOf(KeyStoreUnavailable.class);
    }
}
