package io.baton.gateway.oip.schema;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonProperty;

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
            String reason,
            @JsonProperty("model_state")
            @Schema(description = "Baton's extra: the model's state as its metadata (GET /v2/models/{model}) reports "
                    + "it: profiled (every version has a latency profile), profiling (a queued or running profiling "
                    + "job covers a version without one), unprofiled (served work-conserving, latencies learned "
                    + "online). Left out when the scheduler or the registry cannot be asked.",
                    allowableValues = {"profiled", "profiling", "unprofiled"})
            String modelState,
            @JsonProperty("version_states")
            @Schema(description = "Baton's extra: each version's state (profiled, profiling or unprofiled) by name, "
                    + "as in the model's metadata. Left out with model_state.")
            Map<String, String> versionStates) {
    }
}
