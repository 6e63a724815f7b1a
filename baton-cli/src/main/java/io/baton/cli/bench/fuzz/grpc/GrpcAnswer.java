package io.baton.cli.bench.fuzz.grpc;

import io.grpc.Status;
import java.util.List;

/**
 * How a call ended. {@code code} and {@code description}: its status (null code: it did not end within the time
 * limit); {@code reason} and {@code retryAfter}: the trailers {@code baton-reason} and {@code retry-after};
 * {@code streamErrors}: each stream answer's {@code error_message} in order ("" for one served); {@code cancelled}:
 * the client cancelled it as the case says, before any status came; {@code heldOpen}: a silent stream, every request
 * answered, still open at the time limit.
 */
public record GrpcAnswer(Status.Code code, String description, String reason, String retryAfter, int answers,
                         List<String> streamErrors, boolean cancelled, boolean heldOpen, String failure) {

    public boolean hang() {
        return code == null && !heldOpen;
    }

    static GrpcAnswer hang(String why, int answers, List<String> streamErrors) {
        return new GrpcAnswer(null, null, null, null, answers, streamErrors, false, false, why);
    }

    static GrpcAnswer heldOpen(int answers, List<String> streamErrors) {
        return new GrpcAnswer(null, null, null, null, answers, streamErrors, false, true, null);
    }

    /** The status in one line: code, description, reason. */
    public String said() {
        if (heldOpen) return "held open after " + answers + " answers";
        if (code == null) return "no status (" + failure + ")";
        return code + (description == null ? "" : " \"" + clip(description) + "\"") + (reason == null ? "" : " [baton-reason " + reason + "]");
    }

    private static String clip(String s) {
        return s.length() > 300 ? s.substring(0, 300) + "…" : s;
    }
}
