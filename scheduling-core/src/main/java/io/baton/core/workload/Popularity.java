package io.baton.core.workload;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * How a total request rate is shared among n served models: normalised weights w₀ … wₙ₋₁ (sum 1).
 * Model 0 is the most popular (for Zipf, weights decrease with the index). Immutable.
 *
 * <p>Besides {@link #rates(double) splitting a rate} into one stream per model, {@link #sample} draws a
 * model index in O(1) (Walker/Vose alias table) for a single aggregate stream.
 */
public final class Popularity {

    private final double[] weights;
    private final String description;
    // alias table
    private final double[] prob;
    private final int[] alias;

    private Popularity(double[] weights, String description) {
        this.weights = weights;
        this.description = description;
        int n = weights.length;
        this.prob = new double[n];
        this.alias = new int[n];
        buildAlias();
    }

    /** Every model equally popular: wᵢ = 1/n. */
    public static Popularity uniform(int n) {
        checkN(n);
        double[] w = new double[n];
        Arrays.fill(w, 1.0 / n);
        return new Popularity(w, "uniform(" + n + ")");
    }

    /**
     * Zipf popularity: wᵢ = (i+1)^(−s) / Σⱼ (j+1)^(−s), i = 0 … n−1; model 0 is the most popular. The
     * Symphony paper's skewed workload is Zipf with s = 0.9; s = 0 is uniform.
     */
    public static Popularity zipf(int n, double exponent) {
        checkN(n);
        if (!(exponent >= 0) || exponent == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("exponent must be a finite number ≥ 0, got " + exponent);
        }
        double[] w = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            w[i] = Math.pow(i + 1, -exponent);
            sum += w[i];
        }
        for (int i = 0; i < n; i++) w[i] /= sum;
        return new Popularity(w, "zipf(" + n + ", " + exponent + ")");
    }

    /** Arbitrary non-negative weights (not all zero), normalised to sum 1. */
    public static Popularity of(double... weights) {
        if (weights == null || weights.length == 0) throw new IllegalArgumentException("weights must not be empty");
        double sum = 0;
        for (int i = 0; i < weights.length; i++) {
            double x = weights[i];
            if (!(x >= 0) || x == Double.POSITIVE_INFINITY) {
                throw new IllegalArgumentException("weights[" + i + "] must be a finite number ≥ 0, got " + x);
            }
            sum += x;
        }
        if (!(sum > 0)) throw new IllegalArgumentException("weights must not all be 0");
        double[] w = new double[weights.length];
        for (int i = 0; i < w.length; i++) w[i] = weights[i] / sum;
        return new Popularity(w, "weights" + Arrays.toString(w));
    }

    private static void checkN(int n) {
        if (n < 1) throw new IllegalArgumentException("n must be ≥ 1, got " + n);
    }

    /** Number of models. */
    public int size() {
        return weights.length;
    }

    /** The normalised weights (a copy; sum 1, model 0 first). */
    public double[] weights() {
        return weights.clone();
    }

    public double weight(int model) {
        return weights[model];
    }

    /** Per-model rates: {@code totalRate · wᵢ} (same unit as totalRate, normally requests/s). */
    public double[] rates(double totalRate) {
        if (!(totalRate >= 0) || totalRate == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("totalRate must be a finite number ≥ 0, got " + totalRate);
        }
        double[] r = new double[weights.length];
        for (int i = 0; i < r.length; i++) r[i] = totalRate * weights[i];
        return r;
    }

    /** A model index drawn with probability wᵢ; O(1), allocation-free. */
    public int sample(SplittableRandom rng) {
        int n = weights.length;
        int i = rng.nextInt(n);
        return rng.nextDouble() < prob[i] ? i : alias[i];
    }

    private void buildAlias() {
        int n = weights.length;
        double[] scaled = new double[n];
        int[] small = new int[n];
        int[] large = new int[n];
        int ns = 0, nl = 0;
        for (int i = 0; i < n; i++) {
            scaled[i] = weights[i] * n;
            if (scaled[i] < 1) small[ns++] = i; else large[nl++] = i;
        }
        while (ns > 0 && nl > 0) {
            int s = small[--ns];
            int l = large[--nl];
            prob[s] = scaled[s];
            alias[s] = l;
            scaled[l] = (scaled[l] + scaled[s]) - 1;
            if (scaled[l] < 1) small[ns++] = l; else large[nl++] = l;
        }
        while (nl > 0) {
            int l = large[--nl];
            prob[l] = 1;
            alias[l] = l;
        }
        while (ns > 0) { // rounding leftovers
            int s = small[--ns];
            prob[s] = 1;
            alias[s] = s;
        }
    }

    @Override
    public String toString() {
        return description;
    }
}
