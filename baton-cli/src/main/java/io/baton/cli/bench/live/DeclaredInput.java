package io.baton.cli.bench.live;

import java.util.Arrays;

/**
 * One input as a client sends it to an application: the name the gateway expects ({@code name}: the application's
 * when it declares its inputs, else the model's), the model's own name for it ({@code modelName}: what ONNX Runtime
 * is given when the model runs alone), the OIP datatype and the declared shape (-1: a dimension left free).
 */
public record DeclaredInput(String name, String modelName, String datatype, long[] shape) {
    public DeclaredInput {
        shape = shape.clone();
    }

    @Override
    public long[] shape() {
        return shape.clone();
    }

    public int rank() {
        return shape.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DeclaredInput d && name.equals(d.name) && modelName.equals(d.modelName) && datatype.equals(d.datatype)
                && Arrays.equals(shape, d.shape);
    }

    @Override
    public int hashCode() {
        return name.hashCode() * 31 + Arrays.hashCode(shape);
    }

    @Override
    public String toString() {
        return name + " " + datatype + Arrays.toString(shape);
    }
}
