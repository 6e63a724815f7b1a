package io.baton.gateway.oip;

import java.io.IOException;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.stereotype.Component;

import io.baton.core.util.InFlightBytes;
import io.baton.gateway.GatewayException;
import io.baton.gateway.LimitedInputStream;
import io.baton.gateway.edge.BodyRefused;
import io.baton.gateway.edge.EdgeProperties;
import io.baton.gateway.edge.PacedBody;
import io.baton.gateway.serving.InferenceProperties;
import io.baton.gateway.serving.RequestLimitsProperties;

/**
 * The bodies of REST inference requests: each reserved in the gateway's budget of bodies held at once, then read
 * within the size limit and the application's SLO, and released once its request is answered.
 */
@Component
public class InferBodies {

    /** Bytes of request bodies held at once, from before a body is read until its request is answered. */
    private final InFlightBytes bodies;
    private final long maxBodyBytes;
    private final long bodyGraceNanos;

    public InferBodies(InferenceProperties properties, EdgeProperties edge, RequestLimitsProperties limits) {
        this.bodies = new InFlightBytes(limits.maxBodiesInFlight().toBytes());
        this.maxBodyBytes = properties.maxInferRequestSize().toBytes();
        this.bodyGraceNanos = edge.body().rateGrace().toNanos();
    }

    /**
     * Reserves the request's body in the budget of bodies held at once, before it is read, by its Content-Length.
     * Past the budget the request is refused at once, its body unread: a 503 with {@code Retry-After} while others
     * are held, a 413 for a body larger than the whole budget. A body declared past {@code max-infer-request-size}
     * reserves nothing: {@link #read} refuses it. A chunked body (no Content-Length) reserves nothing here but as it
     * arrives ({@link Reservation#grow}): reserving {@code max-infer-request-size} for it, as large as the whole
     * budget by default, let one chunked body that stalls refuse every other request until it timed out.
     */
    Reservation reserve(HttpServletRequest http) {
        long declared = http.getContentLengthLong();
        if (declared > maxBodyBytes || declared < 0) {
            return new Reservation(0);
        }
        if (declared > bodies.budget()) {
            throw new GatewayException(413, "too-large", "the request body of " + declared + " bytes is larger than "
                    + "the gateway's whole budget for request bodies held at once, " + bodies.budget()
                    + " bytes (baton.gateway.request-limits.max-bodies-in-flight)");
        }
        if (!bodies.tryReserve(declared)) {
            throw overBudget(declared);
        }
        return new Reservation(declared);
    }

    private GatewayException overBudget(long bytes) {
        return GatewayException.overloaded("request refused: the gateway holds " + bodies.held()
                + " bytes of request bodies and this one (" + bytes + " bytes) would pass its budget of "
                + bodies.budget() + " bytes (baton.gateway.request-limits.max-bodies-in-flight); retry shortly");
    }

    /** What one body holds of the budget: its Content-Length, or for a chunked body what has arrived so far. */
    final class Reservation {
        /** A chunked body is reserved in steps of this much, not per read. */
        private static final long STEP = 64 * 1024;
        private long bytes;
        private long used;

        private Reservation(long bytes) {
            this.bytes = bytes;
        }

        /** Counts {@code n} more bytes read; past what is reserved, reserves more or refuses (503) past the budget. */
        void grow(int n) {
            used += n;
            if (used <= bytes) {
                return;
            }
            long more = Math.max(STEP, used - bytes);
            if (!bodies.tryReserve(more)) {
                throw overBudget(used);
            }
            bytes += more;
        }

        /** Gives back what was reserved, once. */
        void release() {
            bodies.release(bytes);
            bytes = 0;
        }
    }

    /**
     * The whole body, refused (413) past the limit: by its Content-Length before reading, else while reading; and
     * refused (408) when it has not arrived within the application's SLO counted from {@code received} (at least the
     * rate grace: a client's own {@code timeout} is in the body, unknown until it is read), or too slowly.
     */
    byte[] read(HttpServletRequest http, long received, double sloMs, Reservation reservation) throws IOException {
        String encoding = http.getHeader("Content-Encoding");
        if (encoding != null && !encoding.isBlank() && !encoding.strip().equalsIgnoreCase("identity")) {
            // read as it came, a compressed body would fail as malformed JSON, pointing at its first byte
            throw new GatewayException(415, "unsupported-encoding", "Content-Encoding '" + encoding.strip()
                    + "' is not accepted: send the request body uncompressed");
        }
        long declared = http.getContentLengthLong();
        if (declared > maxBodyBytes) {
            throw tooLarge("of " + declared + " bytes ");
        }
        PacedBody paced = PacedBody.of(http);
        if (paced != null) {
            paced.deadlineAtMost(received + Math.max((long) (sloMs * 1e6), bodyGraceNanos));
        }
        try {
            java.io.InputStream in = http.getInputStream();
            if (declared < 0) {
                in = new java.io.FilterInputStream(in) {
                    @Override
                    public int read() throws IOException {
                        int b = super.read();
                        if (b >= 0) {
                            reservation.grow(1);
                        }
                        return b;
                    }

                    @Override
                    public int read(byte[] buffer, int offset, int length) throws IOException {
                        int n = super.read(buffer, offset, length);
                        if (n > 0) {
                            reservation.grow(n);
                        }
                        return n;
                    }
                };
            }
            return new LimitedInputStream(in, maxBodyBytes).readAllBytes();
        } catch (LimitedInputStream.LimitExceeded e) {
            throw tooLarge("");
        } catch (BodyRefused e) {
            throw new GatewayException(e.tooSlow() ? 408 : 400, e.tooSlow() ? "too-slow" : "client-aborted",
                    e.getMessage());
        }
    }

    private GatewayException tooLarge(String size) {
        return new GatewayException(413, "too-large", "the request body " + size + "exceeds the limit of "
                + maxBodyBytes + " bytes (baton.gateway.max-infer-request-size)");
    }

}
