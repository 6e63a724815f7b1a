package io.baton.worker.batch;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OnnxValue;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import io.baton.commons.tensor.ByteStrings;
import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.JsonTensors;
import io.baton.worker.batch.BatchDecoder.DecodedBatch;
import io.baton.worker.runtime.RuntimeTensors;
import io.baton.worker.runtime.ServedTypes;

/**
 * Copies ONNX Runtime's outputs out of native memory as little-endian bytes (or, for BYTES, each string's UTF-8) and
 * splits them into the request's parts, each as a JSON array or as its bytes (written as base64 in JSON). An output of a request that
 * is not batched is one part, whole.
 */
final class OutputEncoder {

    private OutputEncoder() {
    }

    static List<BatchResponse.OutputTensor> encode(OrtSession.Result result, DecodedBatch batch) throws OrtException {
        List<BatchResponse.OutputTensor> outputs = new ArrayList<>();
        for (Map.Entry<String, OnnxValue> entry : result) {
            if (entry.getValue() instanceof OnnxTensor tensor) {
                outputs.add(encode(entry.getKey(), tensor, batch));
            }
        }
        return outputs;
    }

    private static BatchResponse.OutputTensor encode(String name, OnnxTensor tensor, DecodedBatch batch)
            throws OrtException {
        Datatype type = ServedTypes.of(tensor.getInfo());
        long[] shape = tensor.getInfo().getShape();
        Elements all = type == Datatype.BYTES
                ? new Elements(type, null, RuntimeTensors.strings(tensor))
                : new Elements(type, RuntimeTensors.littleEndian(tensor, type), null);
        int length = all.count();
        boolean split = batch.batched() && shape.length >= 1 && shape[0] == batch.batchSize()
                && batch.partRows().length > 0;
        List<BatchResponse.OutputPart> parts = new ArrayList<>();
        if (!split) {
            parts.add(all.part(BatchRunner.boxed(shape), 0, length, batch.binaryOutputs()));
        } else {
            int rowElements = batch.batchSize() == 0 ? 0 : (int) (length / batch.batchSize());
            int from = 0;
            for (long rows : batch.partRows()) {
                long[] partShape = shape.clone();
                partShape[0] = rows;
                int to = from + (int) rows * rowElements;
                parts.add(all.part(BatchRunner.boxed(partShape), from, to, batch.binaryOutputs()));
                from = to;
            }
        }
        return new BatchResponse.OutputTensor(name, type.name(), BatchRunner.boxed(shape), split, parts);
    }

    /** An output's elements: little-endian bytes of a fixed-width type, or the UTF-8 of each BYTES element. */
    private record Elements(Datatype type, byte[] littleEndian, byte[][] strings) {

        int count() {
            return strings != null ? strings.length : littleEndian.length / type.bytes();
        }

        /** Elements {@code from} to {@code to}, as a JSON array or as base64 of their binary form. */
        BatchResponse.OutputPart part(List<Long> shape, int from, int to, boolean binary) {
            if (strings != null) {
                if (binary) {
                    return new BatchResponse.OutputPart(shape, null, ByteStrings.join(strings, from, to));
                }
                ArrayNode data = JsonNodeFactory.instance.arrayNode(to - from);
                for (int i = from; i < to; i++) {
                    data.add(new String(strings[i], StandardCharsets.UTF_8));
                }
                return new BatchResponse.OutputPart(shape, data, null);
            }
            if (!binary) {
                return new BatchResponse.OutputPart(shape,
                        JsonTensors.toArray(type, ByteBuffer.wrap(littleEndian), from, to), null);
            }
            int width = type.bytes();
            return new BatchResponse.OutputPart(shape, null,
                    Arrays.copyOfRange(littleEndian, from * width, to * width));
        }
    }
}
