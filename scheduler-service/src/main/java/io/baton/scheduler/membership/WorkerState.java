package io.baton.scheduler.membership;

/** Where a worker stands with the scheduler. */
public enum WorkerState {
    /** Registered, and its heartbeats arrive within {@code baton.scheduler.worker-timeout}: batches may go to it. */
    LIVE,
    /**
     * Its heartbeats stopped: no batch goes to it, and its next heartbeat is answered 404 so that it registers
     * again. Kept in the list (with when and why) until it does.
     */
    EVICTED
}
