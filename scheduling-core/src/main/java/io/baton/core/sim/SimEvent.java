package io.baton.core.sim;

/**
 * Something that happens at a virtual time: an arrival stream's next request, a device finishing its
 * batch, a policy's timer. Each source is one long-lived object that the {@link EventHeap} re-keys in
 * place, so the simulator allocates nothing per event.
 */
abstract class SimEvent {
    double time = Double.POSITIVE_INFINITY;
    /** Tie-breaker: events at equal times fire in the order they were scheduled (determinism). */
    long seq;
    int heapIndex = -1;

    abstract void fire();
}
