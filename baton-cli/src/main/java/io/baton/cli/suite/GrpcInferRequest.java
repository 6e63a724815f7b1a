package io.baton.cli.suite;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.ByteString;
import io.baton.oip.grpc.ModelInferRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * An Open Inference Protocol REST request body as the gRPC {@code ModelInfer} message that asks the same: each input's
 * name, datatype and shape, its values as little-endian bytes in {@code raw_input_contents} (what
 * {@code bin/baton bench live --protocol grpc} sends, so a warm-up over gRPC runs the path a load test will). The
 * values may be flat or nested as the shape; BYTES elements are strings, each sent with its 4-byte length. FP16 and
 * BF16 have no JSON form that converts exactly and are refused.
 */
public final class GrpcInferRequest {

    private GrpcInferRequest() {}

    /**
     * The message for {@code model} asking what {@code body} asks.
     *
     * @throws IllegalArgumentException naming the input and what is wrong with it, for a body that is no OIP request
     */
    public static ModelInferRequest of(String model, String body) {
        JsonNode request;
        try {
            request = JsonHttp.JSON.readTree(body);
        } catch (IOException e) {
            throw new IllegalArgumentException("the request is not JSON: " + e.getMessage());
        }
        JsonNode inputs = request == null ? null : request.get("inputs");
        if (inputs == null || !inputs.isArray() || inputs.isEmpty()) {
            throw new IllegalArgumentException("the request has no \"inputs\" array");
        }
        ModelInferRequest.Builder r = ModelInferRequest.newBuilder().setModelName(model);
        if (request.path("id").isTextual()) r.setId(request.get("id").asText());
        for (JsonNode in : inputs) {
            String name = in.path("name").asText("");
            if (name.isEmpty()) throw new IllegalArgumentException("an input has no name");
            String datatype = in.path("datatype").asText("");
            JsonNode shape = in.get("shape");
            if (shape == null || !shape.isArray()) throw new IllegalArgumentException("input " + name + " has no shape array");
            ModelInferRequest.InferInputTensor.Builder t = r.addInputsBuilder().setName(name).setDatatype(datatype);
            long elements = 1;
            for (JsonNode d : shape) {
                if (!d.canConvertToLong() || d.asLong() < 0) {
                    throw new IllegalArgumentException("input " + name + "'s shape holds " + d + ", not a size");
                }
                t.addShape(d.asLong());
                elements *= d.asLong();
            }
            List<JsonNode> values = new ArrayList<>();
            flatten(in.get("data"), values);
            if (values.size() != elements) {
                throw new IllegalArgumentException("input " + name + " holds " + values.size() + " values but its shape needs " + elements);
            }
            r.addRawInputContents(ByteString.copyFrom(bytes(name, datatype, values)));
        }
        return r.build();
    }

    private static void flatten(JsonNode data, List<JsonNode> into) {
        if (data == null || data.isNull()) return;
        if (!data.isArray()) {
            into.add(data);
            return;
        }
        for (JsonNode d : data) flatten(d, into);
    }

    static byte[] bytes(String name, String datatype, List<JsonNode> values) {
        if (datatype.equals("BYTES")) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (JsonNode v : values) {
                byte[] s = v.asText().getBytes(StandardCharsets.UTF_8);
                out.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(s.length).array());
                out.writeBytes(s);
            }
            return out.toByteArray();
        }
        int size = switch (datatype) {
            case "BOOL", "INT8", "UINT8" -> 1;
            case "INT16", "UINT16" -> 2;
            case "INT32", "UINT32", "FP32" -> 4;
            case "INT64", "UINT64", "FP64" -> 8;
            default -> throw new IllegalArgumentException("input " + name + " is " + datatype
                    + ": only BOOL, INT8 to INT64, UINT8 to UINT64, FP32, FP64 and BYTES convert from JSON to raw bytes");
        };
        ByteBuffer b = ByteBuffer.allocate(size * values.size()).order(ByteOrder.LITTLE_ENDIAN);
        for (JsonNode v : values) {
            if (datatype.equals("BOOL") ? !v.isBoolean() : !v.isNumber()) {
                throw new IllegalArgumentException("input " + name + " is " + datatype + " but holds " + v);
            }
            switch (datatype) {
                case "BOOL" -> b.put((byte) (v.asBoolean() ? 1 : 0));
                case "INT8", "UINT8" -> b.put((byte) v.asLong());
                case "INT16", "UINT16" -> b.putShort((short) v.asLong());
                case "INT32", "UINT32" -> b.putInt((int) v.asLong());
                case "INT64", "UINT64" -> b.putLong(v.asLong());
                case "FP32" -> b.putFloat((float) v.asDouble());
                default -> b.putDouble(v.asDouble());
            }
        }
        return b.array();
    }
}
