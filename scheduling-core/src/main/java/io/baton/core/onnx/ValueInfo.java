package io.baton.core.onnx;

import java.util.List;

/**
 * A graph input or output: a tensor with a name, a shape and an ONNX element type ({@code TensorProto.DataType}:
 * {@link #FLOAT} = 1, the default, {@link #INT64} = 7 for token ids, {@link #BOOL} = 9 for a {@code Loop} body's
 * condition, or any other tensor element type ONNX defines, 1 to 16, e.g. 8 for strings).
 */
public record ValueInfo(String name, List<Dim> shape, int elemType) {
    public static final int FLOAT = 1, INT64 = 7;
    /** Boolean (ONNX BOOL = 9): a {@code Loop} body's condition. */
    public static final int BOOL = 9;

    public ValueInfo {
        shape = List.copyOf(shape);
        if (elemType < 1 || elemType > 16) {
            throw new IllegalArgumentException(name + ": element type must be an ONNX tensor element type (1 to 16), got "
                    + elemType);
        }
    }

    /** A float tensor. */
    public ValueInfo(String name, List<Dim> shape) {
        this(name, shape, FLOAT);
    }
}
