package io.baton.core.onnx;

/**
 * A sparse constant (ONNX SparseTensorProto): the non-zero {@code values} (1-D, [NNZ]) at {@code indices} (int64,
 * [NNZ] linearised or [NNZ, rank]) of a tensor of shape {@code dims}. Either part may keep its bytes outside the
 * model ({@link Initializer#external}).
 */
public record SparseInitializer(long[] dims, Initializer values, Initializer indices) {
    public SparseInitializer {
        dims = dims.clone();
    }

    public String name() {
        return values.name();
    }
}
