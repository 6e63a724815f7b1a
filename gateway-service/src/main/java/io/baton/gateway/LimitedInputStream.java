package io.baton.gateway;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A request body that may not pass {@code limit} bytes: reading past it fails with {@link LimitExceeded}. For bodies
 * without a {@code Content-Length} (chunked), whose size shows only while they are read; {@link #exceeded} tells
 * afterwards whether that is why a read failed, also when the failure reached the caller wrapped by someone else.
 * Closing it does not close the request's own stream.
 */
public final class LimitedInputStream extends FilterInputStream {

    /** The body passed the limit. */
    public static final class LimitExceeded extends IOException {
        LimitExceeded(long limit) {
            super("the request body exceeds " + limit + " bytes");
        }
    }

    private final long limit;
    private long count;
    private volatile boolean exceeded;

    public LimitedInputStream(InputStream in, long limit) {
        super(in);
        this.limit = limit;
    }

    @Override
    public int read() throws IOException {
        refuseOnceExceeded();
        int b = super.read();
        if (b >= 0) {
            counted(1);
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        refuseOnceExceeded();
        if (length == 0) {
            return 0;
        }
        // never more than one byte past the limit, so an oversized body is not read on for nothing
        int n = super.read(buffer, offset, (int) Math.min(length, limit - count + 1));
        if (n > 0) {
            counted(n);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        refuseOnceExceeded();
        long skipped = super.skip(Math.min(n, limit - count + 1));
        counted(skipped);
        return skipped;
    }

    @Override
    public void close() {
        // the servlet container owns the request's stream
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    public boolean exceeded() {
        return exceeded;
    }

    private void refuseOnceExceeded() throws LimitExceeded {
        if (exceeded) {
            throw new LimitExceeded(limit);
        }
    }

    private void counted(long n) throws LimitExceeded {
        count += n;
        if (count > limit) {
            exceeded = true;
            throw new LimitExceeded(limit);
        }
    }
}
