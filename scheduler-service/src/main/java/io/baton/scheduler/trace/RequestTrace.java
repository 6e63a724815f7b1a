package io.baton.scheduler.trace;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;

import io.baton.commons.trace.TraceParent;
import io.baton.scheduler.dispatch.InferOutcome;

/**
 * One request's stamps inside the scheduler: the trace context its call carried (the gateway's span for the call),
 * when it arrived, the policy serving it, the batch it last ran in and how often it was sent, and how it ended.
 * Made on the caller's thread; the batch is set by the engine's thread; read once the request is answered.
 *
 * <p>A Schemble ensemble query is one call whose base models run as batches of their own, each on its own executor
 * and at its own time: its trace holds one batch per member that ran ({@link #memberFormed}), with the query's bin
 * ({@link #ensembleQuery}) and the utility the plan expected of the subset it chose ({@link #planned}), rather than
 * the one batch of a request.
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
    /**
     * The members' batches of an ensemble query, in the order they were formed; empty for a request. A list that
     * may be read while it is written: a query answered by the scheduler's guard is read while a late member may
     * still be sent.
     */
    final List<BatchTrace> members = new CopyOnWriteArrayList<>();
    /** An ensemble query's difficulty bin (-1: it had no score); null for a request. */
    volatile Integer bin;
    /** The utility the plan expected of an ensemble query's chosen subset; NaN until planned (and for a request). */
    volatile double plannedUtility = Double.NaN;

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
                batch = new BatchTrace(batchId, members.size(), workerId, System.nanoTime(), null,
                        "batch of " + members.size() + " to " + workerId + (Double.isFinite(expectedMs)
                                ? String.format(Locale.ROOT, ", planned %.2f ms", expectedMs) : ""));
            }
            t.batch = batch;
            t.attempts++;
        }
        return batch;
    }

    /** It is a Schemble ensemble query, of difficulty {@code bin} (-1: it came without a score). */
    public void ensembleQuery(int bin) {
        this.bin = bin;
    }

    /** Schemble committed a subset of base models for the query, expecting {@code plannedUtility} of it. */
    public void planned(double plannedUtility) {
        this.plannedUtility = plannedUtility;
    }

    /**
     * The batch of one of the ensemble query's base models ({@code member}, its variant) is formed now, for
     * {@code workerId}; {@code expectedMs} is the latency Schemble planned its task with. The returned stamps are
     * the ones the worker call writes.
     */
    public BatchTrace memberFormed(String member, long batchId, String workerId, double expectedMs) {
        BatchTrace batch = new BatchTrace(batchId, 1, workerId, System.nanoTime(), member,
                "member " + member + " to " + workerId + (Double.isFinite(expectedMs)
                        ? String.format(Locale.ROOT, ", planned %.2f ms", expectedMs) : ""));
        members.add(batch);
        return batch;
    }

    void answered(InferOutcome outcome) {
        this.outcome = SchedulerSpans.outcome(outcome);
        this.reason = SchedulerSpans.reason(outcome);
        this.dropped = outcome instanceof InferOutcome.Dropped;
        this.answeredNanos = System.nanoTime();
    }
}
