package io.baton.core.ipa;

/**
 * The weights of the objective (Eq. 9): f = α·accuracy − β·Σ n_s·R_s − δ·Σ b_s. α and β move the system along
 * the accuracy–cost trade-off (Fig. 14); δ is FA2's tiny batch penalty that keeps batches as small as the load
 * allows. Table 15 lists the paper's values per pipeline.
 */
public record Weights(double alpha, double beta, double delta) {
    public Weights {
        if (!(alpha >= 0) || !Double.isFinite(alpha)) throw new IllegalArgumentException("alpha must be ≥ 0, got " + alpha);
        if (!(beta >= 0) || !Double.isFinite(beta)) throw new IllegalArgumentException("beta must be ≥ 0, got " + beta);
        if (!(delta >= 0) || !Double.isFinite(delta)) throw new IllegalArgumentException("delta must be ≥ 0, got " + delta);
    }
}
