package io.baton.scheduler.dispatch;

/** A batch call to a worker that did not give outputs: refused, failed, timed out, or not attempted (open breaker). */
public class WorkerCallException extends RuntimeException {

    private final boolean batchAtFault;

    public WorkerCallException(String message) {
        this(message, false);
    }

    /**
     * @param batchAtFault the worker answered that the batch itself is at fault (400 or 422: its inputs, its model,
     *                     or a run cancelled for its own time or memory): another worker would answer the same
     */
    public WorkerCallException(String message, boolean batchAtFault) {
        super(message, null, false, false);
        this.batchAtFault = batchAtFault;
    }

    public boolean batchAtFault() {
        return batchAtFault;
    }
}
