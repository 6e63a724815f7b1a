package io.baton.scheduler.trace;

import java.util.List;
import java.util.Locale;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import io.baton.commons.trace.TraceParent;
import io.baton.scheduler.web.ApiException;
import io.swagger.v3.oas.annotations.Operation;

/**
 * {@code GET /internal/v1/traces/{traceId}}: the scheduler's part of every request of a trace it still holds, for the
 * gateway's {@code GET /v1/requests/{id}/timeline}. Internal: behind the suite's secret like every internal route.
 */
@RestController
public record TraceController(RequestTimelines timelines) {

    @GetMapping("/internal/v1/traces/{traceId}")
    @Operation(operationId = "requestTraces", summary = "The scheduler's spans of each request of a trace it holds "
            + "(the last baton.tracing.timelines.capacity requests); 404 problem when none, 400 when not a trace id")
    public TraceTimelines find(@PathVariable String traceId) {
        if (!TraceParent.isTraceId(traceId)) {
            throw new ApiException(HttpStatus.BAD_REQUEST, "invalid-request",
                    "traceId: must be 32 hex digits, not all zero").withField("traceId");
        }
        String id = traceId.toLowerCase(Locale.ROOT);
        List<SchedulerTimeline> found = timelines.find(id);
        if (found.isEmpty()) {
            throw new ApiException(HttpStatus.NOT_FOUND, "not-found", "no request of trace " + id + " is held"
                    + (timelines.enabled() ? " (the last requests' timelines are kept)"
                    : " (baton.tracing.timelines.enabled is false)"));
        }
        return new TraceTimelines(id, found);
    }
}
