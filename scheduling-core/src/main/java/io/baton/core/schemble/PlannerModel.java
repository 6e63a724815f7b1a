package io.baton.core.schemble;

/**
 * A base model as Algorithm 1 sees it: its constant inference time T_k and when it can start its next
 * task (t_k^(0), the paper's "base models' remained execution time", as an absolute time).
 *
 * @param freeAtMs when the model is free: the end of the task it runs plus any tasks already committed to it
 */
public record PlannerModel(String name, double latencyMs, double freeAtMs) {
    public PlannerModel {
        if (!(latencyMs > 0) || !Double.isFinite(latencyMs)) throw new IllegalArgumentException("latencyMs must be > 0");
        if (!Double.isFinite(freeAtMs)) throw new IllegalArgumentException("freeAtMs must be finite");
    }
}
