package io.baton.core.sneakpeek;

/**
 * How the device runs a schedule. The paper leaves the batch execution model open (notes §7.4).
 */
public enum ExecutionMode {
    /** One request after another, each taking ℓ(1): the {@code plan sneakpeek} contract. */
    SEQUENTIAL,
    /**
     * Adjacent requests on the same model run as batches (up to the window's maxBatch), each batch taking ℓ(b) from
     * the batch latency profile; every request of a batch completes when the batch does. Grouped schedules batch each
     * group (§5.2); request-level baselines batch only when adjacent requests happen to share a model (§4).
     */
    BATCHED
}
