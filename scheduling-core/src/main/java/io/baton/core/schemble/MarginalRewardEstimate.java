package io.baton.core.schemble;

/**
 * <b>Eq. 3</b> (Schemble §V-D): accuracy of larger subsets from profiled singles and pairs,
 * U(b,{m_1..m_{k+1}}) = U(b,{m_1..m_k}) + γ_k · (1/k) Σ_{q≤k} [U(b,{m_q,m_{k+1}}) − U(b,{m_q})].
 * The models of a subset are taken in descending order of overall accuracy (the paper: "sorted by
 * their accuracy"; the most accurate first is the plausible reading), and U is clamped to [0, 1].
 * γ_k (k ≥ 2) is the diminishing factor; {@link #fitGamma} estimates it by least squares from a table in
 * which some larger subsets were profiled, and 1 is used where nothing was.
 */
public final class MarginalRewardEstimate {
    private MarginalRewardEstimate() {}

    /**
     * @param measured  U[b][mask]: entries for sizes 1 and 2 are read, the rest ignored
     * @param accuracy  per model, to order the models of a subset
     * @param gamma     gamma[k] for adding the (k+1)-th model, k ≥ 2 (index 0 and 1 unused)
     * @return a full table: sizes 1 and 2 copied, larger sizes by eq. 3
     */
    public static double[][] estimate(double[][] measured, double[] accuracy, double[] gamma) {
        int m = accuracy.length;
        double[][] out = new double[measured.length][1 << m];
        for (int b = 0; b < measured.length; b++) {
            for (int mask = 1; mask < 1 << m; mask++) out[b][mask] = value(measured[b], mask, accuracy, gamma);
        }
        return out;
    }

    private static double value(double[] u, int mask, double[] accuracy, double[] gamma) {
        if (Integer.bitCount(mask) <= 2) return u[mask];
        int[] order = sortedByAccuracy(mask, accuracy);
        double v = u[1 << order[0] | 1 << order[1]];
        for (int k = 2; k < order.length; k++) {
            int next = order[k];
            double gain = 0;
            for (int q = 0; q < k; q++) gain += u[1 << order[q] | 1 << next] - u[1 << order[q]];
            v += gamma(gamma, k) * gain / k;
        }
        return Math.max(0, Math.min(1, v));
    }

    private static double gamma(double[] gamma, int k) {
        return gamma != null && k < gamma.length && !Double.isNaN(gamma[k]) ? gamma[k] : 1;
    }

    static int[] sortedByAccuracy(int mask, double[] accuracy) {
        int[] order = new int[Integer.bitCount(mask)];
        int n = 0;
        for (int k = 0; k < accuracy.length; k++) if ((mask >>> k & 1) != 0) order[n++] = k;
        for (int i = 1; i < n; i++) {
            int x = order[i], j = i - 1;
            while (j >= 0 && accuracy[order[j]] < accuracy[x]) order[j + 1] = order[j--];
            order[j + 1] = x;
        }
        return order;
    }

    /**
     * Least-squares γ_k from a fully profiled table: for every subset of size k+1 and bin, the step of
     * eq. 3 that adds its (k+1)-th model, with the true U of its first k models. NaN where no step exists.
     */
    public static double[] fitGamma(double[][] full, double[] accuracy) {
        int m = accuracy.length;
        double[] num = new double[m], den = new double[m];
        for (double[] u : full) {
            for (int mask = 1; mask < 1 << m; mask++) {
                int size = Integer.bitCount(mask);
                if (size < 3) continue;
                int[] order = sortedByAccuracy(mask, accuracy);
                int k = size - 1, next = order[k], prefix = mask & ~(1 << next);
                double gain = 0;
                for (int q = 0; q < k; q++) gain += u[1 << order[q] | 1 << next] - u[1 << order[q]];
                gain /= k;
                num[k] += gain * (u[mask] - u[prefix]);
                den[k] += gain * gain;
            }
        }
        double[] gamma = new double[m];
        for (int k = 0; k < m; k++) gamma[k] = den[k] > 0 ? num[k] / den[k] : Double.NaN;
        return gamma;
    }
}
