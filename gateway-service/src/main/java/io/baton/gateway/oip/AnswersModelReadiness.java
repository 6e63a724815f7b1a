package io.baton.gateway.oip;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

import io.baton.gateway.oip.schema.HealthResponses.ModelReadyResponse;

/**
 * The OpenAPI description of a model readiness route's answers, 200 ready or 503 not ready with the same body: the
 * route with a version and the one without answer alike. springdoc reads the responses through this annotation.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@ApiResponse(responseCode = "200", description = "Ready", content = @Content(mediaType = "application/json",
        schema = @Schema(implementation = ModelReadyResponse.class)))
@ApiResponse(responseCode = "503", description = "Not ready", content = @Content(mediaType = "application/json",
        schema = @Schema(implementation = ModelReadyResponse.class)))
@interface AnswersModelReadiness {
}
