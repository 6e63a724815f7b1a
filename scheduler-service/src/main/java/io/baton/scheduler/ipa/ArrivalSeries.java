package io.baton.scheduler.ipa;

/**
 * Arrivals per whole second over a sliding window, the input of IPA's load forecasters (oldest first, the last
 * element the most recent complete second). Thread-safe: stage requests arrive on many threads.
 */
final class ArrivalSeries {

    private final int windowS;
    private final long[] counts;
    /** The second (epoch ms / 1000) the newest slot counts; Long.MIN_VALUE before the first arrival. */
    private long currentSecond = Long.MIN_VALUE;
    /** The second of the first arrival: fewer complete seconds than the window have passed until window after it. */
    private long firstSecond = Long.MAX_VALUE;

    ArrivalSeries(int windowS) {
        if (windowS < 1) throw new IllegalArgumentException("window must be ≥ 1 s");
        this.windowS = windowS;
        this.counts = new long[windowS + 1]; // the window of complete seconds, plus the one in progress
    }

    synchronized void record(long nowMs) {
        advance(Math.floorDiv(nowMs, 1000));
        counts[slot(currentSecond)]++;
    }

    /**
     * The complete seconds before {@code nowMs}, oldest first: as many as have passed since the first arrival, at
     * most the window, at least one (zeros before anything arrived).
     */
    synchronized double[] perSecond(long nowMs) {
        long second = Math.floorDiv(nowMs, 1000);
        if (currentSecond == Long.MIN_VALUE) return new double[1];
        advance(second);
        int n = (int) Math.max(1, Math.min(windowS, second - firstSecond));
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = counts[slot(second - n + i)];
        }
        return out;
    }

    private void advance(long second) {
        if (currentSecond == Long.MIN_VALUE) {
            currentSecond = second;
            firstSecond = second;
            return;
        }
        if (second <= currentSecond) return;
        long clear = Math.min(second - currentSecond, counts.length);
        for (long k = 1; k <= clear; k++) counts[slot(currentSecond + k)] = 0;
        currentSecond = second;
    }

    private int slot(long second) {
        return (int) Math.floorMod(second, (long) counts.length);
    }
}
