package io.baton.registry.apikey;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * The form of a key and what is kept of it. A key is {@code bk_} followed by 32 bytes from {@link SecureRandom} in
 * unpadded base64url (43 characters); only its SHA-256 (hex) is stored, with its first 11 characters ({@code bk_} and
 * 8 more, 48 of the 256 random bits) as a prefix people can recognise it by.
 *
 * <p>Why SHA-256 and not bcrypt or Argon2: those are slow on purpose, to make guessing a low-entropy password from a
 * stolen hash expensive. A key of 256 random bits cannot be guessed from its hash at any speed, so slowness buys
 * nothing; it would cost every verification tens of milliseconds of CPU (a lever for denial of service), and their
 * per-hash salt would rule out finding a key by its hash with one indexed lookup.
 */
public final class ApiKeySecrets {

    public static final String PREFIX = "bk_";
    static final int RANDOM_BYTES = 32;
    static final int DISPLAY_LENGTH = PREFIX.length() + 8;
    private static final Pattern FORMAT = Pattern.compile("bk_[A-Za-z0-9_-]{43}");

    private final SecureRandom random = new SecureRandom();

    /** A new key; shown to its creator once, never stored. */
    public String generate() {
        byte[] bytes = new byte[RANDOM_BYTES];
        random.nextBytes(bytes);
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** Whether {@code key} has the form of a key this registry issues (anything else cannot match a stored hash). */
    public static boolean wellFormed(String key) {
        return key != null && FORMAT.matcher(key).matches();
    }

    /** Lowercase hex SHA-256 of the key's UTF-8 bytes: what is stored and looked up. */
    public static String hash(String key) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(key.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /** The non-secret start of a well-formed key, for lists. */
    public static String displayPrefix(String key) {
        return key.substring(0, DISPLAY_LENGTH);
    }
}
