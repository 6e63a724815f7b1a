package io.baton.gateway.scheduler;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.JsonTensors;
import io.baton.commons.tensor.Tensor;
import io.baton.commons.tensor.TensorException;
import io.baton.gateway.GatewayException;
import io.baton.gateway.UpstreamProblem;

/**
 * The JSON of the scheduler's inference route. Tensors travel as {@code base64} of their little-endian bytes both
 * ways ({@code binaryOutputs: true}): no number is formatted or parsed on the hop between gateway and scheduler.
 */
final class SchedulerWire {

    private final ObjectMapper json;

    SchedulerWire(ObjectMapper json) {
        this.json = json;
    }

    byte[] encode(SchedulerCall call) {
        return body(base64Size(call.inputs()), g -> {
            g.writeStringField("application", call.application());
            if (call.variant() != null) {
                g.writeStringField("variant", call.variant());
            }
            if (call.stage() != null) {
                g.writeNumberField("stage", call.stage());
            }
            g.writeNumberField("timeoutMs", call.timeoutMs());
            g.writeNumberField("priority", call.priority());
            writeTensors(g, call.inputs(), call.outputs());
            if (call.evidence() != null) {
                g.writeFieldName("evidence");
                g.writeArray(call.evidence(), 0, call.evidence().length);
            }
        });
    }

    /** The fields of a request body; {@link #body} opens the object and closes it asking for base64 outputs. */
    private interface Fields {
        void write(JsonGenerator g) throws IOException;
    }

    private byte[] body(int tensorBytes, Fields fields) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256 + tensorBytes);
        try (JsonGenerator g = json.getFactory().createGenerator(out)) {
            g.writeStartObject();
            fields.write(g);
            g.writeBooleanField("binaryOutputs", true);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** About how many bytes the tensors take as base64 with their headers: the body's buffer is sized once. */
    private static int base64Size(List<Tensor> tensors) {
        int size = 0;
        for (Tensor t : tensors) {
            size += t.byteSize() * 4 / 3 + 128;
        }
        return size;
    }

    private static void writeTensors(JsonGenerator g, List<Tensor> inputs, List<String> outputs) throws IOException {
        g.writeArrayFieldStart("inputs");
        for (Tensor t : inputs) {
            g.writeStartObject();
            JsonTensors.writeHeader(g, t);
            ByteBuffer data = t.data();
            g.writeFieldName("base64");
            g.writeBinary(data.array(), data.arrayOffset() + data.position(), data.remaining());
            g.writeEndObject();
        }
        g.writeEndArray();
        if (outputs != null) {
            g.writeArrayFieldStart("outputs");
            for (String o : outputs) {
                g.writeString(o);
            }
            g.writeEndArray();
        }
    }

    byte[] encode(EnsembleCall call) {
        int tensorBytes = 0;
        for (EnsembleCall.Member m : call.members()) {
            tensorBytes += base64Size(m.inputs());
        }
        return body(tensorBytes, g -> {
            g.writeStringField("application", call.application());
            g.writeNumberField("timeoutMs", call.timeoutMs());
            g.writeNumberField("priority", call.priority());
            if (call.difficulty() != null) {
                g.writeNumberField("difficulty", call.difficulty());
            }
            g.writeArrayFieldStart("members");
            for (EnsembleCall.Member m : call.members()) {
                g.writeStartObject();
                g.writeStringField("variant", m.variant());
                writeTensors(g, m.inputs(), m.outputs());
                g.writeEndObject();
            }
            g.writeEndArray();
        });
    }

    EnsembleAnswer decodeEnsemble(byte[] body) {
        JsonNode node = answer(body, "members", "the ensemble answer has no members array");
        List<EnsembleAnswer.Ran> ran = new ArrayList<>();
        for (JsonNode m : node.get("members")) {
            String variant = text(m, "variant");
            if (!m.path("outputs").isArray()) {
                ran.add(new EnsembleAnswer.Ran(variant, null, m.path("failure").asText("no outputs")));
                continue;
            }
            List<Tensor> outputs = outputs(m.get("outputs"));
            JsonNode timing = m.path("timing");
            ran.add(new EnsembleAnswer.Ran(variant, new SchedulerAnswer(text(node, "application"), variant,
                    text(m, "workerId"), m.path("batchSize").asInt(1), outputs, timing.path("queueMs").asDouble(0),
                    timing.path("executionMs").asDouble(0), timing.path("totalMs").asDouble(0)), null));
        }
        List<String> skipped = new ArrayList<>();
        node.path("skipped").forEach(v -> skipped.add(v.asText()));
        return new EnsembleAnswer(ran, skipped, node.path("bin").asInt(-1), node.path("plannedUtility").asDouble(Double.NaN),
                node.path("timing").path("totalMs").asDouble(0));
    }

    SchedulerAnswer decode(byte[] body) {
        JsonNode node = answer(body, "outputs", "the answer has no outputs array");
        List<Tensor> outputs = outputs(node.get("outputs"));
        JsonNode timing = node.path("timing");
        return new SchedulerAnswer(text(node, "application"), text(node, "variant"), text(node, "workerId"),
                node.path("batchSize").asInt(0), outputs, timing.path("queueMs").asDouble(0),
                timing.path("executionMs").asDouble(0), timing.path("totalMs").asDouble(0));
    }

    /**
     * For a 503 body: the leader's URL when it is a standby's {@code not-leader} refusal ("" when it named none),
     * null for any other 503 (a policy's drop, a full budget).
     */
    String notLeader(byte[] body) {
        try {
            JsonNode n = json.readTree(body);
            if (n == null || !"urn:baton:problem:not-leader".equals(n.path("type").asText())) return null;
            return n.path("leaderUrl").isTextual() ? n.get("leaderUrl").asText() : "";
        } catch (IOException e) {
            return null;
        }
    }

    /** The OIP error for a refusal: see the mapping table in the module's README. */
    GatewayException refusal(int status, byte[] body, String application) {
        UpstreamProblem p = UpstreamProblem.parse(json, status, body);
        String detail = p.describe();
        return switch (status) {
            case 400 -> GatewayException.badRequest(detail);
            case 404 -> GatewayException.notFound(detail);
            case 409 -> new GatewayException(503, "not-profiled", "model '" + application
                    + "' is not ready to serve: " + detail);
            case 502 -> GatewayException.badGateway("worker-failed", "worker failed: " + detail);
            case 503 -> "not-leader".equals(p.slug())
                    ? GatewayException.unavailable("no-leader", "no scheduler leads at the moment (a standby "
                    + "answered: " + p.detail() + "); retry shortly", null)
                    : "dropped".equals(p.slug()) || p.reason() != null
                    ? GatewayException.dropped(p.reason(), p.detail())
                    : GatewayException.unavailable("scheduler-unavailable", "scheduler unavailable: " + detail, null);
            default -> GatewayException.badGateway("scheduler-failed", "scheduler answered " + status + ": " + detail);
        };
    }

    /** The answer as a JSON object holding the array {@code array}, or the gateway's 502 naming {@code missing}. */
    private JsonNode answer(byte[] body, String array, String missing) {
        JsonNode node;
        try {
            node = json.readTree(body);
        } catch (IOException e) {
            throw unreadable("the answer is not JSON: " + e.getMessage());
        }
        if (node == null || !node.isObject() || !node.path(array).isArray()) {
            throw unreadable(missing);
        }
        return node;
    }

    private List<Tensor> outputs(JsonNode array) {
        List<Tensor> outputs = new ArrayList<>();
        for (JsonNode o : array) {
            outputs.add(output(o));
        }
        return outputs;
    }

    private Tensor output(JsonNode o) {
        String name = text(o, "name");
        String label = "output '" + name + "'";
        try {
            Datatype type = Datatype.named(text(o, "datatype"));
            if (type == null) {
                throw unreadable(label + " has datatype " + o.path("datatype") + ", not an OIP datatype");
            }
            JsonNode shapeNode = o.path("shape");
            long[] shape = new long[shapeNode.size()];
            for (int i = 0; i < shape.length; i++) {
                shape[i] = shapeNode.get(i).asLong(-1);
                if (shape[i] < 0) {
                    throw unreadable(label + " has shape " + shapeNode);
                }
            }
            if (o.hasNonNull("base64")) {
                byte[] bytes = Base64.getDecoder().decode(o.get("base64").asText());
                return Tensor.of(name, type, shape, bytes);
            }
            return JsonTensors.decode(label, name, type, shape, o.get("data"));
        } catch (TensorException | IllegalArgumentException e) {
            throw unreadable(e.getMessage());
        }
    }

    private static GatewayException unreadable(String why) {
        return GatewayException.badGateway("scheduler-failed", "scheduler answered what the gateway cannot read: " + why);
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }
}
