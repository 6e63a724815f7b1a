package io.baton.core.schemble;

import io.baton.core.util.Nearest;

/**
 * KNORA-Eliminate (Ko, Sabourin, Britto 2008), the DES baseline (the paper's DES baseline may be KNORA-E or FIRE-DES++;
 * KNORA-E is the simpler): find the K validation samples nearest the query in feature space; select the models that are
 * correct on all of them; if none, shrink K until some model is; if none even at K = 1, every model. "Correct" is
 * agreement with the full ensemble's output (Schemble takes that as the ground truth).
 */
public final class KnoraE {
    private final double[][] features;
    private final boolean[][] correct;
    private final int k;

    /** @param correct correct[i][model]: model agrees with the ensemble on validation sample i */
    public KnoraE(double[][] features, boolean[][] correct, int k) {
        this.features = features;
        this.correct = correct;
        this.k = Math.min(k, features.length);
    }

    public int select(double[] x) {
        int n = features.length, m = correct[0].length;
        int[] nearest = new int[k];
        double[] dist = new double[k];
        int found = 0;
        for (int i = 0; i < n; i++) {
            double d = 0;
            for (int j = 0; j < x.length; j++) d += (features[i][j] - x[j]) * (features[i][j] - x[j]);
            found = Nearest.offer(nearest, dist, found, i, d);
        }
        for (int size = found; size >= 1; size--) {
            int mask = (1 << m) - 1;
            for (int j = 0; j < size; j++) {
                for (int model = 0; model < m; model++) if (!correct[nearest[j]][model]) mask &= ~(1 << model);
            }
            if (mask != 0) return mask;
        }
        return (1 << m) - 1;
    }
}
