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
    /** currentBucket's place in counts (a long modulo per arrival costs more than the rest of record). */
    private int currentSlot;
    /** The earliest time that falls in a later bucket than currentBucket: before it, advance has nothing to do. */
    private double nextBucketAtMs = Double.NEGATIVE_INFINITY;
    private long total;
    private double firstArrivalMs = Double.NaN;

    void record(double nowMs) {
        advance(nowMs);
        counts[currentSlot]++;
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
        if (nowMs < nextBucketAtMs) return;     // one comparison per call instead of a division and a floor
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
        currentSlot = (int) Math.floorMod(b, (long) BUCKETS);
        nextBucketAtMs = firstTimeOfBucket(b + 1);
    }

    /**
     * The smallest double t with ⌊t / BUCKET_MS⌋ ≥ k. ⌊t / BUCKET_MS⌋ never decreases as t grows (a
     * correctly rounded division is monotone), so comparing with this threshold tells exactly what the
     * division would: k·BUCKET_MS, nudged by ulps where the division rounds across the boundary.
     */
    static double firstTimeOfBucket(long k) {
        double t = k * BUCKET_MS;
        while (Math.floor(Math.nextDown(t) / BUCKET_MS) >= k) t = Math.nextDown(t);
        while (Math.floor(t / BUCKET_MS) < k) t = Math.nextUp(t);
        return t;
    }
}
