/**
 * What the services share to trace one request across gateway, scheduler and worker: the W3C trace context
 * ({@link io.baton.commons.trace.TraceParent}: read from a {@code traceparent} header or gRPC metadata, or made), a
 * span of a request's timeline as every service reports it ({@link io.baton.commons.trace.TimelineSpan}), and the
 * bounded in-memory store of the last few thousand timelines ({@link io.baton.commons.trace.TimelineRing}). Nothing
 * here allocates per request beyond the context itself: the services stamp {@link System#nanoTime()} into fields and
 * build spans only when a timeline is read (or exported).
 */
package io.baton.commons.trace;
