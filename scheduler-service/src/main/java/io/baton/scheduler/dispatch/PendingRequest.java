package io.baton.scheduler.dispatch;

import java.util.concurrent.CompletableFuture;

import io.baton.core.domain.Request;

/**
 * A request between its arrival and its answer. Made on the caller's thread; everything mutable below is touched
 * only by its engine's thread. The answer completes once: the first outcome wins.
 */
public final class PendingRequest {

    final InferJob job;
    final double arrivalMs;
    final double deadlineMs;
    final CompletableFuture<InferOutcome> answer = new CompletableFuture<>();

    /** The policy's view of it; replaced when the request is re-queued after a failed attempt. */
    Request request;
    /** Times it was sent to a worker. */
    int attempts;
    /** When it left the queue for a worker (ms on the engine's clock). */
    double sentMs;

    public PendingRequest(InferJob job, double arrivalMs, double deadlineMs) {
        this.job = job;
        this.arrivalMs = arrivalMs;
        this.deadlineMs = deadlineMs;
    }

    public InferJob job() {
        return job;
    }

    public double deadlineMs() {
        return deadlineMs;
    }

    public CompletableFuture<InferOutcome> answer() {
        return answer;
    }
}
