package io.baton.scheduler.trace;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import io.baton.commons.trace.SpanExport;
import io.baton.commons.trace.KeptTimelines;
import io.baton.commons.trace.TraceParent;
import io.baton.commons.trace.TracingProperties;
import io.baton.scheduler.dispatch.InferOutcome;

/**
 * The timelines of the scheduler's last requests (as many as {@code baton.tracing.timelines.capacity}), by trace id:
 * a request whose call carried a {@code traceparent} gets a {@link RequestTrace}, held here once it is answered.
 * With {@code baton.tracing.timelines.enabled=false} nothing is held, and {@link #start} still answers the trace (so
 * that the worker calls carry the context) but nothing reads its stamps.
 */
public final class RequestTimelines implements AutoCloseable {

    private final KeptTimelines<RequestTrace> kept;

    public RequestTimelines(TracingProperties properties) {
        this(properties, null);
    }

    /** {@code export}: where each kept timeline is also exported over OTLP; null: nowhere. */
    public RequestTimelines(TracingProperties properties, SpanExport export) {
        this.kept = new KeptTimelines<>(properties, export);
    }

    @Override
    public void close() {
        kept.close();
    }

    /** A store that holds nothing (tests and callers without tracing). */
    public static RequestTimelines off() {
        return new RequestTimelines(KeptTimelines.off());
    }

    public boolean enabled() {
        return kept.enabled();
    }

    /** The trace of a call that carried {@code parent}; null when it carried none. */
    public RequestTrace start(TraceParent parent, String application) {
        return parent == null ? null : new RequestTrace(parent, System.nanoTime(), application);
    }

    /** Holds the trace once {@code answer} completes (when timelines are kept). */
    public void holdWhenAnswered(RequestTrace trace, CompletableFuture<InferOutcome> answer) {
        if (trace == null || !kept.enabled()) return;
        answer.whenComplete((outcome, failure) -> {
            trace.answered(outcome != null ? outcome : new InferOutcome.Failed(String.valueOf(failure)));
            kept.keep(trace, trace.parent.traceId(), trace.parent.sampled(), SchedulerSpans::exported,
                    trace.parent.traceId());
        });
    }

    /** Every call of {@code traceId} held, as spans; empty when none. */
    public List<SchedulerTimeline> find(String traceId) {
        return kept.find(traceId).stream().map(SchedulerSpans::of).toList();
    }
}
