package io.baton.scheduler.metrics;

/**
 * Counts over the last {@code seconds} whole seconds, in one-second buckets: what the goodput and miss-rate gauges
 * read. Thread-safe by its lock; touched once per request, so a lock is cheaper than it sounds.
 */
final class RateWindow {

    private final int seconds;
    private final long[] second;
    private final long[] onTime;
    private final long[] offered;
    private final long[] missed;

    RateWindow(int seconds) {
        this.seconds = seconds;
        this.second = new long[seconds];
        this.onTime = new long[seconds];
        this.offered = new long[seconds];
        this.missed = new long[seconds];
    }

    synchronized void record(long nowSecond, boolean servedOnTime) {
        int i = bucket(nowSecond);
        offered[i]++;
        if (servedOnTime) onTime[i]++;
        else missed[i]++;
    }

    /** Requests finished by their deadline per second, over the window. */
    synchronized double goodput(long nowSecond) {
        return sum(onTime, nowSecond) / (double) seconds;
    }

    /** (late + dropped + failed) / ended, over the window; 0 when nothing ended. */
    synchronized double missRate(long nowSecond) {
        long all = sum(offered, nowSecond);
        return all == 0 ? 0 : sum(missed, nowSecond) / (double) all;
    }

    /** Requests that ended (on time, late, dropped or failed) over the window. */
    synchronized long ended(long nowSecond) {
        return sum(offered, nowSecond);
    }

    private int bucket(long nowSecond) {
        int i = (int) Math.floorMod(nowSecond, (long) seconds);
        if (second[i] != nowSecond) {
            second[i] = nowSecond;
            onTime[i] = 0;
            offered[i] = 0;
            missed[i] = 0;
        }
        return i;
    }

    private long sum(long[] counts, long nowSecond) {
        long total = 0;
        for (int i = 0; i < seconds; i++) {
            if (nowSecond - second[i] < seconds && second[i] <= nowSecond) total += counts[i];
        }
        return total;
    }
}
