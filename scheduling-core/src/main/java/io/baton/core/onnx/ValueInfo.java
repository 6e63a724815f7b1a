package io.baton.core.onnx;

import java.util.List;

/** A graph input or output: a float tensor (ONNX elem type 1) with a name and a shape. */
public record ValueInfo(String name, List<Dim> shape) {
    public ValueInfo {
        shape = List.copyOf(shape);
    }
}
