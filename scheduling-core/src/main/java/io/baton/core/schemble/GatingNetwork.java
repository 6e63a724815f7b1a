package io.baton.core.schemble;

/**
 * The gating baseline (Schemble §VIII, after Shazeer et al.): a softmax gate over the query's features
 * gives one weight per base model, trained (full-batch gradient descent on cross-entropy) so that the
 * gate puts its weight on the models that agree with the ensemble; a model is selected when its weight
 * is at least {@code threshold} (the paper does not give it; 1/m by default: above a uniform share),
 * and the highest-weight model always.
 */
public final class GatingNetwork {
    private final double[][] w; // [model][feature + bias]
    private final double threshold;

    private GatingNetwork(double[][] w, double threshold) {
        this.w = w;
        this.threshold = threshold;
    }

    /** @param correct correct[i][model]: the model agrees with the ensemble on training sample i */
    public static GatingNetwork train(double[][] x, boolean[][] correct, double threshold, int epochs, double rate) {
        int m = correct[0].length, f = x[0].length;
        double[][] w = new double[m][f + 1];
        for (int epoch = 0; epoch < epochs; epoch++) {
            double[][] grad = new double[m][f + 1];
            for (int i = 0; i < x.length; i++) {
                double[] p = softmax(w, x[i]);
                int right = 0;
                for (int k = 0; k < m; k++) if (correct[i][k]) right++;
                for (int k = 0; k < m; k++) {
                    double target = right == 0 ? 1.0 / m : (correct[i][k] ? 1.0 / right : 0);
                    double g = p[k] - target;
                    for (int j = 0; j < f; j++) grad[k][j] += g * x[i][j];
                    grad[k][f] += g;
                }
            }
            for (int k = 0; k < m; k++) for (int j = 0; j <= f; j++) w[k][j] -= rate * grad[k][j] / x.length;
        }
        return new GatingNetwork(w, threshold);
    }

    public double[] weights(double[] x) {
        return softmax(w, x);
    }

    public int select(double[] x) {
        double[] p = weights(x);
        int best = 0, mask = 0;
        for (int k = 0; k < p.length; k++) {
            if (p[k] > p[best]) best = k;
            if (p[k] >= threshold) mask |= 1 << k;
        }
        return mask | 1 << best;
    }

    private static double[] softmax(double[][] w, double[] x) {
        double[] z = new double[w.length];
        double max = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < w.length; k++) {
            double s = w[k][x.length];
            for (int j = 0; j < x.length; j++) s += w[k][j] * x[j];
            z[k] = s;
            max = Math.max(max, s);
        }
        double sum = 0;
        for (int k = 0; k < z.length; k++) sum += z[k] = Math.exp(z[k] - max);
        for (int k = 0; k < z.length; k++) z[k] /= sum;
        return z;
    }
}
