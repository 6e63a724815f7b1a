package io.baton.gateway.oip.schema;

import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/** OIP {@code $metadata_server_response}. */
public record MetadataServerResponse(
        @Schema(requiredMode = RequiredMode.REQUIRED, example = "baton")
        String name,
        @Schema(requiredMode = RequiredMode.REQUIRED)
        String version,
        @Schema(requiredMode = RequiredMode.REQUIRED, description = "binary_tensor_data, classification, "
                + "model_repository, schedule_policy")
        List<String> extensions) {
}
