package io.baton.gateway.admin;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

/**
 * Documents the 401 that {@link ApiKeyFilter} answers on every admin route for a missing or refused key, once in the
 * OpenAPI document's words, so that each pass-through controller names only the answers of its own upstream.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@ApiResponse(responseCode = "401", description = "No API key, or one not accepted", content = @Content(
        mediaType = "application/problem+json", schema = @Schema(implementation = ProblemBody.class)))
public @interface KeyRefusal {
}
