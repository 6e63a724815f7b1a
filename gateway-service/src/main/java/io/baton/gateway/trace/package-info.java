/**
 * Request traces at the gateway: each inference request's W3C trace context (the client's {@code traceparent}, or
 * one made here) and its stamps ({@link io.baton.gateway.trace.GatewayTrace}: admission, enrichment, each scheduler
 * call, aggregation), the bounded store of the last requests' stamps ({@link io.baton.gateway.trace.RequestTraces}),
 * and {@code GET /v1/requests/{id}/timeline} ({@link io.baton.gateway.trace.TimelineController}), which joins them
 * with the scheduler's part ({@link io.baton.gateway.trace.SchedulerTraces}) into one waterfall
 * ({@link io.baton.gateway.trace.Timelines}).
 */
package io.baton.gateway.trace;
