package io.baton.core.schemble;

/**
 * One recorded sample of an ensemble application: its label and every base model's output
 * (class-probability vector, or a one-element vector for regression). The full ensemble's output is
 * derived with the application's {@link io.baton.core.policy.Aggregator}; it is the ground truth the
 * accuracy is measured against (Schemble §V-B).
 */
public record EnsembleSample(int label, float[][] outputs) {
    public int models() {
        return outputs.length;
    }
}
