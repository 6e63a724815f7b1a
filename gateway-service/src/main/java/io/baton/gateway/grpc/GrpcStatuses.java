package io.baton.gateway.grpc;

import java.util.concurrent.CompletionException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.grpc.Metadata;
import io.baton.gateway.trace.GatewayTrace;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

import io.baton.commons.tensor.TensorException;
import io.baton.gateway.GatewayException;

/**
 * A refusal as the gRPC status a client expects, with the message the REST route gives for it. The HTTP status the
 * gateway answers over REST decides the code:
 *
 * <pre>
 * 400, 415 bad input            INVALID_ARGUMENT
 * 401 no key, key not accepted  UNAUTHENTICATED
 * 403 key without the scope     PERMISSION_DENIED
 * 404 unknown model or version  NOT_FOUND
 * 408, 504 out of time          DEADLINE_EXCEEDED
 * 413, 429 past a limit         RESOURCE_EXHAUSTED
 * 502, 503 not ready, overload, dropped, upstream down   UNAVAILABLE
 * anything else                 INTERNAL
 * </pre>
 *
 * Every refusal carries the gateway's short reason (its metrics label) in the trailer {@code baton-reason}; an
 * admission-control refusal carries {@code retry-after: 1} as well, the REST answer's header. A description is cut
 * to {@link #MAX_DESCRIPTION} characters: it travels in the {@code grpc-message} trailer, and a message that echoes a
 * client's 100,000-character name would pass the 8 KiB of headers a client reads (grpc-java's default), which the
 * client then reports as its own INTERNAL error instead of the refusal.
 */
final class GrpcStatuses {

    static final Metadata.Key<String> RETRY_AFTER = Metadata.Key.of("retry-after", Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> REASON = Metadata.Key.of("baton-reason", Metadata.ASCII_STRING_MARSHALLER);

    /**
     * Characters of a description kept: percent-encoded in {@code grpc-message}, even one of 3-byte UTF-8 characters
     * stays under half of a client's 8 KiB of headers.
     */
    static final int MAX_DESCRIPTION = 400;

    private static final Logger log = LoggerFactory.getLogger(GrpcStatuses.class);

    private GrpcStatuses() {
    }

    /** The trailers that name a refused request's trace and (when the gateway made it) its request id. */
    static final Metadata.Key<String> TRACE_ID = Metadata.Key.of("baton-trace-id", Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> REQUEST_ID = Metadata.Key.of("baton-request-id", Metadata.ASCII_STRING_MARSHALLER);

    /** {@code refusal} with trailers naming {@code trace}'s trace id (and request id when made here). */
    static StatusRuntimeException traced(StatusRuntimeException refusal, GatewayTrace trace) {
        Metadata trailers = refusal.getTrailers() == null ? new Metadata() : refusal.getTrailers();
        trailers.put(TRACE_ID, trace.traceId());
        if (trace.madeRequestId()) trailers.put(REQUEST_ID, trace.requestId());
        return refusal.getStatus().asRuntimeException(trailers);
    }

    static StatusRuntimeException of(Throwable failure) {
        Throwable e = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause()
                : failure;
        if (e instanceof StatusRuntimeException s) {
            String d = s.getStatus().getDescription();
            return d == null || d.length() <= MAX_DESCRIPTION ? s
                    : s.getStatus().withDescription(clip(d)).asRuntimeException(s.getTrailers());
        }
        if (e instanceof GatewayException g) {
            Metadata trailers = new Metadata();
            trailers.put(REASON, g.reason());
            if (g.reason().equals(GatewayException.OVERLOADED)) {
                // how soon a refused client may try again: an admission limit is judged within one SLO (≤ 2 s)
                trailers.put(RETRY_AFTER, "1");
            }
            return code(g.status()).withDescription(clip(g.getMessage())).asRuntimeException(trailers);
        }
        if (e instanceof TensorException) {
            Metadata trailers = new Metadata();
            trailers.put(REASON, "invalid-request");
            return Status.INVALID_ARGUMENT.withDescription(clip(e.getMessage())).asRuntimeException(trailers);
        }
        log.error("internal error on a gRPC call", e);
        return Status.INTERNAL.withDescription("internal error in the gateway (logged there)").asRuntimeException();
    }

    /** The description, its middle cut where it is longer than {@link #MAX_DESCRIPTION}: the start and the end say most. */
    static String clip(String description) {
        if (description == null || description.length() <= MAX_DESCRIPTION) {
            return description;
        }
        int keep = MAX_DESCRIPTION - 40;
        int head = keep * 3 / 4;
        int tail = keep - head;
        return description.substring(0, head) + " … (" + (description.length() - keep) + " characters cut) … "
                + description.substring(description.length() - tail);
    }

    static Status code(int httpStatus) {
        return switch (httpStatus) {
            case 400, 415 -> Status.INVALID_ARGUMENT;
            case 401 -> Status.UNAUTHENTICATED;
            case 403 -> Status.PERMISSION_DENIED;
            case 404 -> Status.NOT_FOUND;
            case 408, 504 -> Status.DEADLINE_EXCEEDED;
            case 413, 429 -> Status.RESOURCE_EXHAUSTED;
            case 502, 503 -> Status.UNAVAILABLE;
            default -> Status.INTERNAL;
        };
    }
}
