package io.baton.scheduler.trace;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonProperty;

/** {@code GET /internal/v1/traces/{traceId}}'s answer: the scheduler's part of every call of the trace it holds. */
public record TraceTimelines(@JsonProperty("trace_id") String traceId, List<SchedulerTimeline> timelines) {
}
