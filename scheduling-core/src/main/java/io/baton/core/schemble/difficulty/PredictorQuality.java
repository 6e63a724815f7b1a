package io.baton.core.schemble.difficulty;

import io.baton.core.schemble.ScoreBins;
import java.util.Arrays;

/**
 * How well predicted scores track the true ones on held-out samples: Spearman's rank correlation (what binning
 * needs: bins are quantiles, so only the order matters), mean absolute error, and bin accuracy (the share of
 * samples whose predicted score falls in the same bin as the true score, the bins being those of the profile).
 */
public record PredictorQuality(double spearman, double mae, double binAccuracy, int samples) {

    public static PredictorQuality of(double[] truth, double[] predicted, ScoreBins bins) {
        if (truth.length != predicted.length || truth.length == 0) throw new IllegalArgumentException("need one prediction per true score");
        double mae = 0;
        int sameBin = 0;
        for (int i = 0; i < truth.length; i++) {
            mae += Math.abs(truth[i] - predicted[i]);
            if (bins.bin(truth[i]) == bins.bin(predicted[i])) sameBin++;
        }
        return new PredictorQuality(spearman(truth, predicted), mae / truth.length, (double) sameBin / truth.length, truth.length);
    }

    /** Pearson correlation of the ranks (ties share their mean rank); 0 when either side is constant. */
    public static double spearman(double[] a, double[] b) {
        double[] ra = ranks(a), rb = ranks(b);
        double ma = Arrays.stream(ra).average().orElse(0), mb = Arrays.stream(rb).average().orElse(0);
        double cov = 0, va = 0, vb = 0;
        for (int i = 0; i < a.length; i++) {
            cov += (ra[i] - ma) * (rb[i] - mb);
            va += (ra[i] - ma) * (ra[i] - ma);
            vb += (rb[i] - mb) * (rb[i] - mb);
        }
        return va == 0 || vb == 0 ? 0 : cov / Math.sqrt(va * vb);
    }

    static double[] ranks(double[] v) {
        Integer[] idx = new Integer[v.length];
        for (int i = 0; i < v.length; i++) idx[i] = i;
        Arrays.sort(idx, (x, y) -> Double.compare(v[x], v[y]));
        double[] r = new double[v.length];
        for (int i = 0; i < v.length; ) {
            int j = i;
            while (j + 1 < v.length && v[idx[j + 1]] == v[idx[i]]) j++;
            double mean = (i + j) / 2.0 + 1;
            for (int t = i; t <= j; t++) r[idx[t]] = mean;
            i = j + 1;
        }
        return r;
    }
}
