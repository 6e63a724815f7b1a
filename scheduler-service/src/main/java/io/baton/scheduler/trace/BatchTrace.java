package io.baton.scheduler.trace;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One batch as its members' timelines see it: formed by the policy (its id, size, worker and the decision), the call
 * made to the worker, the answer back, and the worker's own timing. Shared by the batch's members: the worker's work
 * belongs to each of them. Written by the engine's thread (formed) and then by the call's completion (the rest),
 * read once the members are answered (the answer's completion orders the writes before the read). For a Schemble
 * ensemble query it is one base model's task: a batch of that one query, with the member it ran.
 */
public final class BatchTrace {

    final long batchId;
    final int size;
    final String workerId;
    final long formedNanos;
    /** The base model an ensemble query's batch ran; null for a batch of requests. */
    final String member;
    final String decision;
    long callOutNanos;
    long answeredNanos;
    double workerTotalMs = Double.NaN;
    double executionStartMs = Double.NaN;
    double executionEndMs = Double.NaN;
    double deviceWaitMs = Double.NaN;
    double runMs = Double.NaN;
    double loadMs = Double.NaN;
    String workerTraceId;

    BatchTrace(long batchId, int size, String workerId, long formedNanos, String member, String decision) {
        this.batchId = batchId;
        this.size = size;
        this.workerId = workerId;
        this.formedNanos = formedNanos;
        this.member = member;
        this.decision = decision;
    }

    /** The call to the worker is made now: the batch is encoded and handed to the transport. */
    public void callOut() {
        callOutNanos = System.nanoTime();
    }

    /**
     * The worker's answer arrived now; {@code timing} is its {@code timing} object (the HTTP route's, or the gRPC
     * answer's as a tree), or null when the call failed.
     */
    public void answered(JsonNode timing) {
        answeredNanos = System.nanoTime();
        if (timing == null) return;
        workerTotalMs = timing.path("totalMs").asDouble(Double.NaN);
        executionStartMs = timing.path("executionStartMs").asDouble(Double.NaN);
        executionEndMs = timing.path("executionEndMs").asDouble(Double.NaN);
        deviceWaitMs = timing.path("queueMs").asDouble(Double.NaN);
        runMs = timing.path("executionMs").asDouble(Double.NaN);
        loadMs = timing.path("loadMs").asDouble(Double.NaN);
        workerTraceId = timing.hasNonNull("traceId") ? timing.get("traceId").asText() : null;
    }

    /** The trace id the worker says its call carried; null when it named none. */
    public String workerTraceId() {
        return workerTraceId;
    }
}
