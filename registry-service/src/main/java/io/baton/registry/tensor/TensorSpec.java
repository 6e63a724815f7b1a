package io.baton.registry.tensor;

import java.util.List;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * A named tensor a model takes or gives: element type and shape, as the Open Inference Protocol v2 (which the
 * gateway speaks) spells them.
 *
 * @param datatype OIP v2 datatype: BOOL, UINT8, UINT16, UINT32, UINT64, INT8, INT16, INT32, INT64, FP16, BF16,
 *                 FP32, FP64 or BYTES (strings); SEQUENCE, MAP or OPTIONAL for the non-tensor values an ONNX model
 *                 may declare (their shape is empty); an uploaded model's tensor of an ONNX element type no OIP
 *                 datatype carries is recorded as {@code ONNX:<type>} (e.g. {@code ONNX:COMPLEX64}), and a variant
 *                 of it is refused
 * @param name     1 to 256 characters
 * @param shape    dimensions; -1 is a dimension the model leaves free (typically the batch axis)
 */
public record TensorSpec(
        @NotBlank @Size(min = 1, max = 256, message = "must be 1 to 256 characters") String name,
        @NotNull @Pattern(regexp = TensorSpec.DATATYPES, message = "must be an OIP datatype (FP32, INT64, ...)") String datatype,
        @NotNull @Size(max = 16) List<@NotNull @jakarta.validation.constraints.Min(-1) Long> shape) {

    /** The OIP datatypes: what a request can carry, hence what a variant's tensors may be. */
    public static final List<String> SERVABLE = List.of("BOOL", "UINT8", "UINT16", "UINT32", "UINT64", "INT8", "INT16",
            "INT32", "INT64", "FP16", "BF16", "FP32", "FP64", "BYTES");
    /** How an uploaded model's tensor of an ONNX element type with no OIP datatype is recorded: {@code ONNX:COMPLEX64}. */
    public static final String ONNX_PREFIX = "ONNX:";

    public static final String DATATYPES =
            "BOOL|UINT8|UINT16|UINT32|UINT64|INT8|INT16|INT32|INT64|FP16|BF16|FP32|FP64|BYTES|SEQUENCE|MAP|OPTIONAL";

    public int rank() {
        return shape.size();
    }
}
