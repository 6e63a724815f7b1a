package io.baton.scheduler.dispatch;

import io.baton.core.domain.Request;
import io.baton.scheduler.trace.RequestTrace;

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
    /** When its engine's thread first told the policy of it (ms on the engine's clock); NaN until then. */
    double heardMs = Double.NaN;
    /** Its trace's stamps; null when its call carried no trace context. */
    final RequestTrace trace;

    public PendingRequest(InferJob job, double arrivalMs, double deadlineMs, RequestTrace trace) {
        super(arrivalMs, deadlineMs);
        this.job = job;
        this.trace = trace;
    }

    public PendingRequest(InferJob job, double arrivalMs, double deadlineMs) {
        this(job, arrivalMs, deadlineMs, null);
    }

    public RequestTrace trace() {
        return trace;
    }

    public InferJob job() {
        return job;
    }
}
