package io.baton.core.symphony;

/**
 * How a {@link ModelQueue} tells the rank about its one candidate batch. Primitive arguments: this is
 * called on every arrival and must not allocate in the single-threaded dispatcher.
 */
interface CandidateListener {
    /**
     * The model's candidate is now this (replacing any earlier one); bs = 0 means it has none.
     *
     * @param execAtMs       when it becomes schedulable
     * @param schedAtMs      dl − ℓ(bs+1): its urgency among schedulable candidates (earlier = more urgent)
     * @param invalidAfterMs dl − ℓ(bs): the latest start that still meets its earliest deadline
     * @param ack            the number of rank commands (grants, refreshes) the model has handled so far
     */
    void candidate(int model, int bs, double execAtMs, double schedAtMs, double invalidAfterMs, long ack);
}
