package io.baton.scheduler.membership;

/**
 * A registration for a worker id that is live at another address. Taking it over would send that worker's batches
 * to whoever registered last; the id is free again once the live worker is evicted (its heartbeats stop).
 */
public class WorkerIdTakenException extends RuntimeException {

    private final String workerId;

    public WorkerIdTakenException(String workerId) {
        super("worker '" + workerId + "' is live at another address; it can be registered from a new address once it has "
                + "been evicted (no heartbeat for the worker timeout)", null, false, false);
        this.workerId = workerId;
    }

    public String workerId() {
        return workerId;
    }
}
