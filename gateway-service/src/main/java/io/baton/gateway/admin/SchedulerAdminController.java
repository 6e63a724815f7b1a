package io.baton.gateway.admin;

import java.io.IOException;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

import io.baton.gateway.UpstreamProperties;
import io.baton.gateway.scheduler.SchedulerLeader;
import io.baton.gateway.admin.Passthrough.Upstream;

/**
 * The scheduler's routes the admin page reads, passed through to scheduler-service: planning with a policy
 * ({@code POST /v1/plans/{policy}}, the scheduler's own public route; the stored plans under {@code /v1/plans} stay
 * the registry's), the workers ({@code /internal/v1/workers}, read only) and the live metrics summary
 * ({@code /internal/v1/metrics/summary}) and its sampled history ({@code /internal/v1/metrics/history}, the admin
 * page's charts). Behind the API key like every {@code /v1} route.
 */
@RestController
@KeyRefusal
@ApiResponse(responseCode = "503", description = "Scheduler unreachable", content = @Content(
        mediaType = "application/problem+json", schema = @Schema(implementation = ProblemBody.class)))
@ApiResponse(responseCode = "504", description = "Scheduler gave no answer within admin-timeout", content = @Content(
        mediaType = "application/problem+json", schema = @Schema(implementation = ProblemBody.class)))
public record SchedulerAdminController(Passthrough passthrough, UpstreamProperties properties,
                                       SchedulerLeader leader) {

    @PostMapping("/v1/plans/{policy}")
    @Operation(operationId = "planWithPolicy", summary = "scheduler-service's POST /v1/plans/{policy}: the body and "
            + "the answer are those of `baton plan <policy>` (see openapi/scheduler-service.yaml)")
    @ApiResponse(responseCode = "200", description = "The scheduler's plan, or its problem body, as it sent them")
    public void plan(@PathVariable String policy, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        passthrough.forward(request, response, Upstream.scheduler(properties, leader));
    }

    @GetMapping("/v1/workers")
    @Operation(operationId = "listWorkers", summary = "scheduler-service's GET /internal/v1/workers: the workers, "
            + "their state and load")
    @ApiResponse(responseCode = "200", description = "The scheduler's answer as it sent it")
    public void listWorkers(HttpServletRequest request, HttpServletResponse response) throws IOException {
        passthrough.forward(request, response, Upstream.scheduler(properties, leader), "/internal" + request.getRequestURI());
    }

    @GetMapping("/v1/workers/{id}")
    @Operation(operationId = "getWorker", summary = "scheduler-service's GET /internal/v1/workers/{id}")
    @ApiResponse(responseCode = "200", description = "The scheduler's answer (404 for an unknown worker) as it sent it")
    public void getWorker(@PathVariable String id, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        passthrough.forward(request, response, Upstream.scheduler(properties, leader), "/internal" + request.getRequestURI());
    }

    @GetMapping("/v1/metrics/summary")
    @Operation(operationId = "metricsSummary", summary = "scheduler-service's GET /internal/v1/metrics/summary: "
            + "goodput, miss rate, p99 latency, mean batch size and queue per application, busy or idle per worker, "
            + "over the last 10 s")
    @ApiResponse(responseCode = "200", description = "The scheduler's answer as it sent it")
    public void metricsSummary(HttpServletRequest request, HttpServletResponse response) throws IOException {
        passthrough.forward(request, response, Upstream.scheduler(properties, leader), "/internal" + request.getRequestURI());
    }

    @GetMapping("/v1/metrics/history")
    @Operation(operationId = "metricsHistory", summary = "scheduler-service's GET /internal/v1/metrics/history: "
            + "goodput, miss rate, p50/p99 latency, mean batch size and queue per application and busy fraction per "
            + "worker, one sample every 5 s over the last 15 minutes; ?since=<ISO-8601 instant> for newer samples only")
    @Parameter(name = "since", in = ParameterIn.QUERY, description = "only samples that end after this ISO-8601 "
            + "instant, e.g. 2026-01-01T12:00:00Z")
    @ApiResponse(responseCode = "200", description = "The scheduler's answer (a 400 problem naming since when it is "
            + "no instant) as it sent it")
    public void metricsHistory(HttpServletRequest request, HttpServletResponse response) throws IOException {
        passthrough.forward(request, response, Upstream.scheduler(properties, leader), "/internal" + request.getRequestURI());
    }
}
