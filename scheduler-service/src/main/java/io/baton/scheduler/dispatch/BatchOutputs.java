package io.baton.scheduler.dispatch;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.baton.commons.tensor.ByteStrings;
import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.JsonTensors;

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
                // as the worker gave it: base64 text over HTTP, the bytes themselves over gRPC (written as base64)
                if (part.hasNonNull("base64")) o.set("base64", part.get("base64"));
                else o.put("base64", toBase64(part.path("data"), datatype));
            } else {
                o.set("data", part.hasNonNull("data") ? part.get("data") : fromBinary(part.path("base64"), datatype));
            }
            mine.add(o);
        }
        return mine;
    }

    static String toBase64(JsonNode data, String datatype) {
        Datatype type = known(datatype);
        if (!type.fixedWidth()) {
            byte[][] strings = new byte[data.size()][];
            for (int i = 0; i < strings.length; i++) {
                strings[i] = data.get(i).asText().getBytes(StandardCharsets.UTF_8);
            }
            return Base64.getEncoder().encodeToString(ByteStrings.join(strings, 0, strings.length));
        }
        ByteBuffer buf = ByteBuffer.allocate(data.size() * type.bytes()).order(ByteOrder.LITTLE_ENDIAN);
        JsonTensors.put(buf, data, type, data.size(), 0, false);
        return Base64.getEncoder().encodeToString(buf.array());
    }

    /** A part's bytes (a binary node, or base64 text) as a JSON array. */
    static ArrayNode fromBinary(JsonNode bytes, String datatype) {
        try {
            return JsonTensors.toArray(known(datatype), ByteBuffer.wrap(bytes.binaryValue()));
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("an output part is not base64: " + e.getMessage(), e);
        }
    }

    static ArrayNode fromBase64(String base64, String datatype) {
        return JsonTensors.toArray(known(datatype), ByteBuffer.wrap(Base64.getDecoder().decode(base64)));
    }

    /** An output's datatype, for converting between its JSON and binary forms (BYTES by its length prefixes). */
    private static Datatype known(String datatype) {
        Datatype type = Datatype.named(datatype);
        if (type == null) {
            throw new IllegalArgumentException("output datatype " + datatype + " is not an OIP datatype");
        }
        return type;
    }
}
