package io.baton.scheduler.trace;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonProperty;

import io.baton.commons.trace.TimelineSpan;

/**
 * One call's part of a request timeline, as {@code GET /internal/v1/traces/{traceId}} answers it: the span of the
 * gateway's call it belongs to ({@code parent_span_id}, from the call's {@code traceparent}), how it ended, and its
 * spans in milliseconds from when the scheduler received the call ({@code total_ms} later it answered).
 *
 * @param outcome {@code served}, {@code dropped} or {@code failed}
 * @param reason  the drop reason's name, or what failed; null when served
 */
public record SchedulerTimeline(@JsonProperty("trace_id") String traceId,
                                @JsonProperty("parent_span_id") String parentSpanId,
                                String application, String policy, String outcome, String reason,
                                @JsonProperty("total_ms") double totalMs, List<TimelineSpan> spans) {
}
