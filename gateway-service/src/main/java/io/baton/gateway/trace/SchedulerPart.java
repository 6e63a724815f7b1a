package io.baton.gateway.trace;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;

import io.baton.commons.trace.TimelineSpan;

/**
 * The scheduler's part of one call, as its {@code GET /internal/v1/traces/{traceId}} answers it: the gateway call's
 * span it belongs to, and its spans in milliseconds from when the scheduler received the call.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record SchedulerPart(@JsonProperty("parent_span_id") String parentSpanId, String policy, String outcome,
                     String reason, @JsonProperty("total_ms") double totalMs, List<TimelineSpan> spans) {

    /** The route's answer. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Found(@JsonProperty("trace_id") String traceId, List<SchedulerPart> timelines) {
    }
}
