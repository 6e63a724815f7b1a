package io.baton.gateway.admin;

import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

import io.baton.commons.problem.ProblemTypes;
import io.baton.gateway.UpstreamProperties;
import io.baton.gateway.admin.Passthrough.Upstream;
import io.baton.gateway.scheduler.SchedulerLeader;

/**
 * {@code GET /v1/traffic?since=}: the leading scheduler's traffic recording ({@code /internal/v1/traffic}), streamed
 * through as it comes (text/csv), for {@code bin/baton twin}. {@code since} is checked here first, so that a bad one
 * is a 400 problem naming it whatever the scheduler's state. Behind the API key like every {@code /v1} route.
 */
@RestController
@KeyRefusal
@ApiResponse(responseCode = "400", description = "since is neither an ISO-8601 instant nor ms since the Unix epoch",
        content = @Content(mediaType = "application/problem+json", schema = @Schema(implementation = ProblemBody.class)))
@ApiResponse(responseCode = "503", description = "Scheduler unreachable", content = @Content(
        mediaType = "application/problem+json", schema = @Schema(implementation = ProblemBody.class)))
@ApiResponse(responseCode = "504", description = "Scheduler gave no answer within admin-timeout", content = @Content(
        mediaType = "application/problem+json", schema = @Schema(implementation = ProblemBody.class)))
public record TrafficProxyController(Passthrough passthrough, UpstreamProperties properties, SchedulerLeader leader) {

    @GetMapping("/v1/traffic")
    @Operation(operationId = "downloadTraffic", summary = "scheduler-service's GET /internal/v1/traffic: the recorded "
            + "traffic as a CSV trace (timeMs,model,deadlineMs,rows,outcome,reason,latencyMs,batchSize,worker,variant,"
            + "policy) that bin/baton simulate replays and bin/baton twin compares with the simulator",
            parameters = @Parameter(name = "since", in = ParameterIn.QUERY, required = false, description = "only "
                    + "requests that arrived at or after this: an ISO-8601 instant or ms since the Unix epoch",
                    schema = @Schema(type = "string")))
    @ApiResponse(responseCode = "200", description = "The trace, as the scheduler streams it", content = @Content(
            mediaType = "text/csv", schema = @Schema(type = "string")))
    public void traffic(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String since = request.getParameter("since");
        if (since != null && !since.isEmpty() && !validSince(since)) {
            String shown = since.length() > 64 ? since.substring(0, 64) + "…" : since;
            response.setStatus(400);
            response.setContentType("application/problem+json");
            passthrough.json().writeValue(response.getOutputStream(), new ProblemBody(
                    ProblemTypes.type(ProblemTypes.INVALID_REQUEST), "Bad Request", 400, "since: must be an ISO-8601 "
                    + "instant (e.g. 2026-11-27T10:00:00Z) or ms since the Unix epoch, got '" + shown + "'",
                    request.getRequestURI(), "since"));
            return;
        }
        passthrough.forward(request, response, Upstream.scheduler(properties, leader), "/internal" + request.getRequestURI());
    }

    static boolean validSince(String since) {
        if (since.length() <= 19 && since.chars().allMatch(Character::isDigit)) return true;
        try {
            Instant.parse(since);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }
}
