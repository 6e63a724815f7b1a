package io.baton.core.onnx;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A constant tensor of the graph (weights, biases, shapes): float32 or int64, stored row-major as
 * ONNX {@code raw_data} (little-endian, as the ONNX specification requires), or, when {@code external}
 * is set, a tensor of {@code externalType} whose bytes the model says are elsewhere (no data in the model).
 */
public record Initializer(String name, long[] dims, float[] floats, long[] int64s, ExternalData external,
                          int externalType) {
    static final int FLOAT = 1;
    static final int INT64 = 7;

    public Initializer {
        dims = dims.clone();
        if (external == null) {
            long n = Arrays.stream(dims).reduce(1, (a, b) -> a * b);
            int have = floats != null ? floats.length : int64s.length;
            if (n != have) {
                throw new IllegalArgumentException("initializer " + name + ": dims " + Arrays.toString(dims) + " hold " + n
                        + " elements, data has " + have);
            }
        }
    }

    public Initializer(String name, long[] dims, float[] floats, long[] int64s) {
        this(name, dims, floats, int64s, null, 0);
    }

    public static Initializer floats(String name, long[] dims, float[] data) {
        return new Initializer(name, dims, data.clone(), null);
    }

    public static Initializer int64s(String name, long[] dims, long[] data) {
        return new Initializer(name, dims, null, data.clone());
    }

    /** A float32 tensor whose bytes the model places outside itself. */
    public static Initializer external(String name, long[] dims, ExternalData where) {
        return new Initializer(name, dims, null, null, where, FLOAT);
    }

    /** An int64 tensor (sparse indices, shapes) whose bytes the model places outside itself. */
    public static Initializer externalInt64s(String name, long[] dims, ExternalData where) {
        return new Initializer(name, dims, null, null, where, INT64);
    }

    int dataType() {
        if (external != null) return externalType;
        return floats != null ? FLOAT : INT64;
    }

    byte[] rawData() {
        ByteBuffer b;
        if (floats != null) {
            b = ByteBuffer.allocate(floats.length * 4).order(ByteOrder.LITTLE_ENDIAN);
            b.asFloatBuffer().put(floats);
        } else {
            b = ByteBuffer.allocate(int64s.length * 8).order(ByteOrder.LITTLE_ENDIAN);
            b.asLongBuffer().put(int64s);
        }
        return b.array();
    }
}
