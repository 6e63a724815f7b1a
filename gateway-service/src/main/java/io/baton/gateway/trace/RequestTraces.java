package io.baton.gateway.trace;

import java.util.List;

import io.baton.commons.trace.SpanExport;
import io.baton.commons.trace.KeptTimelines;
import io.baton.commons.trace.TraceParent;
import io.baton.commons.trace.TracingProperties;

/**
 * Every inference request's trace: {@link #begin} reads the client's {@code traceparent} (bounded; malformed or
 * absent: a new trace is made, never an error), and {@link #end} keeps its stamps, by request id and by trace id,
 * for the last {@code baton.tracing.timelines.capacity} requests. With {@code baton.tracing.timelines.enabled=false}
 * a request still gets its context (carried to the scheduler, answered as {@code trace_id}) but is neither stamped
 * nor kept.
 */
public final class RequestTraces implements AutoCloseable {

    private final KeptTimelines<GatewayTrace> kept;

    public RequestTraces(TracingProperties properties) {
        this(properties, null);
    }

    /** {@code export}: where each kept timeline is also exported over OTLP; null: nowhere. */
    public RequestTraces(TracingProperties properties, SpanExport export) {
        this.kept = new KeptTimelines<>(properties, export);
    }

    @Override
    public void close() {
        kept.close();
    }

    /** Traces that are made but never kept. */
    public static RequestTraces off() {
        return new RequestTraces(KeptTimelines.off());
    }

    public boolean enabled() {
        return kept.enabled();
    }

    /** A request arrived at {@code receivedNanos} with this {@code traceparent} (null: none). */
    public GatewayTrace begin(String traceparent, long receivedNanos) {
        return begin(TraceParent.parse(traceparent), receivedNanos);
    }

    /** A request arrived at {@code receivedNanos} with this context, already read (null: none). */
    public GatewayTrace begin(TraceParent client, long receivedNanos) {
        return new GatewayTrace(client, receivedNanos, kept.enabled());
    }

    /**
     * The request was answered: {@code outcome} is {@code served}, {@code dropped} or {@code failed}, {@code reason}
     * the drop reason or failure (null when served).
     */
    public void end(GatewayTrace trace, String application, String outcome, String reason) {
        if (!kept.enabled() || !trace.recording) return;
        trace.application(application);
        trace.ended(outcome, reason);
        kept.keep(trace, trace.traceId(), trace.context.sampled(), Timelines::exported, trace.requestId(), trace.traceId());
    }

    /** The requests held under {@code id} (a request id, or a trace id), oldest first. */
    List<GatewayTrace> find(String id) {
        List<GatewayTrace> found = kept.find(id);
        if (found.isEmpty() && TraceParent.isTraceId(id)) {
            found = kept.find(id.toLowerCase(java.util.Locale.ROOT));
        }
        return found;
    }
}
