package io.baton.cli.bench.fuzz.grpc;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.TextFormat;
import io.baton.oip.grpc.ModelInferRequest;
import java.util.Arrays;
import java.util.List;

/**
 * One hostile gRPC call: which seed and index made it ({@code bench fuzz --protocol grpc --seed S --case I} makes it
 * again), its kind and fault, the full method name, the exact bytes of each message, the metadata, and how the call is
 * driven. See {@link GrpcMade} for {@code mayAccept}, {@code slow} and {@code refused}.
 */
public record GrpcFuzzCase(long seed, int index, String kind, String description, String method, List<byte[]> messages,
                           List<String[]> metadata, GrpcDelivery delivery, boolean mayAccept, boolean slow,
                           boolean[] refused) {

    /** How much of each message {@link #printable} shows. */
    static final int SHOWN = 1_200;

    public boolean streaming() {
        return method.equals(GrpcMessages.MODEL_STREAM_INFER);
    }

    /** Whether message {@code i} of a stream must be answered with an error. */
    public boolean mustRefuse(int i) {
        return refused == null ? !mayAccept : refused[i];
    }

    public int bytes() {
        return messages.stream().mapToInt(m -> m.length).sum();
    }

    /** One line naming the case: seed, index, kind, fault, method, size and delivery. */
    public String title() {
        return "seed " + seed + " case " + index + " [" + kind + "] " + description + " (" + method + ", " + messages.size()
                + (messages.size() == 1 ? " message, " : " messages, ") + bytes() + " bytes, " + delivery
                + (mayAccept ? ", may be accepted" : "") + (slow ? ", slow" : "") + ")";
    }

    /** The title, the metadata, then each message: as a ModelInferRequest where it parses as one, else its bytes. */
    public String printable() {
        StringBuilder s = new StringBuilder(title());
        for (String[] h : metadata) s.append("\n").append(h[0]).append(": ").append(clip(h[1]));
        for (int i = 0; i < messages.size(); i++) {
            s.append("\nmessage ").append(i).append(": ").append(shown(messages.get(i)));
        }
        return s.toString();
    }

    private static String shown(byte[] m) {
        try {
            return clip(TextFormat.printer().emittingSingleLine(true).printToString(ModelInferRequest.parseFrom(m)));
        } catch (InvalidProtocolBufferException e) {
            StringBuilder hex = new StringBuilder("not a ModelInferRequest, bytes:");
            for (int i = 0; i < Math.min(m.length, SHOWN / 3); i++) hex.append(String.format(" %02x", m[i] & 0xff));
            if (m.length > SHOWN / 3) hex.append(" … (").append(m.length - SHOWN / 3).append(" more)");
            return hex.toString();
        }
    }

    private static String clip(String s) {
        return s.length() <= SHOWN ? s : s.substring(0, SHOWN) + "… (" + (s.length() - SHOWN) + " more characters)";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GrpcFuzzCase c && c.seed == seed && c.index == index && c.title().equals(title())
                && same(c.messages, messages);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(seed) * 31 + index;
    }

    private static boolean same(List<byte[]> a, List<byte[]> b) {
        if (a.size() != b.size()) return false;
        for (int i = 0; i < a.size(); i++) if (!Arrays.equals(a.get(i), b.get(i))) return false;
        return true;
    }
}
