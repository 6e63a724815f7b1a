package io.baton.gateway.trace;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import io.baton.commons.trace.TimelineSpan;

/**
 * {@code GET /v1/requests/{id}/timeline}'s answer: one request's spans across gateway, scheduler and worker, each
 * from {@code started_at} (when the gateway received it), in the order they started.
 *
 * @param outcome {@code served}, {@code dropped} or {@code failed}
 * @param reason  the drop reason (e.g. {@code DEADLINE_UNMEETABLE}) or what failed; null when served
 * @param policy  the policy the scheduler served it with; null when no scheduler part is held
 */
public record RequestTimeline(@JsonProperty("request_id") String requestId,
                              @JsonProperty("trace_id") String traceId,
                              String application, String policy, String outcome,
                              @JsonInclude(JsonInclude.Include.ALWAYS) String reason,
                              @JsonProperty("started_at") String startedAt,
                              @JsonProperty("total_ms") double totalMs, List<TimelineSpan> spans) {
}
