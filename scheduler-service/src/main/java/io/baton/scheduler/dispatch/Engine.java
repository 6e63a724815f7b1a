package io.baton.scheduler.dispatch;

import io.baton.scheduler.membership.Worker;

/**
 * What {@link DispatchService} needs of the engine serving an application: hand it work, ask what waits, tell it of
 * membership, close it. Each engine runs one paper's live part over one {@link EventLoop}; the unit of work is the
 * paper's (a request, an ensemble query, a request waiting for its scheduling window).
 *
 * <p>Engines that pick their workers per batch from the live list need no membership messages; those defaults do
 * nothing.
 *
 * @param <W> the unit of work this engine takes
 */
interface Engine<W> extends AutoCloseable {

    /** Queues one unit of work; its answer completes once, on another thread. */
    void submit(W work);

    /** Requests of {@code application} waiting in this engine for a batch. */
    default int waiting(String application) {
        return 0;
    }

    default void workerJoined(Worker worker) {
    }

    default void workerLeft(Worker worker, String reason) {
    }

    /** The worker's circuit breaker opened (no batch goes to it) or closed again. */
    default void breakerChanged(String workerId, boolean open) {
    }

    /** Stops the engine's thread and answers whatever it still holds. */
    @Override
    void close();
}
