package io.baton.gateway.oip.schema;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonProperty;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/** OIP {@code $metadata_model_response}: a model is a Baton application, its versions are its variants. */
public record MetadataModelResponse(
        @Schema(requiredMode = RequiredMode.REQUIRED)
        String name,
        @Schema(description = "The application's variant names.")
        List<String> versions,
        @Schema(requiredMode = RequiredMode.REQUIRED, example = "onnxruntime_onnx")
        String platform,
        @Schema(requiredMode = RequiredMode.REQUIRED)
        List<MetadataTensor> inputs,
        @Schema(requiredMode = RequiredMode.REQUIRED)
        List<MetadataTensor> outputs,
        @Schema(description = "Baton's extra: the model's state, or on the versions/{version} route that version's: "
                + "profiled (every version has a latency profile), profiling (a queued or running profiling job "
                + "covers a version without one), unprofiled (served work-conserving, latencies learned online). Left "
                + "out when the scheduler cannot be asked.", allowableValues = {"profiled", "profiling", "unprofiled"})
        String state,
        @JsonProperty("version_states")
        @Schema(description = "Baton's extra: each version's state (profiled, profiling or unprofiled) by name. Left "
                + "out when the scheduler cannot be asked.")
        Map<String, String> versionStates) {

    /** OIP {@code $metadata_tensor}. */
    public record MetadataTensor(
            @Schema(requiredMode = RequiredMode.REQUIRED)
            String name,
            @Schema(requiredMode = RequiredMode.REQUIRED, example = "FP32")
            String datatype,
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "-1 marks a dimension of any size.")
            List<Long> shape) {
    }
}
