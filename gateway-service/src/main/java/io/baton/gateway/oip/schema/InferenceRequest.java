package io.baton.gateway.oip.schema;

import java.util.List;
import java.util.Map;

import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/** OIP {@code $inference_request}. */
@Schema(description = "An OIP inference request. With the binary tensor data extension this JSON is the first "
        + "Inference-Header-Content-Length bytes of the body and the binary inputs follow it.")
public record InferenceRequest(
        @Schema(description = "Echoed in the response.")
        String id,
        @Schema(description = "Request parameters. Baton reads timeout (microseconds from receipt; absent or 0: the "
                + "application's SLO), priority (Triton's levels: 1 highest, 0 the default) and binary_data_output "
                + "(boolean: every output as binary tensor data).")
        Map<String, Object> parameters,
        @Schema(requiredMode = RequiredMode.REQUIRED)
        List<RequestInput> inputs,
        @Schema(description = "The outputs wanted; left out: every output.")
        List<RequestOutput> outputs) {

    /** OIP {@code $request_input}. */
    public record RequestInput(
            @Schema(requiredMode = RequiredMode.REQUIRED)
            String name,
            @Schema(requiredMode = RequiredMode.REQUIRED, description = "The first dimension is the batch (for a "
                    + "model that batches); [] is a scalar, where the model takes one.")
            List<Long> shape,
            @Schema(requiredMode = RequiredMode.REQUIRED, example = "FP32",
                    description = "An OIP tensor datatype, any of BOOL, UINT8, UINT16, UINT32, UINT64, INT8, INT16, "
                            + "INT32, INT64, FP16, BF16, FP32, FP64, BYTES (strings in JSON; as binary data each "
                            + "element a 4-byte little-endian length, then its bytes).")
            String datatype,
            @Schema(description = "binary_data_size (bytes): the tensor is sent as binary tensor data instead of data.")
            Map<String, Object> parameters,
            @Schema(description = "The elements in row-major order, flat or nested; absent when sent as binary data.")
            List<Object> data) {
    }

    /** OIP {@code $request_output}. */
    public record RequestOutput(
            @Schema(requiredMode = RequiredMode.REQUIRED)
            String name,
            @Schema(description = "binary_data (boolean): answer this output as binary tensor data. classification "
                    + "(or class_count; a whole number K >= 1): answer the top K of the output's values per row (the "
                    + "batch) as BYTES \"value:index\" or \"value:index:label\" (the application's classes), highest "
                    + "first: shape [rows, K], or [K] for a rank-1 output.")
            Map<String, Object> parameters) {
    }
}
