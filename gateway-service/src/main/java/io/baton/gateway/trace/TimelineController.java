package io.baton.gateway.trace;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import io.baton.commons.problem.ProblemBodies;
import io.baton.commons.trace.TimelineRing;
import io.baton.gateway.admin.KeyRefusal;
import io.baton.gateway.admin.ProblemBody;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

/**
 * {@code GET /v1/requests/{id}/timeline}: where one request's time went, by the request id the client sent (or the
 * gateway made, answered as {@code parameters.request_id}) or its trace id ({@code parameters.trace_id}). This
 * gateway's spans of the request, joined with the schedulers'. Behind the API key like every {@code /v1} route. Only
 * this gateway's last requests are held: with several gateways, ask the one that served it.
 */
@RestController
@KeyRefusal
public record TimelineController(RequestTraces traces, SchedulerTraces schedulers) {

    @GetMapping("/v1/requests/{id}/timeline")
    @Operation(operationId = "requestTimeline", summary = "One request's spans across gateway, scheduler and worker "
            + "(admission, enrichment, queue, dispatch, transfer, execution, aggregation), by request id or trace id")
    @ApiResponse(responseCode = "200", description = "The request's timeline", content = @Content(
            mediaType = "application/json", schema = @Schema(implementation = RequestTimeline.class)))
    @ApiResponse(responseCode = "400", description = "An id longer than 256 characters", content = @Content(
            mediaType = "application/problem+json", schema = @Schema(implementation = ProblemBody.class)))
    @ApiResponse(responseCode = "404", description = "No timeline with that id is held (the last "
            + "baton.tracing.timelines.capacity requests are)", content = @Content(
            mediaType = "application/problem+json", schema = @Schema(implementation = ProblemBody.class)))
    public ResponseEntity<Object> timeline(@PathVariable String id, HttpServletRequest request) {
        if (id.length() > TimelineRing.MAX_KEY_LENGTH) {
            return problem(400, "invalid-request", "Bad Request", "id: at most " + TimelineRing.MAX_KEY_LENGTH
                    + " characters, got " + id.length(), request);
        }
        List<GatewayTrace> found = traces.find(id);
        if (found.isEmpty()) {
            return problem(404, "not-found", "Not Found", "no timeline of request or trace '" + printable(id)
                    + "' is held" + (traces.enabled() ? " (the gateway keeps its last requests')"
                    : " (baton.tracing.timelines.enabled is false)"), request);
        }
        GatewayTrace latest = found.get(found.size() - 1);
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON)
                .body(Timelines.of(latest, schedulers.parts(latest.traceId())));
    }

    private static ResponseEntity<Object> problem(int status, String slug, String title, String detail,
                                                  HttpServletRequest request) {
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .body(ProblemBodies.of(slug, title, status, detail, request.getRequestURI()));
    }

    /** The id as a problem may quote it: printable ASCII only (an id is the client's own text). */
    private static String printable(String id) {
        StringBuilder b = new StringBuilder(id.length());
        for (char c : id.toCharArray()) b.append(c >= 0x20 && c < 0x7f ? c : '?');
        return b.toString();
    }
}
