package io.baton.gateway.edge;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;

/**
 * A request body that must arrive in time: before its deadline, and, once the grace has passed, at no less than the
 * minimum average rate counted from when the request came in. A read that breaks either rule fails with
 * {@link BodyRefused} ({@code TOO_SLOW}); a read the connection fails (the client went away) with {@code
 * CLIENT_ABORTED}, and a read that waited Tomcat's upload timeout for the next bytes counts as too slow. The rules
 * are checked as reads return, so a read that waits is bounded by Tomcat's upload timeout, not here. The first
 * refusal is kept ({@link #refusal}) for whoever answers the request, and every later read repeats it.
 *
 * <p>{@link #onEnd} runs once when the body has been read to its end or refused, to give back what reading it held.
 */
public final class PacedBody extends ServletInputStream {

    /** The request attribute under which a request's {@code PacedBody} is found ({@link #of}). */
    public static final String ATTRIBUTE = PacedBody.class.getName();

    private final ServletInputStream in;
    private final long declaredLength;
    private final long startNanos;
    private final long graceNanos;
    private final double minBytesPerNano;
    private final LongSupplier clock;
    private final Runnable onEnd;
    private volatile long deadlineNanos;
    private long count;
    private volatile BodyRefused refusal;
    private final AtomicBoolean ended = new AtomicBoolean();

    /** A body of {@code declaredLength} bytes (-1: chunked) whose request came in at {@code startNanos}. */
    PacedBody(ServletInputStream in, long declaredLength, long startNanos, EdgeProperties.Body rules,
              LongSupplier clock, Runnable onEnd) {
        this.in = in;
        this.declaredLength = declaredLength;
        this.startNanos = startNanos;
        this.deadlineNanos = startNanos + rules.maxReadTime().toNanos();
        this.graceNanos = rules.rateGrace().toNanos();
        this.minBytesPerNano = rules.minRate().toBytes() / 1e9;
        this.clock = clock;
        this.onEnd = onEnd;
    }

    /** The paced body of {@code request}, or null when it has none (no body, or a route that reads none). */
    public static PacedBody of(ServletRequest request) {
        return request.getAttribute(ATTRIBUTE) instanceof PacedBody body ? body : null;
    }

    /** Brings the deadline forward to {@code deadlineNanos} (on {@link System#nanoTime}'s scale), never back. */
    public void deadlineAtMost(long deadlineNanos) {
        if (deadlineNanos - this.deadlineNanos < 0) {
            this.deadlineNanos = deadlineNanos;
        }
    }

    /** Whether the body has been read to its end (or refused: nothing more will be read of it). */
    public boolean ended() {
        return ended.get();
    }

    /** Why the body was not read to its end; null while it is being read or once it was. */
    public BodyRefused refusal() {
        return refusal;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n <= 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public synchronized int read(byte[] b, int off, int len) throws IOException {
        if (refusal != null) {
            throw refusal;
        }
        if (ended.get()) {
            return -1;
        }
        deadline(clock.getAsLong()); // not the rate: the bytes waiting unread are not counted yet
        int n;
        try {
            n = in.read(b, off, len);
        } catch (IOException e) {
            throw refuse(failure(e));
        }
        if (n < 0) {
            end();
            return n;
        }
        count += n;
        if (declaredLength >= 0 && count >= declaredLength) {
            end(); // all of it: the last bytes count however late they came
            return n;
        }
        check(clock.getAsLong());
        return n;
    }

    private void deadline(long now) throws BodyRefused {
        if (now - deadlineNanos > 0) {
            throw refuse(new BodyRefused(BodyRefused.Kind.TOO_SLOW, "the request body was not received in time: "
                    + count + " of " + of() + " bytes in " + (now - startNanos) / 1_000_000 + " ms", null));
        }
    }

    private void check(long now) throws BodyRefused {
        long elapsed = now - startNanos;
        deadline(now);
        if (elapsed > graceNanos && count < minBytesPerNano * elapsed) {
            throw refuse(new BodyRefused(BodyRefused.Kind.TOO_SLOW, "the request body arrives too slowly: "
                    + count + " of " + of() + " bytes in " + elapsed / 1_000_000 + " ms, below the minimum of "
                    + Math.round(minBytesPerNano * 1e9) + " bytes per second (baton.gateway.edge.body.min-rate)",
                    null));
        }
    }

    private BodyRefused failure(IOException e) {
        if (e instanceof BodyRefused r) {
            return r;
        }
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof SocketTimeoutException) {
                return new BodyRefused(BodyRefused.Kind.TOO_SLOW, "the request body stalled: no bytes for "
                        + "baton.gateway.edge.body.stall-timeout after " + count + " of " + of() + " bytes", e);
            }
        }
        return new BodyRefused(BodyRefused.Kind.CLIENT_ABORTED, "the client aborted the request body after "
                + count + " of " + of() + " bytes", e);
    }

    private String of() {
        return declaredLength >= 0 ? String.valueOf(declaredLength) : "(chunked)";
    }

    private BodyRefused refuse(BodyRefused r) {
        if (refusal == null) {
            refusal = r;
        }
        end();
        return refusal;
    }

    private void end() {
        if (ended.compareAndSet(false, true)) {
            onEnd.run();
        }
    }

    /**
     * Reads and drops what the route left unread, at most {@code max} bytes, under the same rules: what Tomcat would
     * otherwise do after the answer (to keep the connection), at the client's pace and outside the bound on bodies
     * read at once. Before the answer is written: once it is, Tomcat reads no more of the body for the application.
     *
     * @return whether the body is now read to its end; false when more than {@code max} was left, or it was refused
     */
    synchronized boolean drain(long max) {
        byte[] buffer = new byte[8192];
        long drained = 0;
        try {
            while (!ended.get() && refusal == null) {
                if (declaredLength >= 0 && declaredLength - count > max - drained) {
                    return false;
                }
                int n = read(buffer, 0, buffer.length);
                if (n < 0) {
                    return true;
                }
                drained += n;
                if (drained > max) {
                    return false;
                }
            }
        } catch (IOException refused) {
            return false;
        }
        return refusal == null;
    }

    /** Ends the body's hold on what reading it took, whether or not it was read (the request is over). */
    void release() {
        end();
    }

    @Override
    public boolean isFinished() {
        return ended.get() || in.isFinished();
    }

    @Override
    public boolean isReady() {
        return in.isReady();
    }

    @Override
    public void setReadListener(ReadListener listener) {
        throw new IllegalStateException("the gateway reads request bodies blocking, within baton.gateway.edge.body");
    }

    @Override
    public int available() throws IOException {
        return refusal != null || ended.get() ? 0 : in.available();
    }

    @Override
    public void close() {
        // the servlet container owns the request's stream
    }
}
