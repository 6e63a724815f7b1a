package io.baton.profiler.measure;

import java.util.Arrays;

/** Percentiles of timed repetitions by the nearest-rank method: the smallest sample with at least p of them ≤ it. */
public final class Percentiles {

    private Percentiles() {
    }

    /** The p-quantile (0 &lt; p ≤ 1) of {@code samples}, which must not be empty. */
    public static double of(double[] samples, double p) {
        if (samples.length == 0) throw new IllegalArgumentException("no samples");
        if (!(p > 0 && p <= 1)) throw new IllegalArgumentException("p must be in (0, 1], got " + p);
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }
}
