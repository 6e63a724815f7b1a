package io.baton.commons.tensor;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * A named tensor a model takes or gives, as registry-service declares it: {@code {"name", "datatype", "shape"}} with
 * an OIP datatype (or {@code SEQUENCE}, {@code MAP}, {@code OPTIONAL} for the non-tensor values an ONNX model may
 * declare) and -1 for a dimension the model leaves free. The services that read the registry's views share it; the
 * registry keeps its own, which carries the validation of what it accepts.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record TensorSpec(String name, String datatype, List<Long> shape) {

    public TensorSpec {
        shape = shape == null ? List.of() : List.copyOf(shape);
    }

    public int rank() {
        return shape.size();
    }
}
