package io.baton.gateway.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;


/**
 * Decides whether a key is accepted, and with which scopes: first the bootstrap keys of
 * {@code baton.gateway.api-keys} (every scope; compared as SHA-256 digests in constant time), then the registry's
 * keys, whose verdicts (accepted with scopes, or refused) are cached by the key's SHA-256 for
 * {@code api-key-cache-ttl}, at most {@code api-key-cache-size} of them. A string that does not have the form of a
 * registry key ({@code bk_} and 43 base64url characters) is refused without asking. Keys are held only as digests.
 *
 * <p>While the registry cannot be asked, the last verdict it gave on a key (and its last count of active keys) is
 * used for up to {@code api-key-outage-grace} after it was given: a caller verified before an outage keeps being
 * served through it. A key with no verdict that recent is a {@link KeyStoreUnavailable} (503 with the reason): nothing
 * says it is wrong, so it is not a 401.
 */
public class ApiKeyVerifier {

    static final Pattern REGISTRY_KEY = Pattern.compile("bk_[A-Za-z0-9_-]{43}");
    private static final Caller BOOTSTRAP = new Caller("bootstrap", EnumSet.allOf(Scope.class));
    private static final String ACTIVE_KEYS = "active";

    private final List<byte[]> bootstrapDigests;
    private final RegistryKeyClient registry;
    private final ExpiringCache<Optional<Caller>> verdicts;
    private final ExpiringCache<Long> activeKeys;
    private final ExpiringCache<Optional<Caller>> lastVerdicts;
    private final ExpiringCache<Long> lastActiveKeys;

    public ApiKeyVerifier(ApiKeyProperties properties, RegistryKeyClient registry) {
        this(properties, registry, System::nanoTime);
    }

    ApiKeyVerifier(ApiKeyProperties properties, RegistryKeyClient registry, LongSupplier nanoClock) {
        this.bootstrapDigests = properties.apiKeys().stream().map(ApiKeyVerifier::sha256).toList();
        this.registry = registry;
        this.verdicts = new ExpiringCache<>(properties.apiKeyCacheTtl(), properties.apiKeyCacheSize(), nanoClock);
        this.activeKeys = new ExpiringCache<>(properties.apiKeyCacheTtl(), 1, nanoClock);
        this.lastVerdicts = new ExpiringCache<>(properties.apiKeyOutageGrace(), properties.apiKeyCacheSize(), nanoClock);
        this.lastActiveKeys = new ExpiringCache<>(properties.apiKeyOutageGrace(), 1, nanoClock);
    }

    /**
     * Whether {@link #check} answers for {@code key} without asking the registry: a bootstrap key, a string of no
     * registry key's form, or a key whose verdict is cached.
     */
    public boolean checksAtOnce(String key) {
        byte[] digest = sha256(key);
        return isBootstrap(digest) || !REGISTRY_KEY.matcher(key).matches()
                || verdicts.get(HexFormat.of().formatHex(digest)) != null;
    }

    /** The caller {@code key} belongs to, or empty when it is not accepted. */
    public Optional<Caller> check(String key) throws KeyStoreUnavailable {
        byte[] digest = sha256(key);
        if (isBootstrap(digest)) {
            return Optional.of(BOOTSTRAP);
        }
        if (!REGISTRY_KEY.matcher(key).matches()) {
            return Optional.empty();
        }
        String cacheKey = HexFormat.of().formatHex(digest);
        Optional<Caller> cached = verdicts.get(cacheKey);
        if (cached != null) {
            return cached;
        }
        Optional<Caller> verdict;
        try {
            verdict = registry.verify(key);
        } catch (KeyStoreUnavailable e) {
            Optional<Caller> last = lastVerdicts.get(cacheKey);
            if (last != null) {
                return last; // the registry's last word on this key, given within the outage grace
            }
            throw e;
        }
        verdicts.put(cacheKey, verdict);
        lastVerdicts.put(cacheKey, verdict);
        return verdict;
    }

    /** Whether a key's digest is a configured bootstrap key's, compared in constant time with no early exit. */
    private boolean isBootstrap(byte[] digest) {
        boolean bootstrap = false;
        for (byte[] configured : bootstrapDigests) {
            bootstrap |= MessageDigest.isEqual(configured, digest); // no early exit
        }
        return bootstrap;
    }

    /**
     * Whether any key is in force: a bootstrap key is configured, or the registry has an active one (its count is
     * cached like a verdict). While none is, the admin routes are open.
     */
    public boolean keysInForce() throws KeyStoreUnavailable {
        if (!bootstrapDigests.isEmpty()) {
            return true;
        }
        Long active = activeKeys.get(ACTIVE_KEYS);
        if (active == null) {
            try {
                active = registry.activeKeys();
            } catch (KeyStoreUnavailable e) {
                Long last = lastActiveKeys.get(ACTIVE_KEYS);
                if (last != null) {
                    return last > 0;
                }
                throw e;
            }
            activeKeys.put(ACTIVE_KEYS, active);
            lastActiveKeys.put(ACTIVE_KEYS, active);
        }
        return active > 0;
    }

    /**
     * Forgets every cached verdict and count, after a key was issued or revoked through this gateway: here the change
     * takes effect at once, on other gateway replicas within the TTL.
     */
    public void keysChanged() {
        verdicts.clear();
        activeKeys.clear();
        lastVerdicts.clear();
        lastActiveKeys.clear();
    }

    static byte[] sha256(String key) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
