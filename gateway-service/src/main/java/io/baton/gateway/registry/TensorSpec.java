package io.baton.gateway.registry;

import java.util.List;

/**
 * A named tensor as the registry declares it (OIP datatype, shape with -1 for a free dimension).
 */
public record TensorSpec(String name, String datatype, List<Long> shape) {

    public TensorSpec {
        shape = shape == null ? List.of() : List.copyOf(shape);
    }

    public int rank() {
        return shape.size();
    }
}
