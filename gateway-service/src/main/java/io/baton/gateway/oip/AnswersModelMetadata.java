package io.baton.gateway.oip;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

import io.baton.gateway.oip.schema.MetadataModelResponse;

/**
 * The OpenAPI description of a model metadata route's 200 answer: the route with a version and the one without
 * answer the same body. springdoc reads the response through this annotation.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@ApiResponse(responseCode = "200", description = "OK", content = @Content(mediaType = "application/json",
        schema = @Schema(implementation = MetadataModelResponse.class)))
@interface AnswersModelMetadata {
}
