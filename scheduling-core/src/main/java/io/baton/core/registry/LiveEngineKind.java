package io.baton.core.registry;

/**
 * How scheduler-service serves a policy live: which of its engines runs the policy's part on wall time. A token, not
 * code: the engines are the scheduler's, and the scheduler maps each kind to one of them.
 */
public enum LiveEngineKind {

    /** Each request dispatched by the policy's own {@code Dispatcher}, built as the simulator builds it. */
    DISPATCHER(true),
    /** Each request dispatched by the interference-aware dispatcher, predicting interference from measured features. */
    INTERFERENCE(true),
    /** The interference-aware dispatcher believing nothing interferes (the paper's "w/o itf pred"). */
    INTERFERENCE_BLIND(true),
    /**
     * A pipeline's stages planned per epoch (each stage's variant, batch cap and replicas); the stages' requests are
     * batched by the fallback dispatcher up to the planned size.
     */
    PIPELINE_STAGES(false),
    /** An ensemble's queries, each planned whole: which base models run it, in deadline order. */
    ENSEMBLE_QUERIES(false),
    /** Single-model applications sharing one constrained worker, their requests' variants chosen per window. */
    SHARED_WINDOWS(false),
    /** No live part: the policy is simulated or planned only. */
    NONE(false);

    private final boolean dispatchesRequests;

    LiveEngineKind(boolean dispatchesRequests) {
        this.dispatchesRequests = dispatchesRequests;
    }

    /**
     * Whether the policy's own dispatcher serves each request; for the other kinds, requests outside the policy's own
     * path are served by {@link PolicyRegistry#fallback()}.
     */
    public boolean dispatchesRequests() {
        return dispatchesRequests;
    }
}
