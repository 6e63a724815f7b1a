package io.baton.scheduler.membership;

/**
 * Told of membership changes by {@link WorkerRegistry}; the dispatch layer uses it to add a worker to its pool, and
 * to take one out (re-queueing or failing its in-flight batches) when it leaves.
 *
 * <p>Calls come in the order the changes happened, one at a time, under the registry's lock: a listener must be
 * quick and must not block on anything that waits for the registry from another thread. Reading the registry from
 * inside a call is fine.
 */
public interface WorkerListener {

    /** {@code worker} registered (for the first time, after an eviction, or again after {@link #left}). */
    default void joined(Worker worker) {
    }

    /** {@code worker} is gone: no batch may go to it any more; {@code worker.leftReason()} says why. */
    default void left(Worker worker) {
    }

    /** A heartbeat from {@code worker} arrived ({@link Worker#load()} and {@link Worker#models()} are fresh). */
    default void heartbeat(Worker worker) {
    }
}
