package io.baton.core.schemble;

import java.util.Arrays;

/**
 * Every finish time Algorithm 1 can reach: model k with c tasks is free at t_k^(0) + c·T_k, with
 * t_k^(0) = max(now, free-at_k). The times are built as the DP would add them, one T_k at a time, so
 * they are the same doubles. Counts stop at the number of queries and at the last one that finishes by
 * the latest deadline (with the planner's tolerance): no feasible plan gives a model more.
 *
 * <p>It also numbers count vectors: key(c) = Σ c_k·stride_k, mixed radix over (maxCount_k + 1). When
 * the product of the radices does not fit in a long the key wraps; it then only hashes, and equal keys
 * are checked count by count ({@link #exactKeys()} is false).
 */
final class FinishTimes {
    private final double[][] at;
    private final int[] maxCount;
    private final long[] stride;
    private final boolean exactKeys;

    FinishTimes(PlanningProblem p, double eps) {
        int m = p.models().size(), n = p.queries().size();
        double latest = Double.NEGATIVE_INFINITY;
        for (PlannerQuery q : p.queries()) latest = Math.max(latest, q.deadlineMs());
        double bound = latest + eps;
        at = new double[m][];
        maxCount = new int[m];
        stride = new long[m];
        long radixProduct = 1;
        boolean exact = true;
        for (int k = 0; k < m; k++) {
            PlannerModel model = p.models().get(k);
            double[] t = new double[Math.min(n, 64) + 1];
            t[0] = Math.max(p.nowMs(), model.freeAtMs());
            int c = 0;
            while (c < n && t[c] + model.latencyMs() <= bound) {
                if (c + 1 == t.length) t = Arrays.copyOf(t, Math.min(n, 2 * c) + 1);
                t[c + 1] = t[c] + model.latencyMs();
                c++;
            }
            at[k] = t;
            maxCount[k] = c;
            stride[k] = radixProduct;
            if (exact && radixProduct > Long.MAX_VALUE / (c + 1)) exact = false;
            radixProduct *= c + 1;
        }
        exactKeys = exact;
    }

    /** When model k is free after c tasks (c ≤ {@link #maxCounts()}[k]). */
    double at(int k, int c) {
        return at[k][c];
    }

    /** The most tasks model k can have finished by {@code deadline}; −1 if it is busy past it already. */
    int mostBy(int k, double deadline) {
        double[] t = at[k];
        int lo = -1, hi = maxCount[k]; // t[lo] ≤ deadline (lo = −1: none), answer in [lo, hi]
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (t[mid] <= deadline) lo = mid;
            else hi = mid - 1;
        }
        return lo;
    }

    int[] maxCounts() {
        return maxCount.clone();
    }

    long stride(int k) {
        return stride[k];
    }

    boolean exactKeys() {
        return exactKeys;
    }
}
