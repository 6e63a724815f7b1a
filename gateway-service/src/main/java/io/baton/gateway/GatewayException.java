package io.baton.gateway;

import io.baton.core.domain.DropReason;

/**
 * A request the gateway answers with an error: the HTTP status, the message the client reads (OIP routes answer
 * {@code {"error": message}}), and a short reason for metrics (a {@link DropReason} name for drops, otherwise a slug
 * such as {@code not-found} or {@code timeout}).
 */
public class GatewayException extends RuntimeException {

    private final int status;
    private final String reason;
    private final boolean drop;

    public GatewayException(int status, String reason, String message) {
        this(status, reason, message, false, null);
    }

    private GatewayException(int status, String reason, String message, boolean drop, Throwable cause) {
        super(message, cause);
        this.status = status;
        this.reason = reason;
        this.drop = drop;
    }

    public int status() {
        return status;
    }

    public String reason() {
        return reason;
    }

    /** True when a scheduling policy dropped the request (as opposed to a failure or bad input). */
    public boolean drop() {
        return drop;
    }

    public static GatewayException badRequest(String message) {
        return new GatewayException(400, "invalid-request", message);
    }

    public static GatewayException notFound(String message) {
        return new GatewayException(404, "not-found", message);
    }

    /**
     * The policy dropped the request: 503 with {@code request dropped: <message> (<REASON>)}; the message is
     * scheduling-core's for a known reason, otherwise the one given.
     */
    public static GatewayException dropped(String reason, String detail) {
        String message = detail;
        try {
            message = DropReason.valueOf(reason).message();
        } catch (IllegalArgumentException | NullPointerException unknown) {
            // a reason this build of scheduling-core does not know: keep the scheduler's own words
        }
        if (message == null || message.isBlank()) {
            message = "no reason given";
        }
        String name = reason == null ? "UNKNOWN" : reason;
        return new GatewayException(503, name, "request dropped: " + message + " (" + name + ")", true, null);
    }

    /** The deadline ran out inside the gateway, before the scheduler could be asked: a drop, named {@code where}. */
    public static GatewayException deadlinePassed(String where) {
        String name = DropReason.DEADLINE_PASSED.name();
        return new GatewayException(503, name, "request dropped: deadline passed " + where + " (" + name + ")", true,
                null);
    }

    /** The reason of an admission-control refusal, answered with {@code Retry-After}. */
    public static final String OVERLOADED = "overloaded";

    /** Admission control refused the request: the gateway is at its limit (503, reason {@link #OVERLOADED}). */
    public static GatewayException overloaded(String message) {
        return new GatewayException(503, OVERLOADED, message);
    }

    public static GatewayException unavailable(String reason, String message, Throwable cause) {
        return new GatewayException(503, reason, message, false, cause);
    }

    public static GatewayException badGateway(String reason, String message) {
        return new GatewayException(502, reason, message);
    }

    /** The same error with {@code suffix} appended to its message (for example the pipeline stage it came from). */
    public GatewayException withSuffix(String suffix) {
        return new GatewayException(status, reason, getMessage() + suffix, drop, getCause());
    }
}
