package io.baton.gateway.trace;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.baton.commons.trace.TraceParent;

/**
 * One inference request's trace at the gateway: its context (the trace the client sent, or a new one, with this
 * request's own span id), its request id, and, when timelines are kept, {@link System#nanoTime()} stamps of what
 * the gateway did for it. The request's thread holds it as {@link #current()} while it serves it, so that the
 * routes and the scheduler client stamp it without it being passed through every signature.
 */
public final class GatewayTrace {

    /** The gateway's span names. */
    public static final String ADMISSION = "admission";
    public static final String ENRICHMENT = "enrichment";
    public static final String AGGREGATION = "aggregation";

    /** The servlet request attribute under which the REST route leaves the request's trace for its refusals. */
    public static final String ATTRIBUTE = GatewayTrace.class.getName();

    private static final ThreadLocal<GatewayTrace> CURRENT = new ThreadLocal<>();

    final TraceParent context;
    final String clientSpanId;
    final long startNanos;
    final Instant startedAt;
    final boolean recording;
    volatile String requestId;
    final List<Stamp> stamps;
    final List<Call> calls;
    String application;
    String outcome;
    String reason;
    long endNanos;

    /** A span the gateway measured, with one optional attribute. */
    record Stamp(String name, long startNanos, long endNanos, String attribute, String value) {
    }

    /** One call to the scheduler, sent under its own span ({@link #context}): the scheduler's part is its child. */
    public static final class Call {
        final TraceParent context;
        final long sentNanos;
        volatile long answeredNanos;

        Call(TraceParent context, long sentNanos) {
            this.context = context;
            this.sentNanos = sentNanos;
        }

        /** The context the call carries. */
        public TraceParent context() {
            return context;
        }

        /** The answer (or the failure) arrived now. */
        public void answered() {
            answeredNanos = System.nanoTime();
        }
    }

    /** {@code sampled}: whether this request's trace is exported, whatever the client's context said. */
    GatewayTrace(TraceParent client, long startNanos, boolean recording, boolean sampled) {
        this.context = (client == null ? TraceParent.make() : client.child()).sampled(sampled);
        this.clientSpanId = client == null ? null : client.spanId();
        this.startNanos = startNanos;
        this.recording = recording;
        this.startedAt = recording ? Instant.now().minusNanos(System.nanoTime() - startNanos) : null;
        this.stamps = recording ? new ArrayList<>(4) : null;
        this.calls = recording ? new ArrayList<>(1) : null;
    }

    /** The trace id answered in the response's {@code parameters.trace_id}. */
    public String traceId() {
        return context.traceId();
    }

    /** The request id: the client's, or (when it sent none) this request's span id. */
    public String requestId() {
        String id = requestId;
        return id != null ? id : context.spanId();
    }

    /** The client's request id, once read (null or blank: none, the span id serves). */
    public void requestId(String id) {
        if (id != null && !id.isBlank()) requestId = id;
    }

    /** Whether the client sent no id of its own, so that the response names the one made here. */
    public boolean madeRequestId() {
        return requestId == null;
    }

    public void application(String name) {
        this.application = name;
    }

    /** A span of {@code name} from {@code startNanos} until now. */
    public void stamp(String name, long startNanos) {
        stamp(name, startNanos, null, null);
    }

    /** A span of {@code name} from {@code startNanos} until now, with one attribute. */
    public void stamp(String name, long startNanos, String attribute, String value) {
        if (recording) stamps.add(new Stamp(name, startNanos, System.nanoTime(), attribute, value));
    }

    /** A scheduler call starts now: the context it carries (always), stamped when timelines are kept. */
    public Call call() {
        Call call = new Call(context.child(), System.nanoTime());
        if (recording) {
            synchronized (calls) {
                calls.add(call);
            }
        }
        return call;
    }

    List<Call> calls() {
        synchronized (calls) {
            return List.copyOf(calls);
        }
    }

    void ended(String outcome, String reason) {
        this.outcome = outcome;
        this.reason = reason;
        this.endNanos = System.nanoTime();
    }

    /** The trace of the request this thread serves now; null outside one. */
    public static GatewayTrace current() {
        return CURRENT.get();
    }

    /** Stamps {@code name} on the present request's trace, if any, from {@code startNanos} until now. */
    public static void stampCurrent(String name, long startNanos) {
        GatewayTrace t = CURRENT.get();
        if (t != null) t.stamp(name, startNanos);
    }

    /** Makes this the thread's present trace; the returned scope restores the previous one. */
    public Scope enter() {
        GatewayTrace previous = CURRENT.get();
        CURRENT.set(this);
        return () -> {
            if (previous == null) CURRENT.remove();
            else CURRENT.set(previous);
        };
    }

    /** The thread's present trace, until closed. */
    @FunctionalInterface
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }
}
