package io.baton.scheduler.dispatch;

import io.baton.core.domain.Request;

/**
 * A request between its arrival and its answer. Made on the caller's thread; everything mutable below is touched
 * only by its engine's thread.
 */
public final class PendingRequest extends PendingWork<InferOutcome> {

    final InferJob job;

    /** The policy's view of it; replaced when the request is re-queued after a failed attempt. */
    Request request;
    /** Times it was sent to a worker. */
    int attempts;
    /** When it left the queue for a worker (ms on the engine's clock). */
    double sentMs;

    public PendingRequest(InferJob job, double arrivalMs, double deadlineMs) {
        super(arrivalMs, deadlineMs);
        this.job = job;
    }

    public InferJob job() {
        return job;
    }
}
