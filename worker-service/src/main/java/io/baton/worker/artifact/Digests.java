package io.baton.worker.artifact;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.regex.Pattern;

/** SHA-256 digests as Baton names artifacts: 64 lower-case hex digits, optionally written {@code sha256:...}. */
public final class Digests {

    private static final Pattern HEX64 = Pattern.compile("[0-9a-f]{64}");

    private Digests() {
    }

    /** The canonical form of {@code digest}, or null when it is not a SHA-256 digest. */
    public static String normalize(String digest) {
        if (digest == null) {
            return null;
        }
        String d = digest.trim().toLowerCase(Locale.ROOT);
        if (d.startsWith("sha256:")) {
            d = d.substring("sha256:".length());
        }
        return HEX64.matcher(d).matches() ? d : null;
    }

    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /** Checks that {@code bytes} hash to {@code digest}; a source must never hand out other bytes under a name. */
    static byte[] verified(String digest, byte[] bytes, String source) {
        String actual = sha256(bytes);
        if (!actual.equals(digest)) {
            throw new ArtifactUnavailableException("artifact " + digest + " from " + source
                    + " hashes to " + actual + "; refusing it", null);
        }
        return bytes;
    }
}
