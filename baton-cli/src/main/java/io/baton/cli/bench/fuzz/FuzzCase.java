package io.baton.cli.bench.fuzz;

import java.nio.charset.StandardCharsets;

/**
 * One fuzz request: which seed and index made it (so {@code bench fuzz --seed S --case I} makes it again), its kind
 * and what is wrong with it, the exact bytes on the wire and how they are sent. {@code mayAccept}: the change may
 * leave a request the model takes (a {@code Content-Type} the gateway reads past, a byte flipped in a number), so a
 * 200 is as right as a 4xx; otherwise only a 4xx naming the fault is.
 */
public record FuzzCase(long seed, int index, String kind, String description, byte[] bytes, Delivery delivery,
                       boolean mayAccept) {

    /** How much of the bytes {@link #printable} shows: the head of a huge body says enough to see what it is. */
    static final int SHOWN_BYTES = 1_200;

    /** One line naming the case: seed, index, kind, what is wrong, size and delivery. */
    public String title() {
        return "seed " + seed + " case " + index + " [" + kind + "] " + description + " (" + bytes.length + " bytes, "
                + delivery + (mayAccept ? ", may be accepted" : "") + ")";
    }

    /** The title, then the bytes as text: printable ASCII as is, {@code \r\n} as line ends, anything else {@code \xNN}. */
    public String printable() {
        return title() + "\n" + escape(bytes, SHOWN_BYTES);
    }

    static String escape(byte[] bytes, int limit) {
        StringBuilder s = new StringBuilder();
        int n = Math.min(bytes.length, limit);
        for (int i = 0; i < n; i++) {
            int b = bytes[i] & 0xff;
            if (b == '\n') s.append("\\n\n");
            else if (b == '\r') s.append("\\r");
            else if (b == '\\') s.append("\\\\");
            else if (b >= 0x20 && b < 0x7f) s.append((char) b);
            else s.append(String.format("\\x%02x", b));
        }
        if (bytes.length > n) s.append("… (").append(bytes.length - n).append(" more bytes)");
        return s.toString();
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
