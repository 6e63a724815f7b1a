package io.baton.gateway.admin;

import java.io.IOException;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

import io.baton.gateway.UpstreamProperties;
import io.baton.gateway.admin.Passthrough.Upstream;

/**
 * The profiler's {@code /v1/profiling-jobs} routes (submit, list, poll, cancel) passed through to profiler-service,
 * so that the admin page starts profiling and watches it through the gateway. Behind the API key like every
 * {@code /v1} route.
 */
@RestController
@KeyRefusal
@ApiResponse(responseCode = "200", description = "The profiler's answer (202 for a job accepted or a cancellation "
        + "asked; its problem bodies), as it sent it; see openapi/profiler-service.yaml")
@ApiResponse(responseCode = "503", description = "Profiler unreachable", content = @Content(
        mediaType = "application/problem+json", schema = @Schema(implementation = ProblemBody.class)))
@ApiResponse(responseCode = "504", description = "Profiler gave no answer within admin-timeout", content = @Content(
        mediaType = "application/problem+json", schema = @Schema(implementation = ProblemBody.class)))
public record ProfilerProxyController(Passthrough passthrough, UpstreamProperties properties) {

    @GetMapping("/v1/profiling-jobs")
    @Operation(operationId = "listProfilingJobs", summary = "profiler-service's GET /v1/profiling-jobs: the jobs, "
            + "newest first, with their progress")
    public void list(HttpServletRequest request, HttpServletResponse response) throws IOException {
        passthrough.forward(request, response, Upstream.profiler(properties));
    }

    @PostMapping("/v1/profiling-jobs")
    @Operation(operationId = "submitProfilingJob", summary = "profiler-service's POST /v1/profiling-jobs: start "
            + "profiling an application's variants (202 and the job)")
    public void submit(HttpServletRequest request, HttpServletResponse response) throws IOException {
        passthrough.forward(request, response, Upstream.profiler(properties));
    }

    @GetMapping("/v1/profiling-jobs/{id}")
    @Operation(operationId = "getProfilingJob", summary = "profiler-service's GET /v1/profiling-jobs/{id}: a job's "
            + "state and progress")
    public void get(@PathVariable String id, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        passthrough.forward(request, response, Upstream.profiler(properties));
    }

    @DeleteMapping("/v1/profiling-jobs/{id}")
    @Operation(operationId = "deleteProfilingJob", summary = "profiler-service's DELETE /v1/profiling-jobs/{id}: "
            + "cancel a job")
    public void delete(@PathVariable String id, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        passthrough.forward(request, response, Upstream.profiler(properties));
    }

    @PostMapping("/v1/profiling-jobs/{id}/cancel")
    @Operation(operationId = "cancelProfilingJob", summary = "profiler-service's POST /v1/profiling-jobs/{id}/cancel")
    public void cancel(@PathVariable String id, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        passthrough.forward(request, response, Upstream.profiler(properties));
    }
}
