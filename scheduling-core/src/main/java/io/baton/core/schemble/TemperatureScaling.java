package io.baton.core.schemble;

/**
 * Temperature scaling (Guo et al. 2017), which Schemble applies to each classifier before the
 * discrepancy score (§V-A): softmax(z / T) with one T per model, fitted on validation data by minimising
 * the negative log-likelihood of the true labels (Guo's target; the paper does not name one).
 *
 * <p>Recorded outputs are probabilities, not logits. log p differs from the logits by a per-sample
 * constant, which softmax cancels, so softmax(log p / T) ∝ p^(1/T) is exactly temperature scaling.
 * T is found by golden-section search over log T in [ln 0.05, ln 20] (the NLL is unimodal in T).
 */
public final class TemperatureScaling {
    private static final double FLOOR = 1e-12;

    private TemperatureScaling() {}

    /** p^(1/T), renormalised. */
    public static double[] apply(float[] probs, double temperature) {
        double[] out = new double[probs.length];
        double inv = 1 / temperature, max = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < probs.length; c++) {
            out[c] = Math.log(Math.max(probs[c], FLOOR)) * inv;
            max = Math.max(max, out[c]);
        }
        double sum = 0;
        for (int c = 0; c < probs.length; c++) sum += out[c] = Math.exp(out[c] - max);
        for (int c = 0; c < probs.length; c++) out[c] /= sum;
        return out;
    }

    /** Mean NLL of the labels under model's outputs scaled by T. */
    public static double nll(float[][] probs, int[] labels, double temperature) {
        double sum = 0;
        for (int i = 0; i < probs.length; i++) sum -= Math.log(Math.max(apply(probs[i], temperature)[labels[i]], FLOOR));
        return sum / probs.length;
    }

    /** The T minimising {@link #nll} on this validation set. */
    public static double fit(float[][] probs, int[] labels) {
        if (probs.length == 0) return 1;
        double lo = Math.log(0.05), hi = Math.log(20), g = (Math.sqrt(5) - 1) / 2;
        double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
        double fa = nll(probs, labels, Math.exp(a)), fb = nll(probs, labels, Math.exp(b));
        for (int it = 0; it < 60; it++) {
            if (fa <= fb) {
                hi = b; b = a; fb = fa;
                a = hi - g * (hi - lo);
                fa = nll(probs, labels, Math.exp(a));
            } else {
                lo = a; a = b; fa = fb;
                b = lo + g * (hi - lo);
                fb = nll(probs, labels, Math.exp(b));
            }
        }
        return Math.exp((lo + hi) / 2);
    }
}
