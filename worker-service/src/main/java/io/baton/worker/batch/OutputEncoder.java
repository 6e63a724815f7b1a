package io.baton.worker.batch;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OnnxValue;
import ai.onnxruntime.OrtSession;
import io.baton.commons.tensor.ByteOrders;
import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.JsonTensors;
import io.baton.worker.batch.BatchDecoder.DecodedBatch;
import io.baton.worker.runtime.ServedTypes;

/**
 * Copies ONNX Runtime's outputs out of native memory as little-endian bytes and splits them into the request's
 * parts, each as a JSON array or as base64 of its bytes.
 */
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
        Datatype type = ServedTypes.of(tensor.getInfo().type);
        long[] shape = tensor.getInfo().getShape();
        ByteBuffer nativeOrder = tensor.getByteBuffer();
        byte[] raw = new byte[nativeOrder.remaining()];
        nativeOrder.get(raw);
        byte[] all = ByteOrders.reorder(raw, 0, raw.length, type.bytes());
        int length = all.length / type.bytes();
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

    /** Elements {@code from} to {@code to} of the little-endian {@code all}. */
    private static BatchResponse.OutputPart part(List<Long> shape, byte[] all, int from, int to, Datatype type,
                                                 boolean binary) {
        if (!binary) {
            return new BatchResponse.OutputPart(shape, JsonTensors.toArray(type, ByteBuffer.wrap(all), from, to), null);
        }
        int width = type.bytes();
        return new BatchResponse.OutputPart(shape, null,
                Base64.getEncoder().encodeToString(Arrays.copyOfRange(all, from * width, to * width)));
    }
}
