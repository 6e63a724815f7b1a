package io.baton.core.onnx;

import java.util.List;

/**
 * A graph input or output: a tensor with a name, a shape and an ONNX element type ({@link #FLOAT} = 1, the default,
 * or {@link #INT64} = 7, e.g. token ids).
 */
public record ValueInfo(String name, List<Dim> shape, int elemType) {
    public static final int FLOAT = 1, INT64 = 7;
    /** Boolean (ONNX BOOL = 9): a {@code Loop} body's condition. */
    public static final int BOOL = 9;

    public ValueInfo {
        shape = List.copyOf(shape);
        if (elemType != FLOAT && elemType != INT64 && elemType != BOOL) {
            throw new IllegalArgumentException(name + ": element type must be FLOAT (1), INT64 (7) or BOOL (9)");
        }
    }

    /** A float tensor. */
    public ValueInfo(String name, List<Dim> shape) {
        this(name, shape, FLOAT);
    }
}
