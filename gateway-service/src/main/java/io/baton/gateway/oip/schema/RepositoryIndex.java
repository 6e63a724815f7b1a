package io.baton.gateway.oip.schema;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/** Triton's model repository extension, {@code POST /v2/repository/index}. */
public final class RepositoryIndex {

    private RepositoryIndex() {
    }

    public record RepositoryIndexRequest(
            @Schema(description = "true: only the models ready to serve.")
            Boolean ready) {
    }

    public record RepositoryIndexEntry(
            @Schema(requiredMode = RequiredMode.REQUIRED)
            String name,
            @Schema(requiredMode = RequiredMode.REQUIRED, allowableValues = {"READY", "UNAVAILABLE"})
            String state,
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "Why it is unavailable; empty when ready.")
            String reason) {
    }
}
