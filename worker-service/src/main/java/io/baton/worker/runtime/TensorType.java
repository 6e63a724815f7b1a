package io.baton.worker.runtime;

import java.util.Arrays;
import java.util.Locale;

import ai.onnxruntime.OnnxJavaType;

/**
 * Element types a worker accepts and returns, named as in the Open Inference Protocol ({@code FP32}, ...), with
 * the ONNX Runtime type each maps to and its width in bytes (binary tensors are little-endian).
 */
public enum TensorType {
    FP32(OnnxJavaType.FLOAT, 4),
    FP64(OnnxJavaType.DOUBLE, 8),
    INT32(OnnxJavaType.INT32, 4),
    INT64(OnnxJavaType.INT64, 8);

    private final OnnxJavaType onnxType;
    private final int bytes;

    TensorType(OnnxJavaType onnxType, int bytes) {
        this.onnxType = onnxType;
        this.bytes = bytes;
    }

    public OnnxJavaType onnxType() {
        return onnxType;
    }

    public int bytes() {
        return bytes;
    }

    /** The type named {@code name} (case-insensitive), or null. */
    public static TensorType parse(String name) {
        if (name == null) {
            return null;
        }
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The type ONNX Runtime's {@code type} maps to, or null when a worker does not serve it. */
    public static TensorType of(OnnxJavaType type) {
        return Arrays.stream(values()).filter(t -> t.onnxType == type).findFirst().orElse(null);
    }

    public static String names() {
        return Arrays.toString(values());
    }
}
