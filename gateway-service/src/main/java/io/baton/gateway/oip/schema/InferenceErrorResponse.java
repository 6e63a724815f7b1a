package io.baton.gateway.oip.schema;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/** OIP's error body, {@code {"error": $string}}, for every refusal on an OIP route. */
@Schema(description = "The OIP error body.")
public record InferenceErrorResponse(
        @Schema(requiredMode = RequiredMode.REQUIRED, example = "unknown model 'x'")
        String error) {
}
