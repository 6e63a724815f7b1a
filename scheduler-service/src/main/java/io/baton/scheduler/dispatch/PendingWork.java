package io.baton.scheduler.dispatch;

import java.util.concurrent.CompletableFuture;

/**
 * A unit of an engine's work between its arrival and its answer (a request, an ensemble query, a request waiting for
 * its scheduling window): when it arrived and when it must be answered by, on the engine's clock, and its answer,
 * which completes once (the first outcome wins).
 *
 * @param <O> what answers it
 */
public abstract class PendingWork<O> {

    final double arrivalMs;
    final double deadlineMs;
    final CompletableFuture<O> answer = new CompletableFuture<>();

    PendingWork(double arrivalMs, double deadlineMs) {
        this.arrivalMs = arrivalMs;
        this.deadlineMs = deadlineMs;
    }

    public double deadlineMs() {
        return deadlineMs;
    }

    public CompletableFuture<O> answer() {
        return answer;
    }
}
