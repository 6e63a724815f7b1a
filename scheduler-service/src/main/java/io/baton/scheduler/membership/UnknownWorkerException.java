package io.baton.scheduler.membership;

/** A heartbeat from a worker that is not registered (never was, or was evicted): it must register again. */
public final class UnknownWorkerException extends RuntimeException {
    public UnknownWorkerException(String workerId) {
        super("unknown worker '" + workerId + "': register it again with POST /internal/v1/workers");
    }
}
