package io.baton.core.util;

import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Time limits that are armed and disarmed on every request's path and almost never fire, without waking a thread to
 * arm one. A {@code ScheduledThreadPoolExecutor} (and {@code CompletableFuture.orTimeout}, which uses one) signals its
 * thread whenever a new task becomes its earliest, which with few requests in flight is nearly every request: one more
 * thread woken per request, competing for the cores with the request's own. Here one thread looks at the earliest
 * limit once per {@code tick} while any is armed, and sleeps with no deadline while none is; arming wakes it only
 * from that sleep. So a limit fires up to one tick late, and arming or cancelling one costs a sorted-set insert or
 * removal.
 * <p>
 * The actions run on the timer's thread and must be short: complete a future, close a call.
 */
public final class CoarseTimer implements AutoCloseable {

    /** An armed limit; {@link #cancel()} disarms it (nothing, once it fired). */
    public interface Timeout {
        void cancel();
    }

    private static final Logger LOG = Logger.getLogger(CoarseTimer.class.getName());
    private static final CoarseTimer SHARED = new CoarseTimer("coarse-timer", TimeUnit.MILLISECONDS.toNanos(10));

    private final ConcurrentSkipListSet<Entry> armed = new ConcurrentSkipListSet<>();
    private final AtomicLong sequence = new AtomicLong();
    private final long tickNanos;
    private final Thread thread;
    private volatile boolean idle;
    private volatile boolean closed;

    /**
     * @param name the thread's name
     * @param tickNanos how often armed limits are looked at: the most a limit fires late
     */
    public CoarseTimer(String name, long tickNanos) {
        if (tickNanos <= 0) throw new IllegalArgumentException("tick must be positive, not " + tickNanos + " ns");
        this.tickNanos = tickNanos;
        this.thread = new Thread(this::run, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** The process's one timer, ticking every 10 ms (a daemon thread, never closed). */
    public static CoarseTimer shared() {
        return SHARED;
    }

    /** Runs {@code action} once {@code delay} has passed, unless cancelled before. */
    public Timeout schedule(Runnable action, long delay, TimeUnit unit) {
        Entry e = new Entry(System.nanoTime() + unit.toNanos(delay), sequence.incrementAndGet(), action);
        armed.add(e);
        if (idle) LockSupport.unpark(thread);
        return e;
    }

    /** How many limits are armed now. */
    public int armed() {
        return armed.size();
    }

    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
    }

    private void run() {
        while (!closed) {
            if (armed.isEmpty()) {
                idle = true;
                // an add between the check above and this one finds idle set and unparks: park then returns at once
                if (armed.isEmpty() && !closed) LockSupport.park(this);
                idle = false;
                continue;
            }
            LockSupport.parkNanos(this, tickNanos);
            fireDue();
        }
    }

    private void fireDue() {
        long now = System.nanoTime();
        while (true) {
            Entry first = first();
            if (first == null || first.dueNanos - now > 0) return;
            if (!armed.remove(first)) continue; // cancelled meanwhile
            try {
                first.action.run();
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "a time limit's action failed", e);
            }
        }
    }

    private Entry first() {
        try {
            return armed.first();
        } catch (java.util.NoSuchElementException emptied) {
            return null;
        }
    }

    private final class Entry implements Comparable<Entry>, Timeout {
        final long dueNanos;
        final long seq;
        final Runnable action;

        Entry(long dueNanos, long seq, Runnable action) {
            this.dueNanos = dueNanos;
            this.seq = seq;
            this.action = action;
        }

        @Override
        public void cancel() {
            armed.remove(this);
        }

        @Override
        public int compareTo(Entry o) {
            int byTime = Long.compare(dueNanos - o.dueNanos, 0);
            return byTime != 0 ? byTime : Long.compare(seq, o.seq);
        }
    }
}
