package io.baton.cli.bench.fuzz.grpc;

import io.grpc.Status.Code;
import java.util.EnumSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What one gRPC answer is worth. A pass is a refusal's status (INVALID_ARGUMENT, NOT_FOUND, FAILED_PRECONDITION,
 * OUT_OF_RANGE, RESOURCE_EXHAUSTED, UNAUTHENTICATED, PERMISSION_DENIED; UNIMPLEMENTED for a method the gateway does not
 * serve; DEADLINE_EXCEEDED for a client that never finished sending) whose description names the fault; OK to a case
 * that may still be a valid call (on a stream: every hostile request answered with its error); the client's own
 * cancel; a silent stream still open at the time limit with every request answered. UNAVAILABLE with a description
 * is the gateway shedding load (a {@code retry-after}, or a drop or a shed with its {@code baton-reason} to a valid
 * call) and DEADLINE_EXCEEDED with a reason to a valid call its deadline: counted apart. Everything else fails:
 * INTERNAL, UNKNOWN, DATA_LOSS and any other code, no status within the time limit, a description that is blank or
 * shows a stack trace or an exception's class, OK to a call that must be refused.
 */
public record GrpcVerdict(Outcome outcome, String detail) {

    public enum Outcome {
        REFUSED(false), ACCEPTED(false), SHED(false), CANCELLED(false), HELD_OPEN(false),
        SERVER_ERROR(true), HANG(true), NO_REASON(true), LEAKED(true), ACCEPTED_MALFORMED(true), UNANSWERED(true);

        private final boolean failure;

        Outcome(boolean failure) {
            this.failure = failure;
        }

        public boolean failure() {
            return failure;
        }
    }

    static final Set<Code> REFUSALS = EnumSet.of(Code.INVALID_ARGUMENT, Code.NOT_FOUND, Code.FAILED_PRECONDITION, Code.OUT_OF_RANGE,
            Code.RESOURCE_EXHAUSTED, Code.UNAUTHENTICATED, Code.PERMISSION_DENIED);

    /** A Java frame, or an exception's or error's class name: what a client must never be shown. */
    static final Pattern LEAK = Pattern.compile("(?:\\bat [\\w$.]+\\([\\w$]+\\.java:\\d+\\))|(?:\\b(?:java|javax|jakarta|io\\.grpc|com\\.google|"
            + "org\\.springframework|io\\.netty|io\\.baton)\\.[a-z][\\w$.]*[A-Z]\\w*)|(?:\\b[A-Z]\\w*(?:Exception|Error)\\b)");

    public boolean failure() {
        return outcome.failure();
    }

    public static GrpcVerdict of(GrpcFuzzCase c, GrpcAnswer a) {
        if (a.heldOpen()) {
            return c.delivery().mode() == GrpcDelivery.Mode.SILENT ? streamed(c, a, new GrpcVerdict(Outcome.HELD_OPEN, a.said()))
                    : new GrpcVerdict(Outcome.HANG, a.said());
        }
        if (a.hang()) return new GrpcVerdict(Outcome.HANG, a.said());
        if (a.cancelled()) return new GrpcVerdict(Outcome.CANCELLED, a.said());
        String said = a.said();
        String d = a.description();
        if (d != null && LEAK.matcher(d).find()) return new GrpcVerdict(Outcome.LEAKED, said + ": the description shows the gateway's code");
        Code code = a.code();
        if (code == Code.OK) {
            if (c.streaming()) return streamed(c, a, new GrpcVerdict(Outcome.ACCEPTED, said));
            return c.mayAccept() ? new GrpcVerdict(Outcome.ACCEPTED, said)
                    : new GrpcVerdict(Outcome.ACCEPTED_MALFORMED, said + ": a call that must be refused was served");
        }
        boolean named = d != null && !d.isBlank();
        boolean refusal = REFUSALS.contains(code) || code == Code.UNIMPLEMENTED && !GrpcMessages.SERVED.contains(c.method())
                || code == Code.DEADLINE_EXCEEDED && c.slow();
        if (refusal) {
            if (!named) return new GrpcVerdict(Outcome.NO_REASON, said + ": no description naming the fault");
            return c.streaming() ? streamed(c, a, new GrpcVerdict(Outcome.REFUSED, said)) : new GrpcVerdict(Outcome.REFUSED, said);
        }
        boolean shed = named && (code == Code.UNAVAILABLE && (a.retryAfter() != null || c.mayAccept() && a.reason() != null)
                || code == Code.DEADLINE_EXCEEDED && c.mayAccept() && a.reason() != null);
        if (shed) return new GrpcVerdict(Outcome.SHED, said);
        return new GrpcVerdict(Outcome.SERVER_ERROR, said);
    }

    /**
     * On a stream, each request is answered in turn: one the case marks hostile with an error naming the fault. A
     * stream that ended with OK answered all of them.
     */
    private static GrpcVerdict streamed(GrpcFuzzCase c, GrpcAnswer a, GrpcVerdict ending) {
        int hostile = c.refused() == null ? 0 : c.refused().length;
        if ((a.code() == Code.OK || a.heldOpen()) && a.answers() != c.messages().size()) {
            return new GrpcVerdict(Outcome.UNANSWERED, a.said() + " after " + a.answers() + " answers to " + c.messages().size() + " requests");
        }
        for (int i = 0; i < a.streamErrors().size(); i++) {
            String e = a.streamErrors().get(i);
            if (LEAK.matcher(e).find()) return new GrpcVerdict(Outcome.LEAKED, "stream answer " + i + ": \"" + e + "\" shows the gateway's code");
            if (i < hostile && c.mustRefuse(i) && e.isBlank()) {
                return new GrpcVerdict(Outcome.ACCEPTED_MALFORMED, "stream answer " + i + " served a request that must be refused");
            }
        }
        return ending;
    }
}
