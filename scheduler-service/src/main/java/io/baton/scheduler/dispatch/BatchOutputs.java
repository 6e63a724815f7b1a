package io.baton.scheduler.dispatch;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What a batch asks the worker to return, and each request's share of what came back. Requests of one batch may
 * want different outputs, and some JSON arrays while others want base64: the batch asks for the union, in base64
 * only when every request wants base64, and each request's slice is converted to the form it asked for.
 */
final class BatchOutputs {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private BatchOutputs() {
    }

    /** The outputs to ask for: null (every output) when any request wants every output. */
    static List<String> union(List<PendingRequest> requests) {
        Set<String> names = new LinkedHashSet<>();
        for (PendingRequest r : requests) {
            if (r.job.outputs() == null) return null;
            names.addAll(r.job.outputs());
        }
        return List.copyOf(names);
    }

    static boolean allBinary(List<PendingRequest> requests) {
        for (PendingRequest r : requests) {
            if (!r.job.binaryOutputs()) return false;
        }
        return true;
    }

    /**
     * Request {@code index}'s outputs from a worker's batch answer, each {@code {name, datatype, shape, data}} or
     * {@code {name, datatype, shape, base64}}.
     */
    static List<JsonNode> slice(JsonNode answer, int index, InferJob job) {
        List<JsonNode> mine = new ArrayList<>();
        for (JsonNode output : answer.path("outputs")) {
            String name = output.path("name").asText();
            if (job.outputs() != null && !job.outputs().contains(name)) continue;
            JsonNode parts = output.path("parts");
            JsonNode part = output.path("split").asBoolean(false) ? parts.path(index) : parts.path(0);
            String datatype = output.path("datatype").asText();
            ObjectNode o = NODES.objectNode();
            o.put("name", name);
            o.put("datatype", datatype);
            o.set("shape", part.path("shape"));
            if (job.binaryOutputs()) {
                o.put("base64", part.hasNonNull("base64") ? part.get("base64").asText() : toBase64(part.path("data"), datatype));
            } else {
                o.set("data", part.hasNonNull("data") ? part.get("data") : fromBase64(part.path("base64").asText(), datatype));
            }
            mine.add(o);
        }
        return mine;
    }

    static String toBase64(JsonNode data, String datatype) {
        int width = width(datatype);
        ByteBuffer buf = ByteBuffer.allocate(data.size() * width).order(ByteOrder.LITTLE_ENDIAN);
        for (JsonNode v : data) {
            switch (datatype) {
                case "FP32" -> buf.putFloat((float) v.asDouble());
                case "FP64" -> buf.putDouble(v.asDouble());
                case "INT32" -> buf.putInt(v.asInt());
                case "INT64" -> buf.putLong(v.asLong());
                default -> throw new IllegalArgumentException("unsupported output datatype " + datatype);
            }
        }
        return Base64.getEncoder().encodeToString(buf.array());
    }

    static ArrayNode fromBase64(String base64, String datatype) {
        ByteBuffer buf = ByteBuffer.wrap(Base64.getDecoder().decode(base64)).order(ByteOrder.LITTLE_ENDIAN);
        ArrayNode out = NODES.arrayNode();
        while (buf.hasRemaining()) {
            switch (datatype) {
                case "FP32" -> out.add(buf.getFloat());
                case "FP64" -> out.add(buf.getDouble());
                case "INT32" -> out.add(buf.getInt());
                case "INT64" -> out.add(buf.getLong());
                default -> throw new IllegalArgumentException("unsupported output datatype " + datatype);
            }
        }
        return out;
    }

    private static int width(String datatype) {
        return switch (datatype) {
            case "FP32", "INT32" -> 4;
            case "FP64", "INT64" -> 8;
            default -> throw new IllegalArgumentException("unsupported output datatype " + datatype);
        };
    }
}
