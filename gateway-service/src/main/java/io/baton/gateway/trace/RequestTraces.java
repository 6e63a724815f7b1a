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
    private final TraceSettings settings;

    public RequestTraces(TracingProperties properties) {
        this(properties, null, TraceSettings.everyRequest());
    }

    /**
     * {@code export}: where each kept timeline is also exported over OTLP (null: nowhere); {@code settings}: which
     * requests are (the W3C {@code sampled} flag each request carries on).
     */
    public RequestTraces(TracingProperties properties, SpanExport export, TraceSettings settings) {
        this.kept = new KeptTimelines<>(properties, export);
        this.settings = settings;
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

    /**
     * A request for {@code model} (null: not known yet) arrived at {@code receivedNanos} with this
     * {@code traceparent} (null: none).
     */
    public GatewayTrace begin(String traceparent, String model, long receivedNanos) {
        return begin(TraceParent.parse(traceparent), model, receivedNanos);
    }

    /** The same, with the client's context already read (null: none). */
    public GatewayTrace begin(TraceParent client, String model, long receivedNanos) {
        return new GatewayTrace(client, receivedNanos, kept.enabled(), settings.sample(model));
    }

    /** Which requests are exported, as the trace extension reads and sets it. */
    public TraceSettings settings() {
        return settings;
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
