package io.baton.core.util;

import io.baton.core.domain.Request;

/**
 * Requests of one model in deadline order (ties: arrival order), as a ring buffer. Requests of one
 * model mostly arrive in deadline order, so insertion is usually an append; an earlier deadline (a
 * per-request timeout) is shifted into place.
 */
public final class DeadlineQueue {
    private Request[] buf = new Request[64];
    private int head;
    private int size;

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public void add(Request r) {
        if (size == buf.length) grow();
        int mask = buf.length - 1;
        int i = size;
        while (i > 0 && buf[(head + i - 1) & mask].deadlineMs > r.deadlineMs) {
            buf[(head + i) & mask] = buf[(head + i - 1) & mask];
            i--;
        }
        buf[(head + i) & mask] = r;
        size++;
    }

    /** The earliest-deadline request, or null. */
    public Request peek() {
        return size == 0 ? null : buf[head];
    }

    /** The i-th request in deadline order (0 = the earliest), 0 ≤ i &lt; size. */
    public Request get(int i) {
        if (i < 0 || i >= size) throw new IndexOutOfBoundsException(i);
        return buf[(head + i) & (buf.length - 1)];
    }

    public Request poll() {
        if (size == 0) return null;
        Request r = buf[head];
        buf[head] = null;
        head = (head + 1) & (buf.length - 1);
        size--;
        return r;
    }

    /** Removes and returns the n earliest-deadline requests (n ≤ size). */
    public Request[] pollBatch(int n) {
        if (n > size) throw new IllegalArgumentException("only " + size + " queued, asked for " + n);
        Request[] out = new Request[n];
        int mask = buf.length - 1;
        for (int i = 0; i < n; i++) {
            int k = (head + i) & mask;
            out[i] = buf[k];
            buf[k] = null;
        }
        head = (head + n) & mask;
        size -= n;
        return out;
    }

    /** The queued requests in deadline order, copied. */
    public Request[] snapshot() {
        Request[] out = new Request[size];
        for (int i = 0; i < size; i++) out[i] = buf[(head + i) & (buf.length - 1)];
        return out;
    }

    private void grow() {
        Request[] next = new Request[buf.length * 2];
        for (int i = 0; i < size; i++) next[i] = buf[(head + i) & (buf.length - 1)];
        buf = next;
        head = 0;
    }
}
