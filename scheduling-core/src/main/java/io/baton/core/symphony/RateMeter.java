package io.baton.core.symphony;

/**
 * A model's request rate λ, measured online over a sliding window of fixed buckets (Symphony's code
 * uses a 100-sample window of 50 ms buckets, about 5 s; so do we). O(1) per arrival, no allocation.
 */
final class RateMeter {
    static final double BUCKET_MS = 50;
    static final int BUCKETS = 100;

    private final int[] counts = new int[BUCKETS];
    private long currentBucket = Long.MIN_VALUE;
    private long total;
    private double firstArrivalMs = Double.NaN;

    void record(double nowMs) {
        advance(nowMs);
        counts[(int) Math.floorMod(currentBucket, (long) BUCKETS)]++;
        total++;
        if (Double.isNaN(firstArrivalMs)) firstArrivalMs = nowMs;
    }

    /**
     * Requests per millisecond over the window (or since the first arrival, when that is shorter; at
     * least one bucket). 0 until anything arrived: with no rate known, waiting cannot pay.
     */
    double perMs(double nowMs) {
        if (Double.isNaN(firstArrivalMs)) return 0;
        advance(nowMs);
        double span = Math.min(BUCKETS * BUCKET_MS, Math.max(BUCKET_MS, nowMs - firstArrivalMs));
        return total / span;
    }

    private void advance(double nowMs) {
        long b = (long) Math.floor(nowMs / BUCKET_MS);
        if (b <= currentBucket) return;
        if (currentBucket == Long.MIN_VALUE || b - currentBucket >= BUCKETS) {
            java.util.Arrays.fill(counts, 0);
            total = 0;
        } else {
            for (long k = currentBucket + 1; k <= b; k++) {
                int i = (int) Math.floorMod(k, (long) BUCKETS);
                total -= counts[i];
                counts[i] = 0;
            }
        }
        currentBucket = b;
    }
}
