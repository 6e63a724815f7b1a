package io.baton.core.schemble;

import java.util.Arrays;

/**
 * Bins over the discrepancy score (§V-B, §V-D) with quantile edges: with b bins, edge j is the
 * (j/b)-quantile of the profiled scores (lower empirical quantile), so each bin holds about the same
 * number of samples; the paper does not give the count or the placement. A score goes to the first
 * bin whose upper edge is ≥ it; scores above the last edge go to the last bin.
 */
public final class ScoreBins {
    private final double[] upper;

    private ScoreBins(double[] upper) {
        this.upper = upper;
    }

    /** Upper edges of bins 0..b−2 (bin b−1 is unbounded). */
    public static ScoreBins ofEdges(double... upperEdges) {
        for (int i = 1; i < upperEdges.length; i++) {
            if (upperEdges[i] < upperEdges[i - 1]) throw new IllegalArgumentException("edges must be non-decreasing");
        }
        return new ScoreBins(upperEdges.clone());
    }

    public static ScoreBins quantiles(double[] scores, int bins) {
        if (bins < 1) throw new IllegalArgumentException("bins must be ≥ 1");
        if (scores.length == 0) return new ScoreBins(new double[0]);
        double[] sorted = scores.clone();
        Arrays.sort(sorted);
        double[] edges = new double[bins - 1];
        for (int j = 1; j < bins; j++) {
            int idx = (int) Math.ceil((double) j * sorted.length / bins) - 1;
            edges[j - 1] = sorted[Math.max(0, idx)];
        }
        return new ScoreBins(edges);
    }

    public int count() {
        return upper.length + 1;
    }

    public int bin(double score) {
        int lo = 0, hi = upper.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (upper[mid] >= score) hi = mid; else lo = mid + 1;
        }
        return lo;
    }

    public double[] upperEdges() {
        return upper.clone();
    }
}
