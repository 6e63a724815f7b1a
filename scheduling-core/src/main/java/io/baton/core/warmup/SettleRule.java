package io.baton.core.warmup;

import java.util.Arrays;
import java.util.List;

/**
 * When a path is warm: once at least {@code minCalls} calls have been served, the median latency of the last
 * {@code window} of them is within {@code tolerance} (a fraction) of the median of the {@code window} before. A JIT
 * still compiling the path makes consecutive windows differ by far more than that; a warm path's windows differ by
 * noise. {@code minCalls} keeps a path that looks steady early (interpreted code is steadily slow) from passing before
 * the compilers have seen enough calls.
 *
 * @param window    calls per window, at least 1
 * @param tolerance how far, as a fraction of the earlier window's median, the last window's median may be from it
 * @param minCalls  calls served before the rule can say settled (at least two windows are always needed)
 */
public record SettleRule(int window, double tolerance, int minCalls) {

    public SettleRule {
        if (window < 1) throw new IllegalArgumentException("window must be at least 1, got " + window);
        if (!(tolerance >= 0) || Double.isInfinite(tolerance)) {
            throw new IllegalArgumentException("tolerance must be a finite fraction ≥ 0, got " + tolerance);
        }
        if (minCalls < 0) throw new IllegalArgumentException("minCalls must be ≥ 0, got " + minCalls);
    }

    /** Calls needed before {@link #settled} can answer true. */
    public int needed() {
        return Math.max(2 * window, minCalls);
    }

    /** Whether the latencies, in the order the calls finished, have settled. */
    public boolean settled(List<Double> latenciesMs) {
        int n = latenciesMs.size();
        if (n < needed()) return false;
        double previous = median(latenciesMs.subList(n - 2 * window, n - window));
        double last = median(latenciesMs.subList(n - window, n));
        return Math.abs(last - previous) <= tolerance * previous;
    }

    /** The median of the last window (of all of them when fewer); NaN when there are none. */
    public double lastMedian(List<Double> latenciesMs) {
        int n = latenciesMs.size();
        return n == 0 ? Double.NaN : median(latenciesMs.subList(Math.max(0, n - window), n));
    }

    static double median(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(v);
        int m = v.length / 2;
        return v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
    }
}
