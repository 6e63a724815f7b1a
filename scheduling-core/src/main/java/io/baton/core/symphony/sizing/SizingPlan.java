package io.baton.core.symphony.sizing;

/**
 * Output of the {@code symphony-sizing} planner: the number of devices N and the batch size b solving the
 * paper's Eqs. 2–3 for one model.
 *
 * @param gpus  N, the smallest device count that carries the rate
 * @param batch b, the largest batch (within the cap) that meets the SLO on N staggered devices
 */
public record SizingPlan(int gpus, int batch) {
    public SizingPlan {
        if (gpus < 1) throw new IllegalArgumentException("gpus must be ≥ 1, got " + gpus);
        if (batch < 1) throw new IllegalArgumentException("batch must be ≥ 1, got " + batch);
    }
}
