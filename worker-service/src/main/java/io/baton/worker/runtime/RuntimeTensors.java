package io.baton.worker.runtime;

import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import io.baton.core.ort.UnsignedTensors;
import io.baton.commons.tensor.ByteOrders;
import io.baton.commons.tensor.Datatype;

/**
 * Tensors in and out of ONNX Runtime for every served datatype: inputs from native-order bytes (or strings, for
 * BYTES), outputs as little-endian bytes (or each string's UTF-8 bytes).
 */
public final class RuntimeTensors {

    private RuntimeTensors() {
    }

    /**
     * An input tensor of {@code type}: {@code data} (a direct buffer in native order, positioned at 0) for fixed-width
     * types, {@code strings} for BYTES.
     */
    public static OnnxTensor create(OrtEnvironment environment, Datatype type, long[] shape, ByteBuffer data,
                                    String[] strings) throws OrtException {
        if (type == Datatype.BYTES) {
            return OnnxTensor.createTensor(environment, strings, shape);
        }
        var javaType = ServedTypes.javaType(type);
        if (javaType == null) {
            return UnsignedTensors.create(environment, ServedTypes.onnxType(type), data, shape);
        }
        return OnnxTensor.createTensor(environment, data, shape, javaType);
    }

    /** A fixed-width output's elements as little-endian bytes, row-major. */
    public static byte[] littleEndian(OnnxTensor tensor, Datatype type) {
        ByteBuffer nativeOrder = tensor.getByteBuffer();
        byte[] raw = new byte[nativeOrder.remaining()];
        nativeOrder.get(raw);
        return ByteOrders.reorder(raw, 0, raw.length, type.bytes());
    }

    /** A string output's elements, row-major, each as its UTF-8 bytes. */
    public static byte[][] strings(OnnxTensor tensor) throws OrtException {
        Object value = tensor.getValue();
        byte[][] out = new byte[Math.toIntExact(tensor.getInfo().getNumElements())][];
        int[] next = {0};
        flatten(value, out, next);
        return out;
    }

    /** ONNX Runtime gives a string tensor as a String (rank 0) or nested String arrays, one level per dimension. */
    private static void flatten(Object value, byte[][] out, int[] next) {
        if (value instanceof String s) {
            out[next[0]++] = s.getBytes(StandardCharsets.UTF_8);
            return;
        }
        int n = Array.getLength(value);
        for (int i = 0; i < n; i++) {
            flatten(Array.get(value, i), out, next);
        }
    }
}
