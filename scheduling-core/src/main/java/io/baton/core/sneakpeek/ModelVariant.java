package io.baton.core.sneakpeek;

import io.baton.core.domain.LatencyProfile;

/**
 * One registered model variant of an application, as profiled (paper §2.2, §3.2, §4.1): per-class recall
 * r_i(m) = z_ii / Σ_j z_ij from its confusion matrix on the test set, its profiled accuracy tr(Z)/ΣZ = Σ θ_test,i·r_i
 * (eq. 7–9), its batch latency profile ℓ(b) on the device, its load (swap-in) time and its memory footprint.
 *
 * @param profiledAccuracy the data-oblivious accuracy the baselines use; see {@link #withTestFrequencies}
 * @param maxBatch         the largest batch it runs (1 for a model that does not batch), ≥ 1; the window's own
 *                         {@code maxBatch} binds too
 */
public record ModelVariant(String name, LatencyProfile latency, double loadMs, double memoryMb, double[] recall,
                           double profiledAccuracy, int maxBatch) {

    /** A variant whose batches only the window's {@code maxBatch} limits. */
    public ModelVariant(String name, LatencyProfile latency, double loadMs, double memoryMb, double[] recall,
                        double profiledAccuracy) {
        this(name, latency, loadMs, memoryMb, recall, profiledAccuracy, Integer.MAX_VALUE);
    }

    public ModelVariant {
        if (name == null || name.isBlank()) throw new IllegalArgumentException("a model needs a name");
        if (latency == null) throw new IllegalArgumentException(name + ": latency profile missing");
        if (!(loadMs >= 0) || Double.isInfinite(loadMs)) throw new IllegalArgumentException(name + ": loadMs must be finite and ≥ 0, got " + loadMs);
        if (!(memoryMb >= 0) || Double.isInfinite(memoryMb)) throw new IllegalArgumentException(name + ": memoryMb must be finite and ≥ 0, got " + memoryMb);
        if (recall == null || recall.length == 0) throw new IllegalArgumentException(name + ": recall needs at least one class");
        for (int i = 0; i < recall.length; i++) {
            if (!(recall[i] >= 0 && recall[i] <= 1)) throw new IllegalArgumentException(name + ": recall[" + i + "] must be in [0, 1], got " + recall[i]);
        }
        if (!(profiledAccuracy >= 0 && profiledAccuracy <= 1)) throw new IllegalArgumentException(name + ": profiledAccuracy must be in [0, 1], got " + profiledAccuracy);
        if (maxBatch < 1) throw new IllegalArgumentException(name + ": maxBatch must be ≥ 1, got " + maxBatch);
        recall = recall.clone();
    }

    /** A variant whose profiled accuracy is eq. 9 with the test set's class frequencies. */
    public static ModelVariant withTestFrequencies(String name, LatencyProfile latency, double loadMs, double memoryMb,
                                                   double[] recall, double[] testFrequencies) {
        return new ModelVariant(name, latency, loadMs, memoryMb, recall, accuracy(testFrequencies, recall));
    }

    /** Eq. 9 with θ given: Σ θ_i · r_i. With θ the posterior mean this is the data-aware accuracy of §4.2. */
    public static double accuracy(double[] theta, double[] recall) {
        if (theta.length != recall.length) throw new IllegalArgumentException("θ has " + theta.length + " classes, recall " + recall.length);
        double s = 0;
        for (int i = 0; i < theta.length; i++) s += theta[i] * recall[i];
        return s;
    }

    public double dataAwareAccuracy(double[] theta) {
        return accuracy(theta, recall);
    }

    @Override
    public double[] recall() {
        return recall.clone();
    }

    public double recall(int label) {
        return recall[label];
    }

    public int classes() {
        return recall.length;
    }
}
