package io.baton.core.sim;

/**
 * Something that happens at a virtual time: an arrival stream's next request, a device finishing its
 * batch, a policy's timer. Each source is one long-lived object that the {@link EventHeap} re-keys in
 * place, so the simulator allocates nothing per event.
 */
abstract class SimEvent {
    /** When it fires; events at equal times fire in the order they were scheduled (determinism). */
    double time = Double.POSITIVE_INFINITY;
    /** Its slot in the {@link EventHeap}, or −1 when not scheduled (or firing). */
    int heapIndex = -1;

    abstract void fire();
}
