package io.baton.scheduler.trace;

import java.util.List;

import io.baton.commons.trace.TraceParent;
import io.baton.scheduler.dispatch.InferOutcome;

/**
 * One request's stamps inside the scheduler: the trace context its call carried (the gateway's span for the call),
 * when it arrived, the policy serving it, the batch it last ran in and how often it was sent, and how it ended.
 * Made on the caller's thread; the batch is set by the engine's thread; read once the request is answered.
 */
public final class RequestTrace {

    final TraceParent parent;
    final long receivedNanos;
    final String application;
    String policy;
    BatchTrace batch;
    int attempts;
    /** How it ended ({@code served}, {@code dropped}, {@code failed}) and why: never the outcome itself, whose
     * outputs (a whole tensor each) would stay held by the ring of timelines for thousands of requests. */
    String outcome;
    String reason;
    boolean dropped;
    long answeredNanos;

    public RequestTrace(TraceParent parent, long receivedNanos, String application) {
        this.parent = parent;
        this.receivedNanos = receivedNanos;
        this.application = application;
    }

    /** The context the call carried: what the worker call of its batch is sent under (a child of it). */
    public TraceParent parent() {
        return parent;
    }

    public void policy(String policy) {
        this.policy = policy;
    }

    /** The batch it was last sent in (null until one is formed). */
    public BatchTrace batch() {
        return batch;
    }

    /**
     * The policy formed a batch of these traces' requests (a null trace: a request without one), sent to
     * {@code workerId}; {@code expectedMs} is the latency the policy planned it with.
     */
    public static BatchTrace batchFormed(List<RequestTrace> members, long batchId, String workerId, double expectedMs) {
        BatchTrace batch = null;
        for (RequestTrace t : members) {
            if (t == null) continue;
            if (batch == null) {
                batch = new BatchTrace(batchId, members.size(), workerId, System.nanoTime(),
                        "batch of " + members.size() + " to " + workerId + (Double.isFinite(expectedMs)
                                ? String.format(java.util.Locale.ROOT, ", planned %.2f ms", expectedMs) : ""));
            }
            t.batch = batch;
            t.attempts++;
        }
        return batch;
    }

    void answered(InferOutcome outcome) {
        this.outcome = SchedulerSpans.outcome(outcome);
        this.reason = SchedulerSpans.reason(outcome);
        this.dropped = outcome instanceof InferOutcome.Dropped;
        this.answeredNanos = System.nanoTime();
    }
}
