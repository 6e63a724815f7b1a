package io.baton.core.live;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A lock-free multi-producer, single-consumer message queue whose consumer parks when it is empty.
 * When given a shared {@code pending} counter, every post and every completed message is counted in
 * it, so a caller can wait until the whole dispatcher is quiescent (no message anywhere unprocessed);
 * free-running dispatchers pass null and skip that contended counter.
 */
public final class Mailbox<T> {
    private final ConcurrentLinkedQueue<T> queue = new ConcurrentLinkedQueue<>();
    private final AtomicLong pending;
    private volatile Thread consumer;
    private volatile boolean parked;

    public Mailbox(AtomicLong pending) {
        this.pending = pending;
    }

    public void bind(Thread consumer) {
        this.consumer = consumer;
    }

    public void post(T message) {
        if (pending != null) pending.incrementAndGet();
        queue.add(message);
        if (parked) {
            Thread c = consumer;
            if (c != null) LockSupport.unpark(c);
        }
    }

    /** The next message, or null. The caller calls {@link #done()} after handling a non-null one. */
    public T poll() {
        return queue.poll();
    }

    public void done() {
        if (pending != null) pending.decrementAndGet();
    }

    /** Parks the consumer until a message is posted, the deadline passes, or it is interrupted. */
    public void await(long deadlineNanos) {
        parked = true;
        try {
            if (!queue.isEmpty()) return;
            if (deadlineNanos == Long.MAX_VALUE) LockSupport.park(this);
            else LockSupport.parkNanos(this, deadlineNanos - System.nanoTime());
        } finally {
            parked = false;
        }
    }

    public void wake() {
        Thread c = consumer;
        if (c != null) LockSupport.unpark(c);
    }
}
