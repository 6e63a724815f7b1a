package io.baton.commons.trace;

import java.util.concurrent.ThreadLocalRandom;

/**
 * A W3C Trace Context {@code traceparent}: {@code 00-<32 hex trace id>-<16 hex parent span id>-<2 hex flags>}.
 * {@link #parse} takes what arrives from outside and answers null for anything malformed (or longer than
 * {@link #MAX_LENGTH}): the caller then {@link #make}s a fresh one, a malformed header is replaced, never an error.
 * Ids are lowercase hex; all-zero ids are invalid, as the specification says.
 *
 * @param traceId 32 lowercase hex digits
 * @param spanId  16 lowercase hex digits: the span this context names (the parent of whatever is made under it)
 * @param sampled the {@code sampled} flag
 */
public record TraceParent(String traceId, String spanId, boolean sampled) {

    /** The header (and gRPC metadata key) that carries it. */
    public static final String HEADER = "traceparent";

    /**
     * The longest header read: version {@code 00} is 55 characters; a later version may append fields, which are
     * ignored, but nothing from outside is read without a bound.
     */
    public static final int MAX_LENGTH = 512;

    private static final String ZERO_TRACE = "00000000000000000000000000000000";
    private static final String ZERO_SPAN = "0000000000000000";

    public TraceParent {
        if (!hex(traceId, 32) || traceId.equals(ZERO_TRACE)) {
            throw new IllegalArgumentException("trace id: 32 lowercase hex digits, not all zero");
        }
        if (!hex(spanId, 16) || spanId.equals(ZERO_SPAN)) {
            throw new IllegalArgumentException("span id: 16 lowercase hex digits, not all zero");
        }
    }

    /**
     * The context in {@code header}, or null when there is none, or it is malformed, over-long, of version
     * {@code ff}, or names an all-zero id. A version above {@code 00} is read by its first four fields, as the
     * specification asks of a reader that knows only version 00.
     */
    public static TraceParent parse(String header) {
        if (header == null || header.length() < 55 || header.length() > MAX_LENGTH) {
            return null;
        }
        String h = header.strip();
        if (h.length() < 55 || h.charAt(2) != '-' || h.charAt(35) != '-' || h.charAt(52) != '-') {
            return null;
        }
        String version = h.substring(0, 2);
        if (!hex(version, 2) || version.equals("ff") || (version.equals("00") && h.length() != 55)
                || (h.length() > 55 && h.charAt(55) != '-')) {
            return null;
        }
        String traceId = h.substring(3, 35);
        String spanId = h.substring(36, 52);
        String flags = h.substring(53, 55);
        if (!hex(traceId, 32) || !hex(spanId, 16) || !hex(flags, 2)
                || traceId.equals(ZERO_TRACE) || spanId.equals(ZERO_SPAN)) {
            return null;
        }
        return new TraceParent(traceId, spanId, (Integer.parseInt(flags, 16) & 1) == 1);
    }

    /** The context in {@code header}, or a fresh one (a new trace, sampled) when there is none or it is malformed. */
    public static TraceParent parseOrMake(String header) {
        TraceParent parsed = parse(header);
        return parsed != null ? parsed : make();
    }

    /** A new trace: a random trace id and span id, sampled. */
    public static TraceParent make() {
        return new TraceParent(randomHex(32), randomHex(16), true);
    }

    /** A new span in the same trace, with the same flags: what a hop sends on as its own context. */
    public TraceParent child() {
        return new TraceParent(traceId, randomHex(16), sampled);
    }

    /**
     * The same context with the {@code sampled} flag set as this participant decided: the specification lets each
     * hop record its own decision, and the services after it follow the flag.
     */
    public TraceParent sampled(boolean decision) {
        return decision == sampled ? this : new TraceParent(traceId, spanId, decision);
    }

    /** As the {@code traceparent} header writes it (version 00). */
    public String header() {
        return "00-" + traceId + "-" + spanId + (sampled ? "-01" : "-00");
    }

    /** Whether {@code s} is a trace id: 32 hex digits (either case, as a route may be typed), not all zero. */
    public static boolean isTraceId(String s) {
        return s != null && s.length() == 32 && hexAnyCase(s) && !s.equals(ZERO_TRACE);
    }

    private static String randomHex(int digits) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        String hex;
        do {
            StringBuilder b = new StringBuilder(digits);
            while (b.length() < digits) {
                String part = Long.toHexString(random.nextLong());
                for (int pad = part.length(); pad < 16; pad++) b.append('0');
                b.append(part);
            }
            hex = b.substring(0, digits);
        } while (hex.chars().allMatch(c -> c == '0'));
        return hex;
    }

    private static boolean hex(String s, int length) {
        if (s == null || s.length() != length) return false;
        for (int i = 0; i < length; i++) {
            char c = s.charAt(i);
            if (!(c >= '0' && c <= '9') && !(c >= 'a' && c <= 'f')) return false;
        }
        return true;
    }

    private static boolean hexAnyCase(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = Character.toLowerCase(s.charAt(i));
            if (!(c >= '0' && c <= '9') && !(c >= 'a' && c <= 'f')) return false;
        }
        return true;
    }
}
