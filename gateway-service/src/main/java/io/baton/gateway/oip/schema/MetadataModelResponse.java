package io.baton.gateway.oip.schema;

import java.util.List;

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
        List<MetadataTensor> outputs) {

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
