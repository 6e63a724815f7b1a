package io.baton.gateway.edge;

import java.io.IOException;

/**
 * Why reading a request body stopped before its end: it came too slowly (the gateway refuses it, 408) or the client
 * went away (nobody is left to answer). An {@link IOException}, so that it travels through every reader of the body
 * unchanged; {@link #of} finds it again inside whatever wrapped it.
 */
public final class BodyRefused extends IOException {

    /** Why the body was not read to its end. */
    public enum Kind {
        /** Below the minimum rate, past its deadline, or stalled: answered 408 and the connection closed. */
        TOO_SLOW,
        /** The client closed the connection or reset it mid-body. */
        CLIENT_ABORTED
    }

    private final Kind kind;

    BodyRefused(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    /** Its message says all: no stack trace to fill in (a slow sender makes many of these). */
    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }

    public Kind kind() {
        return kind;
    }

    public boolean tooSlow() {
        return kind == Kind.TOO_SLOW;
    }

    /** The refusal in {@code t} or among its causes, or null. */
    public static BodyRefused of(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof BodyRefused r) {
                return r;
            }
            if (c.getCause() == c) {
                break;
            }
        }
        return null;
    }
}
