package io.baton.gateway.admin;

import java.io.IOException;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

import io.baton.gateway.UpstreamProperties;
import io.baton.gateway.admin.Passthrough.Upstream;

/**
 * {@code /v1/**} passed through to registry-service unchanged ({@link Passthrough}), so that an admin page talks only
 * to the gateway. The routes of {@link ProfilerProxyController} and {@link SchedulerAdminController}, being more
 * specific, go to those services instead. The API key is checked before ({@link ApiKeyFilter}); a body past
 * {@code baton.gateway.max-upload-size} is refused with 413 ({@link Passthrough}).
 */
@RestController
public record RegistryProxyController(Passthrough passthrough, UpstreamProperties properties) {

    @RequestMapping("/v1/**")
    @Operation(summary = "registry-service's admin API, passed through (see openapi/registry-service.yaml); needs "
            + "an API key with the admin scope in X-API-Key or Authorization: Bearer once any key is in force")
    @ApiResponse(responseCode = "200", description = "The registry's answer, status and body as it sent them")
    @KeyRefusal
    @ApiResponse(responseCode = "403", description = "An API key without the admin scope", content = @Content(
            mediaType = "application/problem+json", schema = @Schema(implementation = ProblemBody.class)))
    @ApiResponse(responseCode = "413", description = "A body past baton.gateway.max-upload-size", content = @Content(
            mediaType = "application/problem+json", schema = @Schema(implementation = ProblemBody.class)))
    @ApiResponse(responseCode = "503", description = "Registry unreachable (also for checking a key)", content = @Content(
            mediaType = "application/problem+json", schema = @Schema(implementation = ProblemBody.class)))
    public void proxy(HttpServletRequest request, HttpServletResponse response) throws IOException {
        passthrough.forward(request, response, Upstream.registry(properties));
    }
}
