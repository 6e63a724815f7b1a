package io.baton.cli.bench.live;

import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A {@link GeneratedTensor} as an ONNX Runtime tensor. The data is handed over as a heap buffer, so ONNX Runtime
 * copies it into its own memory on each run, as a worker's tensors are made from the bytes a request brought.
 */
final class OrtTensors {
    private OrtTensors() {}

    /** Whether ONNX Runtime's Java API can make a tensor of this OIP datatype (it has no unsigned types but UINT8). */
    static boolean supported(String datatype) {
        return !datatype.equals("UINT16") && !datatype.equals("UINT32") && !datatype.equals("UINT64");
    }

    static OnnxTensor create(OrtEnvironment env, GeneratedTensor t) throws OrtException {
        ByteBuffer b = ByteBuffer.wrap(t.data()).order(ByteOrder.LITTLE_ENDIAN);
        long[] shape = t.shape();
        return switch (t.datatype()) {
            case "FP32" -> OnnxTensor.createTensor(env, b.asFloatBuffer(), shape);
            case "FP64" -> OnnxTensor.createTensor(env, b.asDoubleBuffer(), shape);
            case "INT64" -> OnnxTensor.createTensor(env, b.asLongBuffer(), shape);
            case "INT32" -> OnnxTensor.createTensor(env, b.asIntBuffer(), shape);
            case "INT16" -> OnnxTensor.createTensor(env, b.asShortBuffer(), shape, OnnxJavaType.INT16);
            case "FP16" -> OnnxTensor.createTensor(env, b.asShortBuffer(), shape, OnnxJavaType.FLOAT16);
            case "BF16" -> OnnxTensor.createTensor(env, b.asShortBuffer(), shape, OnnxJavaType.BFLOAT16);
            case "INT8" -> OnnxTensor.createTensor(env, b, shape, OnnxJavaType.INT8);
            case "UINT8" -> OnnxTensor.createTensor(env, b, shape, OnnxJavaType.UINT8);
            case "BOOL" -> OnnxTensor.createTensor(env, b, shape, OnnxJavaType.BOOL);
            case "BYTES" -> OnnxTensor.createTensor(env, t.strings(), shape);
            default -> throw new UnsupportedOperationException("ONNX Runtime's Java API makes no " + t.datatype() + " tensors (input "
                    + t.modelName() + ")");
        };
    }
}
