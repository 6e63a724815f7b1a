package io.baton.scheduler.dispatch;

/** A batch call to a worker that did not give outputs: refused, failed, timed out, or not attempted (open breaker). */
public class WorkerCallException extends RuntimeException {

    public WorkerCallException(String message) {
        super(message, null, false, false);
    }
}
