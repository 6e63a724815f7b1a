package io.baton.worker.batch;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OnnxValue;
import ai.onnxruntime.OrtSession;
import io.baton.worker.batch.BatchDecoder.DecodedBatch;
import io.baton.worker.runtime.TensorType;

/** Copies ONNX Runtime's outputs out of native memory and splits them into the request's parts. */
final class OutputEncoder {

    private OutputEncoder() {
    }

    static List<BatchResponse.OutputTensor> encode(OrtSession.Result result, DecodedBatch batch) {
        List<BatchResponse.OutputTensor> outputs = new ArrayList<>();
        for (Map.Entry<String, OnnxValue> entry : result) {
            if (entry.getValue() instanceof OnnxTensor tensor) {
                outputs.add(encode(entry.getKey(), tensor, batch));
            }
        }
        return outputs;
    }

    private static BatchResponse.OutputTensor encode(String name, OnnxTensor tensor, DecodedBatch batch) {
        TensorType type = TensorType.of(tensor.getInfo().type);
        long[] shape = tensor.getInfo().getShape();
        Object all = switch (type) {
            case FP32 -> {
                var b = tensor.getFloatBuffer();
                float[] a = new float[b.remaining()];
                b.get(a);
                yield a;
            }
            case FP64 -> {
                var b = tensor.getDoubleBuffer();
                double[] a = new double[b.remaining()];
                b.get(a);
                yield a;
            }
            case INT32 -> {
                var b = tensor.getIntBuffer();
                int[] a = new int[b.remaining()];
                b.get(a);
                yield a;
            }
            case INT64 -> {
                var b = tensor.getLongBuffer();
                long[] a = new long[b.remaining()];
                b.get(a);
                yield a;
            }
        };
        int length = java.lang.reflect.Array.getLength(all);
        boolean split = shape.length >= 1 && shape[0] == batch.batchSize() && batch.partRows().length > 0;
        List<BatchResponse.OutputPart> parts = new ArrayList<>();
        if (!split) {
            parts.add(part(BatchRunner.boxed(shape), all, 0, length, type, batch.binaryOutputs()));
        } else {
            int rowElements = batch.batchSize() == 0 ? 0 : (int) (length / batch.batchSize());
            int from = 0;
            for (long rows : batch.partRows()) {
                long[] partShape = shape.clone();
                partShape[0] = rows;
                int to = from + (int) rows * rowElements;
                parts.add(part(BatchRunner.boxed(partShape), all, from, to, type, batch.binaryOutputs()));
                from = to;
            }
        }
        return new BatchResponse.OutputTensor(name, type.name(), BatchRunner.boxed(shape), split, parts);
    }

    private static BatchResponse.OutputPart part(List<Long> shape, Object all, int from, int to, TensorType type,
                                                 boolean binary) {
        if (!binary) {
            Object data = switch (type) {
                case FP32 -> Arrays.copyOfRange((float[]) all, from, to);
                case FP64 -> Arrays.copyOfRange((double[]) all, from, to);
                case INT32 -> Arrays.copyOfRange((int[]) all, from, to);
                case INT64 -> Arrays.copyOfRange((long[]) all, from, to);
            };
            return new BatchResponse.OutputPart(shape, data, null);
        }
        ByteBuffer le = ByteBuffer.allocate((to - from) * type.bytes()).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = from; i < to; i++) {
            switch (type) {
                case FP32 -> le.putFloat(((float[]) all)[i]);
                case FP64 -> le.putDouble(((double[]) all)[i]);
                case INT32 -> le.putInt(((int[]) all)[i]);
                case INT64 -> le.putLong(((long[]) all)[i]);
            }
        }
        return new BatchResponse.OutputPart(shape, null, Base64.getEncoder().encodeToString(le.array()));
    }
}
