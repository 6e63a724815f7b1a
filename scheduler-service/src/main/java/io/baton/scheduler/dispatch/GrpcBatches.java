package io.baton.scheduler.dispatch;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ByteString;
import com.google.protobuf.UnsafeByteOperations;

import io.baton.commons.tensor.ByteStrings;
import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.ElementException;
import io.baton.commons.tensor.JsonTensors;
import io.baton.internal.grpc.BatchCall;
import io.baton.internal.grpc.BatchInput;
import io.baton.internal.grpc.BatchOutput;
import io.baton.internal.grpc.BatchResult;
import io.baton.internal.grpc.Part;

/**
 * A batch as the binary route's message, and its answer as the tree the engines read from either route. Every part
 * goes as raw bytes: a binary request's bytes as they came, base64 decoded once, a JSON array written as its
 * little-endian elements. The answer keeps each part's bytes as bytes (a {@code base64} binary node, which
 * {@link JsonNode#binaryValue()} reads as it reads the HTTP route's text, and which JSON writes as base64).
 */
final class GrpcBatches {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private GrpcBatches() {
    }

    /** {@code requests} as one call: every request's inputs become one part of each input, in order. */
    static BatchCall call(LiveVariant variant, List<PendingRequest> requests, long timeoutMs) {
        BatchCall.Builder call = BatchCall.newBuilder().setVariant(variant.digest()).setTimeoutMs(Math.max(1, timeoutMs));
        InferJob first = requests.get(0).job;
        for (int i = 0; i < first.inputs().size(); i++) {
            InferJob.Input head = first.inputs().get(i);
            BatchInput.Builder input = call.addInputsBuilder().setName(head.name()).setDatatype(head.datatype());
            for (PendingRequest r : requests) {
                InferJob.Input in = r.job.inputs().get(i);
                input.addParts(Part.newBuilder().addAllShape(in.shape()).setData(bytes(in)));
            }
        }
        List<String> outputs = BatchOutputs.union(requests);
        if (outputs != null) call.addAllOutputs(outputs);
        if (!variant.batched()) call.setNotBatched(true); // one request, its tensors run as sent
        return call.build();
    }

    /** Whether every input of every request came as bytes: the call is then made without encoding anything. */
    static boolean allRaw(List<PendingRequest> requests) {
        for (PendingRequest r : requests) {
            for (InferJob.Input in : r.job.inputs()) {
                if (in.raw() == null) return false;
            }
        }
        return true;
    }

    /** One input's elements as bytes, without a copy where it came as bytes (the request holds them unchanged). */
    static ByteString bytes(InferJob.Input in) {
        if (in.raw() != null) return UnsafeByteOperations.unsafeWrap(in.raw());
        if (in.base64() != null) {
            try {
                return UnsafeByteOperations.unsafeWrap(Base64.getDecoder().decode(in.base64()));
            } catch (IllegalArgumentException e) {
                throw new WorkerCallException("input '" + in.name() + "': not base64: " + e.getMessage(), true);
            }
        }
        return UnsafeByteOperations.unsafeWrap(fromJson(in));
    }

    /** A JSON array's elements (flat or nested, row-major) as the worker's binary form, with service-commons' codec. */
    private static byte[] fromJson(InferJob.Input in) {
        Datatype type = Datatype.named(in.datatype());
        if (type == null) {
            throw new WorkerCallException("input '" + in.name() + "': " + in.datatype() + " is not an OIP datatype",
                    true);
        }
        JsonNode data = in.data();
        if (!data.isArray()) data = NODES.arrayNode().add(data); // a scalar's one element
        long want = 1;
        for (long d : in.shape()) want = Math.multiplyExact(want, d);
        if (!type.fixedWidth()) {
            List<byte[]> strings = new ArrayList<>();
            collectStrings(data, strings);
            return ByteStrings.join(strings.toArray(byte[][]::new), 0, strings.size());
        }
        ByteBuffer buffer = ByteBuffer.allocate(Math.toIntExact(want * type.bytes())).order(ByteOrder.LITTLE_ENDIAN);
        try {
            long got = JsonTensors.put(buffer, data, type, want, 0, false);
            if (got != want) {
                throw new WorkerCallException("input '" + in.name() + "' has " + got + " values, its shape "
                        + in.shape() + " needs " + want, true);
            }
        } catch (ElementException e) {
            throw new WorkerCallException("input '" + in.name() + "' element " + e.index() + ": " + e.problem(), true);
        }
        return buffer.array();
    }

    private static void collectStrings(JsonNode node, List<byte[]> into) {
        for (JsonNode value : node) {
            if (value.isArray()) collectStrings(value, into);
            else into.add(value.asText().getBytes(StandardCharsets.UTF_8));
        }
    }

    /**
     * A worker's result as the HTTP route's answer: {@code {variant, deviceId, batchSize, outputs: [{name, datatype,
     * shape, split, parts: [{shape, base64}]}], timing: {...}}}, each part's bytes a binary node.
     */
    static JsonNode tree(BatchResult result) {
        ObjectNode answer = NODES.objectNode();
        answer.put("variant", result.getVariant());
        answer.put("deviceId", result.getDeviceId());
        answer.put("batchSize", result.getBatchSize());
        ArrayNode outputs = answer.putArray("outputs");
        for (BatchOutput output : result.getOutputsList()) {
            ObjectNode o = outputs.addObject();
            o.put("name", output.getName());
            o.put("datatype", output.getDatatype());
            shape(o.putArray("shape"), output.getShapeList());
            o.put("split", output.getSplit());
            ArrayNode parts = o.putArray("parts");
            for (Part part : output.getPartsList()) {
                ObjectNode p = parts.addObject();
                shape(p.putArray("shape"), part.getShapeList());
                p.set("base64", NODES.binaryNode(part.getData().toByteArray()));
            }
        }
        ObjectNode timing = answer.putObject("timing");
        timing.put("executionNs", result.getTiming().getExecutionNs());
        timing.put("executionMs", result.getTiming().getExecutionMs());
        timing.put("queueMs", result.getTiming().getQueueMs());
        timing.put("loadMs", result.getTiming().getLoadMs());
        timing.put("totalMs", result.getTiming().getTotalMs());
        if (result.getTiming().hasExecutionStartMs()) timing.put("executionStartMs", result.getTiming().getExecutionStartMs());
        if (result.getTiming().hasExecutionEndMs()) timing.put("executionEndMs", result.getTiming().getExecutionEndMs());
        if (result.getTiming().hasTraceId()) timing.put("traceId", result.getTiming().getTraceId());
        return answer;
    }

    private static void shape(ArrayNode into, List<Long> shape) {
        for (long d : shape) into.add(d);
    }
}
