package io.baton.cli.bench.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * What the fuzz aims at: the gateway's {@code host:port} (for the {@code Host} header), an application and its input
 * and output signature, as {@code GET /v2/models/{app}} answers it. Every case is a change of the one valid request
 * built from it ({@link #validRequest}), so that each one is wrong in the way its description says, and no other.
 */
public record FuzzTarget(String hostPort, String app, List<Input> inputs, List<String> outputs) {

    static final ObjectMapper JSON = new ObjectMapper();

    /** An input as the model declares it; free dimensions (-1) are sent as 1. */
    public record Input(String name, String datatype, long[] shape) {
        public long[] concreteShape() {
            long[] s = shape.clone();
            for (int i = 0; i < s.length; i++) if (s[i] < 0) s[i] = 1;
            return s;
        }

        public int elements() {
            long n = 1;
            for (long d : concreteShape()) n *= d;
            return (int) n;
        }

        /** Bytes per element of a fixed-width datatype; BYTES (and unknown) 0. */
        public int width() {
            return switch (datatype) {
                case "BOOL", "UINT8", "INT8" -> 1;
                case "UINT16", "INT16", "FP16", "BF16" -> 2;
                case "UINT32", "INT32", "FP32" -> 4;
                case "UINT64", "INT64", "FP64" -> 8;
                default -> 0;
            };
        }
    }

    public FuzzTarget {
        if (inputs.isEmpty()) throw new IllegalArgumentException("model '" + app + "' declares no inputs to fuzz");
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
    }

    /** From the model metadata the gateway answers ({@code GET /v2/models/{app}}). */
    public static FuzzTarget of(String hostPort, String app, JsonNode metadata) {
        List<Input> inputs = new ArrayList<>();
        for (JsonNode in : metadata.path("inputs")) {
            JsonNode dims = in.path("shape");
            long[] shape = new long[dims.size()];
            for (int i = 0; i < shape.length; i++) shape[i] = dims.get(i).asLong();
            inputs.add(new Input(in.path("name").asText(), in.path("datatype").asText(), shape));
        }
        List<String> outputs = new ArrayList<>();
        for (JsonNode out : metadata.path("outputs")) outputs.add(out.path("name").asText());
        return new FuzzTarget(hostPort, app, inputs, outputs);
    }

    /** The path of the application's inference route. */
    String inferPath() {
        return "/v2/models/" + app + "/infer";
    }

    /** A request the model takes: every input at its shape (free dimensions 1), every value zero (false, ""). */
    public ObjectNode validRequest() {
        ObjectNode request = JSON.createObjectNode();
        request.put("id", "fuzz");
        ArrayNode tensors = request.putArray("inputs");
        for (Input in : inputs) {
            ObjectNode t = tensors.addObject();
            t.put("name", in.name());
            t.put("datatype", in.datatype());
            ArrayNode shape = t.putArray("shape");
            for (long d : in.concreteShape()) shape.add(d);
            ArrayNode data = t.putArray("data");
            for (int i = 0; i < in.elements(); i++) zero(data, in.datatype());
        }
        return request;
    }

    static void zero(ArrayNode data, String datatype) {
        switch (datatype) {
            case "BOOL" -> data.add(false);
            case "BYTES" -> data.add("");
            default -> data.add(0);
        }
    }

    /**
     * The valid request in the binary tensor data extension: its JSON header (each input with
     * {@code parameters.binary_data_size}, no data) and the zero bytes after it.
     */
    BinaryBody validBinary() {
        ObjectNode header = validRequest();
        ByteBuffer bytes = ByteBuffer.allocate(binaryBytes()).order(ByteOrder.LITTLE_ENDIAN);
        for (JsonNode t : header.withArray("inputs")) {
            Input in = input(t.path("name").asText());
            ((ObjectNode) t).remove("data");
            int size = in.width() > 0 ? in.width() * in.elements() : 4 * in.elements(); // BYTES: empty strings
            ((ObjectNode) t).putObject("parameters").put("binary_data_size", size);
            bytes.position(bytes.position() + size);
        }
        return new BinaryBody(header, bytes.array());
    }

    private int binaryBytes() {
        int n = 0;
        for (Input in : inputs) n += in.width() > 0 ? in.width() * in.elements() : 4 * in.elements();
        return n;
    }

    Input input(String name) {
        return inputs.stream().filter(i -> i.name().equals(name)).findFirst().orElseThrow();
    }

    /** A request of the binary extension: the JSON header and the bytes after it. */
    record BinaryBody(ObjectNode header, byte[] tensors) {}

    /** A datatype that is an OIP datatype but not the one the first input declares. */
    String otherDatatype(java.util.Random r) {
        List<String> all = new ArrayList<>(List.of("BOOL", "UINT8", "UINT16", "UINT32", "UINT64", "INT8", "INT16", "INT32",
                "INT64", "FP16", "BF16", "FP32", "FP64", "BYTES"));
        all.remove(inputs.get(0).datatype());
        return all.get(r.nextInt(all.size()));
    }
}
