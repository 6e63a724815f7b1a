package io.baton.gateway.oip.schema;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/** The JSON bodies of the OIP health routes (KServe's REST schemas; the protocol itself needs only the status). */
public final class HealthResponses {

    private HealthResponses() {
    }

    public record ServerLiveResponse(
            @Schema(requiredMode = RequiredMode.REQUIRED)
            boolean live) {
    }

    public record ServerReadyResponse(
            @Schema(requiredMode = RequiredMode.REQUIRED)
            boolean ready,
            @Schema(description = "When not ready: which upstream service does not answer, and why.")
            String error) {
    }

    public record ModelReadyResponse(
            @Schema(requiredMode = RequiredMode.REQUIRED)
            String name,
            @Schema(description = "The version asked about, on the versions/{version}/ready route.")
            String version,
            @Schema(description = "Baton's extra: the model's (or the version's) state, as on the metadata route.",
                    allowableValues = {"profiled", "profiling", "unprofiled"})
            String state,
            @Schema(requiredMode = RequiredMode.REQUIRED)
            boolean ready,
            @Schema(description = "When not ready: the scheduler's reason.")
            String error) {
    }
}
