package io.baton.core.warmup;

/**
 * How many warm-up calls may be in flight at once, adjusted as TCP adjusts its window (additive increase,
 * multiplicative decrease): halved (never below 1) by a failed call, one more (never above the most asked for) after
 * as many calls in a row were served as the limit allows. A cold suite answers many times slower than a warm one and
 * refuses what it cannot serve within the deadline; sixteen calls at a time then meet mostly refusals, which run
 * neither the batching nor the workers, so the warm-up warmed the refusal path (one fresh {@code up} served 85 of 377
 * calls on its first route). Fewer at a time are served, and the limit climbs back as the path warms, so that the
 * larger batches are warmed too.
 */
final class InFlightLimit {

    private final int most;
    private int limit;
    private int inFlight;
    private int servedInARow;

    InFlightLimit(int most) {
        if (most < 1) throw new IllegalArgumentException("the limit must be at least 1, got " + most);
        this.most = most;
        this.limit = most;
    }

    /** Waits until a call may start. */
    synchronized void acquire() throws InterruptedException {
        while (inFlight >= limit) wait();
        inFlight++;
    }

    /** A call ended: served or failed. */
    synchronized void release(boolean served) {
        inFlight--;
        if (served) {
            if (++servedInARow >= limit && limit < most) {
                limit++;
                servedInARow = 0;
            }
        } else {
            limit = Math.max(1, limit / 2);
            servedInARow = 0;
        }
        notifyAll();
    }

    synchronized int limit() {
        return limit;
    }
}
