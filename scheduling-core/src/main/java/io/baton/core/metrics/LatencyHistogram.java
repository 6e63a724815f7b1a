package io.baton.core.metrics;

import java.util.Arrays;

/**
 * A fixed-size log-linear histogram of latencies in ms, for percentiles with ≤ 0.4 % relative error.
 *
 * <p>Buckets: each power-of-two octave from 2⁻¹⁰ ms (≈ 0.98 µs) up to 2²⁴ ms (≈ 1.68·10⁷ ms, 4.7 h) is
 * split into 128 equal sub-buckets, so a bucket [lo, hi) has hi/lo ≤ 1 + 1/128. The bucket index is
 * read straight off the IEEE-754 bits of the value (exponent and the top 7 mantissa bits): recording is
 * a shift, a subtraction, two range checks and an array increment, with no allocation. Values below
 * 2⁻¹⁰ ms (including 0) go to one underflow bucket; values from 2²⁴ ms up are clamped into the top
 * bucket. 34 octaves × 128 + 1 = 4353 counters.
 *
 * <p>{@link #percentile} reports the <em>geometric midpoint</em> √(lo·hi) of the bucket holding the
 * order statistic, clamped to the exact [min, max] recorded; that is within √(1 + 1/128) − 1 ≈ 0.39 %
 * of the true order statistic for every value in range. The underflow bucket reports the exact
 * minimum, and a clamped top bucket at most the exact maximum. {@link #count()}, {@link #mean()},
 * {@link #min()} and {@link #max()} are exact (a running sum is kept).
 *
 * <p>Not thread-safe: one histogram per thread, {@link #merge merged} afterwards.
 */
public final class LatencyHistogram {

    /** Sub-buckets per octave = 2^SUB_BITS. */
    private static final int SUB_BITS = 7;
    private static final int SHIFT = 52 - SUB_BITS;
    /** Smallest in-range value is 2^MIN_EXP ms. */
    private static final int MIN_EXP = -10;
    private static final int OCTAVES = 34;
    /** (biased exponent of the smallest value, 0 sub-bucket) in the top bits, shifted down. */
    private static final long OFFSET = (long) (1023 + MIN_EXP) << SUB_BITS;
    private static final int BUCKETS = OCTAVES * (1 << SUB_BITS) + 1;
    private static final int TOP = BUCKETS - 1;

    /** Smallest value not in the underflow bucket (2⁻¹⁰ ms). */
    public static final double MIN_TRACKED_MS = Math.scalb(1.0, MIN_EXP);
    /** Values at or above this (2²⁴ ms) are clamped into the top bucket. */
    public static final double MAX_TRACKED_MS = Math.scalb(1.0, MIN_EXP + OCTAVES);

    private final long[] counts = new long[BUCKETS];
    private long count;
    private double sum;
    private double min = Double.POSITIVE_INFINITY;
    private double max = Double.NEGATIVE_INFINITY;

    /**
     * Records one latency in ms: finite and ≥ 0, else {@link IllegalArgumentException}. Allocation-free.
     */
    public void record(double ms) {
        if (!(ms >= 0 && ms < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("latency must be a finite number ≥ 0 ms, got " + ms);
        }
        long idx = (Double.doubleToRawLongBits(ms) >>> SHIFT) - OFFSET + 1;
        int i = idx < 1 ? 0 : idx > TOP ? TOP : (int) idx;
        counts[i]++;
        count++;
        sum += ms;
        if (ms < min) min = ms;
        if (ms > max) max = ms;
    }

    /** Records {@code n} ≥ 0 occurrences of the same latency. */
    public void record(double ms, long n) {
        if (n < 0) throw new IllegalArgumentException("n must be ≥ 0, got " + n);
        if (!(ms >= 0 && ms < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("latency must be a finite number ≥ 0 ms, got " + ms);
        }
        if (n == 0) return;
        counts[indexOf(ms)] += n;
        count += n;
        sum += ms * n;
        if (ms < min) min = ms;
        if (ms > max) max = ms;
    }

    private static int indexOf(double ms) {
        long idx = (Double.doubleToRawLongBits(ms) >>> SHIFT) - OFFSET + 1;
        return idx < 1 ? 0 : idx > TOP ? TOP : (int) idx;
    }

    /** Lower edge of bucket i ≥ 1. */
    private static double lowerEdge(int i) {
        return Double.longBitsToDouble((i - 1 + OFFSET) << SHIFT);
    }

    public long count() {
        return count;
    }

    /**
     * The p-th percentile, p in [0, 100], of the nearest-rank kind: the value of rank ⌈p/100 · count⌉
     * (at least 1) in sorted order, reported as described in the class comment (within 0.4 %); p = 0 is
     * the exact minimum and p = 100 the exact maximum. NaN when empty.
     */
    public double percentile(double p) {
        if (!(p >= 0 && p <= 100)) throw new IllegalArgumentException("p must be in [0, 100], got " + p);
        if (count == 0) return Double.NaN;
        if (p == 0) return min;
        if (p == 100) return max;
        long rank = (long) Math.ceil(p / 100.0 * count);
        if (rank < 1) rank = 1;
        if (rank > count) rank = count;
        long seen = 0;
        int i = 0;
        for (; i < BUCKETS; i++) {
            seen += counts[i];
            if (seen >= rank) break;
        }
        double v;
        if (i == 0) {
            v = min;
        } else {
            double lo = lowerEdge(i);
            double hi = lowerEdge(i + 1);
            v = Math.sqrt(lo * hi);
        }
        return v < min ? min : v > max ? max : v;
    }

    /** Exact arithmetic mean; NaN when empty. */
    public double mean() {
        return count == 0 ? Double.NaN : sum / count;
    }

    /** Exact sum of the recorded latencies, ms. */
    public double sum() {
        return sum;
    }

    /** Exact minimum; NaN when empty. */
    public double min() {
        return count == 0 ? Double.NaN : min;
    }

    /** Exact maximum; NaN when empty. */
    public double max() {
        return count == 0 ? Double.NaN : max;
    }

    /** Adds everything recorded in {@code other} to this histogram ({@code other} is unchanged). */
    public void merge(LatencyHistogram other) {
        if (other == this) {
            for (int i = 0; i < BUCKETS; i++) counts[i] *= 2;
            count *= 2;
            sum *= 2;
            return;
        }
        if (other.count == 0) return;
        long[] oc = other.counts;
        for (int i = 0; i < BUCKETS; i++) counts[i] += oc[i];
        count += other.count;
        sum += other.sum;
        if (other.min < min) min = other.min;
        if (other.max > max) max = other.max;
    }

    /** Forgets everything recorded. */
    public void reset() {
        Arrays.fill(counts, 0);
        count = 0;
        sum = 0;
        min = Double.POSITIVE_INFINITY;
        max = Double.NEGATIVE_INFINITY;
    }

    @Override
    public String toString() {
        if (count == 0) return "LatencyHistogram{empty}";
        return "LatencyHistogram{count=" + count + ", mean=" + mean() + ", p50=" + percentile(50) + ", p99="
                + percentile(99) + ", max=" + max + '}';
    }
}
