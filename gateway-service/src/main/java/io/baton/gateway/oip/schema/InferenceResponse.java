package io.baton.gateway.oip.schema;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonProperty;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/** OIP {@code $inference_response}. */
@Schema(description = "An OIP inference response. When any output is binary, this JSON is the first "
        + "Inference-Header-Content-Length bytes of an application/octet-stream body and the outputs' bytes follow.")
public record InferenceResponse(
        @JsonProperty("model_name") @Schema(requiredMode = RequiredMode.REQUIRED)
        String modelName,
        @JsonProperty("model_version") @Schema(description = "The path's version, or the variant that served.")
        String modelVersion,
        @Schema(description = "The request's id.")
        String id,
        @Schema(description = "Baton's extras: variant, worker, batch_size, queue_ms, execution_ms, scheduler_ms, "
                + "total_ms, and dropped (ensembles).")
        Map<String, Object> parameters,
        @Schema(requiredMode = RequiredMode.REQUIRED)
        List<ResponseOutput> outputs) {

    /** OIP {@code $response_output}. */
    public record ResponseOutput(
            @Schema(requiredMode = RequiredMode.REQUIRED)
            String name,
            @Schema(requiredMode = RequiredMode.REQUIRED)
            List<Long> shape,
            @Schema(requiredMode = RequiredMode.REQUIRED, example = "FP32")
            String datatype,
            @Schema(description = "binary_data_size (bytes) when the output follows the JSON as binary data.")
            Map<String, Object> parameters,
            @Schema(description = "The elements in row-major order; absent when sent as binary data.")
            List<Object> data) {
    }
}
