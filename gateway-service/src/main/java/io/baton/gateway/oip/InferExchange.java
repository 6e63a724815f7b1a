package io.baton.gateway.oip;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.responses.ApiResponse;

import io.baton.gateway.oip.schema.InferenceRequest;
import io.baton.gateway.oip.schema.InferenceResponse;

/**
 * The OpenAPI description of an infer route's body and its 200 answer, each JSON or the binary tensor data
 * extension: the route with a version and the one without take and answer the same. springdoc reads the request body
 * and the response through this annotation.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@RequestBody(required = true, content = {
        @Content(mediaType = "application/json", schema = @Schema(implementation = InferenceRequest.class)),
        @Content(mediaType = "application/octet-stream", schema = @Schema(type = "string", format = "binary",
                description = InferExchange.BINARY_REQUEST))})
@ApiResponse(responseCode = "200", description = "The outputs", content = {
        @Content(mediaType = "application/json", schema = @Schema(implementation = InferenceResponse.class)),
        @Content(mediaType = "application/octet-stream", schema = @Schema(type = "string", format = "binary",
                description = InferExchange.BINARY_RESPONSE))})
@interface InferExchange {

    String BINARY_REQUEST = "Binary tensor data extension: the InferenceRequest JSON "
            + "(Inference-Header-Content-Length bytes), then each input with parameters.binary_data_size, in the order "
            + "listed, little-endian, row-major.";
    String BINARY_RESPONSE = "Binary tensor data extension (an output asked with "
            + "parameters.binary_data, or binary_data_output on the request): the InferenceResponse JSON "
            + "(Inference-Header-Content-Length bytes), then each binary output's bytes.";
}
