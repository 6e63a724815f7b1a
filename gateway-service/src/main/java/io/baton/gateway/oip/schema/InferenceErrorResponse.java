package io.baton.gateway.oip.schema;

import java.util.Map;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/**
 * OIP's error body, {@code {"error": $string}}, for every refusal on an OIP route; an inference request's refusal also
 * names its trace ({@code parameters.trace_id}, and {@code parameters.request_id} when the gateway made the id).
 */
@Schema(description = "The OIP error body.")
public record InferenceErrorResponse(
        @Schema(requiredMode = RequiredMode.REQUIRED, example = "unknown model 'x'")
        String error,
        @Schema(description = "On an inference request's refusal: its trace_id (32 hex digits), and its request_id "
                + "when the client sent none (for GET /v1/requests/{id}/timeline)")
        Map<String, String> parameters) {
}
