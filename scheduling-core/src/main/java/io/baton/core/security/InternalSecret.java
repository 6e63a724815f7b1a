package io.baton.core.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The suite's shared secret. {@link #matches} compares in constant time: both sides are hashed first (SHA-256), so
 * neither a differing prefix nor a differing length changes how long a comparison takes.
 */
public final class InternalSecret {

    /** Shorter secrets are refused: a guessable secret would protect nothing. */
    public static final int MIN_LENGTH = 16;

    private static final SecureRandom RANDOM = new SecureRandom();

    private final String value;
    private final byte[] digest;

    private InternalSecret(String value) {
        this.value = value;
        this.digest = sha256(value);
    }

    /**
     * The secret {@code value} (surrounding white space, such as a file's final newline, removed).
     *
     * @param source what it was read from, for the message when it is too short
     */
    public static InternalSecret of(String value, String source) {
        String v = value == null ? "" : value.strip();
        if (v.length() < MIN_LENGTH) {
            throw new InternalAuthException(source + " holds a secret of " + v.length() + " characters; it needs at least "
                    + MIN_LENGTH + " (e.g. openssl rand -base64 32)");
        }
        return new InternalSecret(v);
    }

    /** 256 random bits, base64url: what {@code bin/baton up} and the compose init service generate. */
    public static InternalSecret random() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return new InternalSecret(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
    }

    /** What a client sends in {@link InternalAuth#HEADER}. */
    public String value() {
        return value;
    }

    /** True when {@code presented} is this secret; constant time, and false for null. */
    public boolean matches(String presented) {
        if (presented == null) return false;
        return MessageDigest.isEqual(digest, sha256(presented));
    }

    private static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JRE has SHA-256", e);
        }
    }

    /** Never the secret: this object may end up in a log line or an actuator page. */
    @Override
    public String toString() {
        return "InternalSecret[****]";
    }
}
