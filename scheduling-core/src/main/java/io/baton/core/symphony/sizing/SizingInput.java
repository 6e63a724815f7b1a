package io.baton.core.symphony.sizing;

/**
 * Input of the {@code symphony-sizing} planner ({@link SymphonySizing}): one model's linear latency profile
 * ℓ(b) = α·b + β, its latency SLO and its request rate.
 *
 * @param alphaMs  α, ms per request in the batch; ≥ 0
 * @param betaMs   β, fixed ms per batch; ≥ 0, and α + β &gt; 0
 * @param sloMs    latency SLO in ms; &gt; 0
 * @param rate     request rate λ in requests per second; &gt; 0
 * @param maxBatch largest allowed batch (≥ 1), or {@code null} for no cap (the paper has none)
 *
 * <p>The constructor rejects invalid values with an {@link IllegalArgumentException} whose message names the
 * offending field. Non-finite values are rejected too (an infinite rate or SLO has no meaningful plan).
 */
public record SizingInput(double alphaMs, double betaMs, double sloMs, double rate, Integer maxBatch) {

    public SizingInput {
        IdealBatching.requireCoefficient("alphaMs", alphaMs);
        IdealBatching.requireCoefficient("betaMs", betaMs);
        if (!(alphaMs + betaMs > 0)) {
            throw new IllegalArgumentException("alphaMs + betaMs must be > 0, got alphaMs " + alphaMs
                    + " and betaMs " + betaMs);
        }
        if (!(sloMs > 0) || Double.isInfinite(sloMs)) {
            throw new IllegalArgumentException("sloMs must be finite and > 0, got " + sloMs);
        }
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("rate must be finite and > 0, got " + rate);
        }
        if (maxBatch != null && maxBatch < 1) {
            throw new IllegalArgumentException("maxBatch must be ≥ 1 (or null for no cap), got " + maxBatch);
        }
    }

    /** The cap as an int: {@link Integer#MAX_VALUE} when unbounded. */
    public int effectiveMaxBatch() {
        return maxBatch == null ? Integer.MAX_VALUE : maxBatch;
    }
}
