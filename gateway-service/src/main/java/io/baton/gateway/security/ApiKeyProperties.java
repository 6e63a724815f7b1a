package io.baton.gateway.security;

import java.time.Duration;
import java.util.List;

import jakarta.validation.constraints.Min;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Who may call the gateway, bound from {@code baton.gateway.*}: the bootstrap keys, whether inference needs a key, and
 * how long the registry's verdicts on keys are reused.
 *
 * @param apiKeys         bootstrap keys, accepted with every scope in {@code X-API-Key} or
 *                        {@code Authorization: Bearer} besides the keys stored in the registry; with none here and
 *                        none active there the admin routes are open (a warning is logged at start)
 * @param inferenceAuth   whether the inference routes ({@code /v2/**} but its health probes) need a key with the
 *                        {@code infer} or {@code admin} scope: {@code optional} (no key needed, but a key sent must be
 *                        valid) or {@code required}
 * @param apiKeyCacheTtl  how long the registry's verdict on a key (accepted with its scopes, or refused) and its count
 *                        of active keys are reused: a revoked key stops working within this time; 0 asks the registry
 *                        every time
 * @param apiKeyCacheSize most keys whose verdicts are kept at once (least recently used go first)
 * @param apiKeyOutageGrace how long after the registry last gave a verdict on a key (or its count of active keys)
 *                        that verdict is still used while the registry cannot be asked: callers verified before an
 *                        outage keep working through it, and a key revoked in the registry just before it stays usable
 *                        here at most this long; a key not verified within it gets 503. 0: none (503 for every
 *                        registry key once its cached verdict expires)
 */
@Validated
@ConfigurationProperties(prefix = "baton.gateway")
public record ApiKeyProperties(
        @DefaultValue List<String> apiKeys,
        @DefaultValue("optional") InferenceAuth inferenceAuth,
        @DefaultValue("10s") @DurationMin(nanos = 0) Duration apiKeyCacheTtl,
        @DefaultValue("10000") @Min(1) int apiKeyCacheSize,
        @DefaultValue("1h") @DurationMin(nanos = 0) Duration apiKeyOutageGrace) {

    public ApiKeyProperties {
        apiKeys = apiKeys.stream().filter(k -> k != null && !k.isBlank()).toList();
    }

    /** The bootstrap keys masked, for {@code /actuator/info}. */
    public List<String> maskedApiKeys() {
        return apiKeys.stream().map(k -> "***").toList();
    }

    /** Never the keys: a record's own toString would print them into any log line that shows the settings. */
    @Override
    public String toString() {
        return "ApiKeyProperties[apiKeys=(" + apiKeys.size() + " hidden), inferenceAuth=" + inferenceAuth
                + ", apiKeyCacheTtl=" + apiKeyCacheTtl + ", apiKeyCacheSize=" + apiKeyCacheSize
                + ", apiKeyOutageGrace=" + apiKeyOutageGrace + "]";
    }

    /** Whether inference needs an API key. */
    public enum InferenceAuth {
        /** No key needed; a key that is sent must still be valid. */
        OPTIONAL,
        /** A key with the {@code infer} or {@code admin} scope on every inference route but the health probes. */
        REQUIRED
    }
}
