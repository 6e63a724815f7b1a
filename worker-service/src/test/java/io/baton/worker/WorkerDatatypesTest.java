package io.baton.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.JsonTensors;
import io.baton.commons.tensor.Tensor;
import io.baton.core.onnx.Attribute;
import io.baton.core.onnx.Dim;
import io.baton.core.onnx.GraphBuilder;

/**
 * Every OIP datatype through a worker on a random port and real ONNX Runtime sessions: an Identity per datatype
 * (values at the edges of each type's range, concatenated from two parts and split back, as JSON and as base64),
 * Casts that show ONNX Runtime reads unsigned and half-precision elements as what they are, a model with a scalar
 * input and a state whose first dimension is not the batch (silero VAD's signature) run with {@code "batched": false},
 * and a model with a non-tensor output.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.worker.device-id=cpu-test", "baton.worker.intra-op-threads=1", "baton.worker.memory-budget=256MB"})
class WorkerDatatypesTest {

    static final ObjectMapper JSON = new ObjectMapper();

    /** Six elements per datatype, written as the worker writes them back (so the texts compare exactly). */
    static final Map<Datatype, String> VALUES = new LinkedHashMap<>();

    static {
        VALUES.put(Datatype.BOOL, "[true,false,false,true,true,false]");
        VALUES.put(Datatype.UINT8, "[0,255,1,128,7,200]");
        VALUES.put(Datatype.UINT16, "[0,65535,1,32768,7,40000]");
        VALUES.put(Datatype.UINT32, "[0,4294967295,1,2147483648,7,3000000000]");
        VALUES.put(Datatype.UINT64, "[0,18446744073709551615,1,9223372036854775808,7,12345678901234567890]");
        VALUES.put(Datatype.INT8, "[-128,127,0,-1,5,-5]");
        VALUES.put(Datatype.INT16, "[-32768,32767,0,-1,5,-5]");
        VALUES.put(Datatype.INT32, "[-2147483648,2147483647,0,-1,5,-5]");
        VALUES.put(Datatype.INT64, "[-9223372036854775808,9223372036854775807,0,-1,5,-5]");
        VALUES.put(Datatype.FP16, "[0.5,-2.0,65504.0,6.1035156E-5,1.5,-0.0]");
        VALUES.put(Datatype.BF16, "[0.5,-2.5,1.0,3.3895314E38,1.0010069E-38,-0.0]");
        VALUES.put(Datatype.FP32, "[0.1,-0.0,1.0E38,1.4E-45,3.5,-7.25]");
        VALUES.put(Datatype.FP64, "[0.1,-0.0,1.7976931348623157E308,4.9E-324,3.5,-7.25]");
        VALUES.put(Datatype.BYTES, "[\"\",\"a\",\"h\u00e9llo\",\"\u65e5\u672c\",\"x y\",\"z\"]");
    }

    static Path artifacts;
    static String identities;
    static String stateful;
    static String sequence;
    static String scalars;

    @Autowired
    TestRestTemplate http;

    @BeforeAll
    static void writeModels() throws Exception {
        artifacts = Files.createTempDirectory("worker-datatypes");
        identities = TestModels.store(artifacts, identities());
        stateful = TestModels.store(artifacts, stateful());
        sequence = TestModels.store(artifacts, TestModels.withSequenceOutput());
        scalars = TestModels.store(artifacts, scalars());
    }

    @AfterAll
    static void removeModels() throws Exception {
        try (var files = Files.list(artifacts)) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        Files.delete(artifacts);
    }

    @DynamicPropertySource
    static void source(DynamicPropertyRegistry registry) {
        registry.add("baton.worker.registry-url", () -> artifacts.toUri().toString());
    }

    /**
     * {@code in_<TYPE>} [N,2] to {@code out_<TYPE>} through Identity for every datatype, and Casts to a wider type:
     * UINT64, UINT32 and UINT16 to FP64, FP16 and BF16 to FP32, BOOL to INT32.
     */
    static byte[] identities() {
        GraphBuilder g = new GraphBuilder("identities");
        for (Datatype d : Datatype.values()) {
            String in = g.input("in_" + d, d.onnxElementType(), Dim.BATCH, Dim.of(2));
            g.output(g.op("Identity", List.of(in)), "out_" + d, d.onnxElementType(), Dim.BATCH, Dim.of(2));
        }
        cast(g, Datatype.UINT64, Datatype.FP64);
        cast(g, Datatype.UINT32, Datatype.FP64);
        cast(g, Datatype.UINT16, Datatype.FP64);
        cast(g, Datatype.FP16, Datatype.FP32);
        cast(g, Datatype.BF16, Datatype.FP32);
        cast(g, Datatype.BOOL, Datatype.INT32);
        return g.build().toBytes();
    }

    private static void cast(GraphBuilder g, Datatype from, Datatype to) {
        g.output(g.op("Cast", List.of("in_" + from), Attribute.of("to", (long) to.onnxElementType())),
                from + "_as_" + to, to.onnxElementType(), Dim.BATCH, Dim.of(2));
    }

    /**
     * Silero VAD's signature: {@code input} FP32 [N,T], {@code state} FP32 [2,B,128], {@code sr} INT64 [] (a scalar);
     * {@code output = input * sr} FP32 [N,T], {@code stateN = state + state} FP32 [2,B,128] and {@code srOut = sr}
     * INT64 [].
     */
    static byte[] stateful() {
        GraphBuilder g = new GraphBuilder("stateful");
        String input = g.input("input", Dim.symbolic("N"), Dim.symbolic("T"));
        String state = g.input("state", Dim.of(2), Dim.symbolic("B"), Dim.of(128));
        String sr = g.input("sr", Datatype.INT64.onnxElementType());
        String rate = g.op("Cast", List.of(sr), Attribute.of("to", (long) Datatype.FP32.onnxElementType()));
        g.output(g.mul(input, rate), "output", Dim.symbolic("N"), Dim.symbolic("T"));
        g.output(g.add(state, state), "stateN", Dim.of(2), Dim.symbolic("B"), Dim.of(128));
        g.output(g.op("Identity", List.of(sr)), "srOut", Datatype.INT64.onnxElementType());
        return g.build().toBytes();
    }

    /** Scalars of a fixed-width type and of strings: {@code text} BYTES [] and {@code flag} BOOL [], each echoed. */
    static byte[] scalars() {
        GraphBuilder g = new GraphBuilder("scalars");
        String text = g.input("text", Datatype.BYTES.onnxElementType());
        String flag = g.input("flag", Datatype.BOOL.onnxElementType());
        g.output(g.op("Identity", List.of(text)), "textOut", Datatype.BYTES.onnxElementType());
        g.output(g.op("Identity", List.of(flag)), "flagOut", Datatype.BOOL.onnxElementType());
        return g.build().toBytes();
    }

    // ---------------------------------------------------------------- helpers

    static ArrayNode array(String json) {
        try {
            return (ArrayNode) JSON.readTree(json);
        } catch (Exception e) {
            throw new IllegalArgumentException(json, e);
        }
    }

    static ArrayNode slice(ArrayNode all, int from, int to) {
        ArrayNode out = JSON.createArrayNode();
        for (int i = from; i < to; i++) {
            out.add(all.get(i));
        }
        return out;
    }

    static ObjectNode part(long[] shape, JsonNode data) {
        ObjectNode p = JSON.createObjectNode();
        ArrayNode s = p.putArray("shape");
        for (long d : shape) {
            s.add(d);
        }
        p.set("data", data);
        return p;
    }

    static ObjectNode binaryPart(long[] shape, Datatype type, JsonNode data) {
        Tensor t = JsonTensors.decode("test", "test", type, shape, data);
        ObjectNode p = JSON.createObjectNode();
        ArrayNode s = p.putArray("shape");
        for (long d : shape) {
            s.add(d);
        }
        p.put("base64", Base64.getEncoder().encodeToString(t.bytes()));
        return p;
    }

    static ObjectNode input(String name, Datatype type, ObjectNode... parts) {
        ObjectNode i = JSON.createObjectNode().put("name", name).put("datatype", type.name());
        ArrayNode ps = i.putArray("parts");
        for (ObjectNode p : parts) {
            ps.add(p);
        }
        return i;
    }

    static ObjectNode batch(String variant, List<ObjectNode> inputs) {
        ObjectNode b = JSON.createObjectNode().put("variant", variant);
        ArrayNode is = b.putArray("inputs");
        inputs.forEach(is::add);
        return b;
    }

    ResponseEntity<JsonNode> post(JsonNode body) {
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.APPLICATION_JSON);
        return http.exchange("/internal/v1/batches", HttpMethod.POST, new HttpEntity<>(body.toString(), headers),
                JsonNode.class);
    }

    JsonNode ok(JsonNode body) {
        ResponseEntity<JsonNode> response = post(body);
        assertThat(response.getStatusCode().value()).as(String.valueOf(response.getBody())).isEqualTo(200);
        return response.getBody();
    }

    static Map<String, JsonNode> byName(JsonNode answer) {
        Map<String, JsonNode> outputs = new LinkedHashMap<>();
        answer.get("outputs").forEach(o -> outputs.put(o.get("name").asText(), o));
        return outputs;
    }

    private void assertProblem(JsonNode request, int status, String field, String detailContains) {
        ResponseEntity<JsonNode> response = post(request);
        assertThat(response.getStatusCode().value()).as(String.valueOf(response.getBody())).isEqualTo(status);
        assertThat(response.getBody().path("field").asText(null)).isEqualTo(field);
        assertThat(response.getBody().get("detail").asText()).contains(detailContains);
    }

    /** Every datatype's six values as two parts, [1,2] and [2,2], JSON or base64. */
    static List<ObjectNode> everyDatatype(boolean base64) {
        return VALUES.entrySet().stream().map(e -> {
            ArrayNode all = array(e.getValue());
            ArrayNode first = slice(all, 0, 2);
            ArrayNode rest = slice(all, 2, 6);
            return base64
                    ? input("in_" + e.getKey(), e.getKey(), binaryPart(new long[] {1, 2}, e.getKey(), first),
                            binaryPart(new long[] {2, 2}, e.getKey(), rest))
                    : input("in_" + e.getKey(), e.getKey(), part(new long[] {1, 2}, first),
                            part(new long[] {2, 2}, rest));
        }).toList();
    }

    // ---------------------------------------------------------------- tests

    @Test
    void everyDatatypeConcatenatesRunsAndSplitsBackExactlyAsJson() {
        JsonNode answer = ok(batch(identities, everyDatatype(false)));
        assertThat(answer.get("batchSize").asLong()).isEqualTo(3);
        Map<String, JsonNode> outputs = byName(answer);
        for (Map.Entry<Datatype, String> e : VALUES.entrySet()) {
            JsonNode out = outputs.get("out_" + e.getKey());
            ArrayNode all = array(e.getValue());
            assertThat(out.get("datatype").asText()).isEqualTo(e.getKey().name());
            assertThat(out.get("shape").toString()).isEqualTo("[3,2]");
            assertThat(out.get("split").asBoolean()).isTrue();
            assertThat(out.get("parts").get(0).get("shape").toString()).isEqualTo("[1,2]");
            assertThat(out.get("parts").get(0).get("data")).as(e.getKey().name()).isEqualTo(slice(all, 0, 2));
            assertThat(out.get("parts").get(1).get("shape").toString()).isEqualTo("[2,2]");
            assertThat(out.get("parts").get(1).get("data")).as(e.getKey().name()).isEqualTo(slice(all, 2, 6));
        }
    }

    @Test
    void everyDatatypeRoundTripsItsBytesAsBase64() {
        List<ObjectNode> inputs = everyDatatype(true);
        ObjectNode request = batch(identities, inputs);
        request.put("binaryOutputs", true);
        Map<String, JsonNode> outputs = byName(ok(request));
        for (ObjectNode input : inputs) {
            String type = input.get("datatype").asText();
            JsonNode out = outputs.get("out_" + type);
            assertThat(out.get("datatype").asText()).isEqualTo(type);
            for (int j = 0; j < 2; j++) {
                assertThat(out.get("parts").get(j).get("base64").asText()).as(type + " part " + j)
                        .isEqualTo(input.get("parts").get(j).get("base64").asText());
                assertThat(out.get("parts").get(j).has("data")).isFalse();
            }
        }
        // BYTES' binary form: per element a 4-byte little-endian length, then the bytes
        assertThat(Base64.getDecoder().decode(outputs.get("out_BYTES").get("parts").get(0).get("base64").asText()))
                .containsExactly(0, 0, 0, 0, 1, 0, 0, 0, 'a');
    }

    @Test
    void onnxRuntimeReadsUnsignedAndHalfPrecisionElementsAsWhatTheyAre() {
        Map<String, JsonNode> outputs = byName(ok(batch(identities, everyDatatype(false))));
        assertThat(doubles(outputs.get("UINT64_as_FP64"))).containsExactly(0, new BigInteger("18446744073709551615")
                .doubleValue(), 1, 9223372036854775808.0, 7, new BigInteger("12345678901234567890").doubleValue());
        assertThat(doubles(outputs.get("UINT32_as_FP64"))).containsExactly(0, 4294967295.0, 1, 2147483648.0, 7,
                3000000000.0);
        assertThat(doubles(outputs.get("UINT16_as_FP64"))).containsExactly(0, 65535, 1, 32768, 7, 40000);
        // FP32 outputs come as the shortest text of each float
        assertThat(doubles(outputs.get("FP16_as_FP32"))).containsExactly(0.5, -2, 65504, 6.1035156E-5, 1.5, -0.0);
        assertThat(doubles(outputs.get("BF16_as_FP32"))).containsExactly(0.5, -2.5, 1, 3.3895314E38, 1.0010069E-38,
                -0.0);
        assertThat(doubles(outputs.get("BOOL_as_INT32"))).containsExactly(1, 0, 0, 1, 1, 0);
    }

    private static double[] doubles(JsonNode output) {
        return java.util.stream.StreamSupport.stream(output.get("parts").spliterator(), false)
                .flatMap(p -> java.util.stream.StreamSupport.stream(p.get("data").spliterator(), false))
                .mapToDouble(JsonNode::doubleValue).toArray();
    }

    @Test
    void requestedOutputsChooseASubsetOfAnyDatatype() {
        ObjectNode request = batch(identities, everyDatatype(false));
        request.putArray("outputs").add("out_BYTES").add("out_UINT64").add("FP16_as_FP32");
        Map<String, JsonNode> outputs = byName(ok(request));
        assertThat(outputs.keySet()).containsExactlyInAnyOrder("out_BYTES", "out_UINT64", "FP16_as_FP32");
        assertThat(outputs.get("out_BYTES").get("parts").get(1).get("data"))
                .isEqualTo(slice(array(VALUES.get(Datatype.BYTES)), 2, 6));
    }

    @Test
    void byteStringsThatAreNotTheBinaryFormOrNotStringsAre400() {
        List<ObjectNode> inputs = new java.util.ArrayList<>(everyDatatype(false));
        ObjectNode bytes = inputs.get(inputs.size() - 1);
        ObjectNode truncated = JSON.createObjectNode();
        truncated.putArray("shape").add(1).add(2);
        truncated.put("base64", Base64.getEncoder().encodeToString(new byte[] {5, 0, 0, 0, 'a'}));
        ((ArrayNode) bytes.get("parts")).set(0, truncated);
        assertProblem(batch(identities, inputs), 400, "inputs[13].parts[0].base64", "not BYTES' binary form");
        ((ArrayNode) bytes.get("parts")).set(0, part(new long[] {1, 2}, array("[\"a\",7]")));
        assertProblem(batch(identities, inputs), 400, "inputs[13].parts[0].data[1]", "is 7, not a string");
        ((ArrayNode) bytes.get("parts")).set(0, part(new long[] {1, 2}, array("[\"a\",\"b\",\"c\"]")));
        assertProblem(batch(identities, inputs), 400, "inputs[13].parts[0].data", "has 3 values but shape [1, 2]");
        ObjectNode notText = JSON.createObjectNode();
        notText.putArray("shape").add(1).add(2);
        notText.put("base64", Base64.getEncoder().encodeToString(new byte[] {1, 0, 0, 0, (byte) 0xff, 0, 0, 0, 0}));
        ((ArrayNode) bytes.get("parts")).set(0, notText);
        assertProblem(batch(identities, inputs), 400, "inputs[13].parts[0].base64", "element 0 is not UTF-8 text");
    }

    @Test
    void aScalarAndAStateRunAsSentWhenNotBatched() {
        float[] signal = {0.5f, -1, 0.25f, 2};
        ArrayNode state = JSON.createArrayNode();
        for (int i = 0; i < 2 * 128; i++) {
            state.add(i * 0.5f);
        }
        ObjectNode request = batch(stateful, List.of(
                input("input", Datatype.FP32, part(new long[] {1, 4}, JSON.valueToTree(signal))),
                input("state", Datatype.FP32, part(new long[] {2, 1, 128}, state)),
                input("sr", Datatype.INT64, part(new long[] {}, array("[16000]")))));
        request.put("batched", false);
        JsonNode answer = ok(request);
        assertThat(answer.get("batchSize").asLong()).isEqualTo(1);
        Map<String, JsonNode> outputs = byName(answer);
        JsonNode output = outputs.get("output");
        assertThat(output.get("shape").toString()).isEqualTo("[1,4]");
        assertThat(output.get("split").asBoolean()).isFalse();
        assertThat(output.get("parts")).hasSize(1);
        assertThat(output.get("parts").get(0).get("shape").toString()).isEqualTo("[1,4]");
        assertThat(output.get("parts").get(0).get("data").toString()).isEqualTo("[8000.0,-16000.0,4000.0,32000.0]");
        JsonNode stateN = outputs.get("stateN");
        assertThat(stateN.get("shape").toString()).isEqualTo("[2,1,128]");
        assertThat(stateN.get("parts").get(0).get("shape").toString()).isEqualTo("[2,1,128]");
        assertThat(stateN.get("parts").get(0).get("data").get(255).floatValue()).isEqualTo(255f);
        JsonNode srOut = outputs.get("srOut");
        assertThat(srOut.get("datatype").asText()).isEqualTo("INT64");
        assertThat(srOut.get("shape").toString()).isEqualTo("[]");
        assertThat(srOut.get("parts").get(0).get("shape").toString()).isEqualTo("[]");
        assertThat(srOut.get("parts").get(0).get("data").toString()).isEqualTo("[16000]");

        // the same as base64, asking for the state alone
        ObjectNode binary = batch(stateful, List.of(
                input("input", Datatype.FP32, binaryPart(new long[] {1, 4}, Datatype.FP32, JSON.valueToTree(signal))),
                input("state", Datatype.FP32, binaryPart(new long[] {2, 1, 128}, Datatype.FP32, state)),
                input("sr", Datatype.INT64, binaryPart(new long[] {}, Datatype.INT64, array("[8000]")))));
        binary.put("batched", false).put("binaryOutputs", true);
        binary.putArray("outputs").add("stateN").add("srOut");
        Map<String, JsonNode> binaryOutputs = byName(ok(binary));
        assertThat(binaryOutputs.keySet()).containsExactly("stateN", "srOut");
        assertThat(Base64.getDecoder().decode(binaryOutputs.get("srOut").get("parts").get(0).get("base64").asText()))
                .containsExactly(0x40, 0x1f, 0, 0, 0, 0, 0, 0);
    }

    @Test
    void aScalarInputNeedsBatchedFalseAndThenEachInputIsOnePartOfTheModelsRank() {
        ObjectNode signal = part(new long[] {1, 4}, array("[0,0,0,0]"));
        ObjectNode state = part(new long[] {2, 1, 128}, JSON.valueToTree(new float[256]));
        ObjectNode concatenated = batch(stateful, List.of(
                input("sr", Datatype.INT64, part(new long[] {}, array("[1]"))),
                input("input", Datatype.FP32, signal), input("state", Datatype.FP32, state)));
        assertProblem(concatenated, 422, "inputs[0]", "is a scalar (shape []), which has no batch axis");

        ObjectNode twoParts = batch(stateful, List.of(input("input", Datatype.FP32, signal, signal),
                input("state", Datatype.FP32, state), input("sr", Datatype.INT64, part(new long[] {}, array("[1]")))));
        twoParts.put("batched", false);
        assertProblem(twoParts, 400, "inputs[0].parts", "takes each input whole, as exactly one part");

        ObjectNode rankOne = batch(stateful, List.of(input("input", Datatype.FP32, signal),
                input("state", Datatype.FP32, state), input("sr", Datatype.INT64, part(new long[] {1}, array("[1]")))));
        rankOne.put("batched", false);
        assertProblem(rankOne, 422, "inputs[2].parts[0].shape", "has 1 dimensions but model input 'sr' has 0 []");

        ObjectNode wrongFixed = batch(stateful, List.of(input("input", Datatype.FP32, signal),
                input("state", Datatype.FP32, part(new long[] {1, 2, 128}, JSON.valueToTree(new float[256]))),
                input("sr", Datatype.INT64, part(new long[] {}, array("[1]")))));
        wrongFixed.put("batched", false);
        assertProblem(wrongFixed, 422, "inputs[1].parts[0].shape[0]", "is 1 but model input 'state' has 2 there");
    }

    @Test
    void scalarStringsAndBooleansComeBackAsScalars() {
        ObjectNode json = batch(scalars, List.of(
                input("text", Datatype.BYTES, part(new long[] {}, array("[\"h\u00e9\"]"))),
                input("flag", Datatype.BOOL, part(new long[] {}, array("[true]")))));
        json.put("batched", false);
        Map<String, JsonNode> outputs = byName(ok(json));
        assertThat(outputs.get("textOut").get("shape").toString()).isEqualTo("[]");
        assertThat(outputs.get("textOut").get("parts").get(0).get("data").toString()).isEqualTo("[\"h\u00e9\"]");
        assertThat(outputs.get("flagOut").get("parts").get(0).get("data").toString()).isEqualTo("[true]");

        ObjectNode binary = batch(scalars, List.of(
                input("text", Datatype.BYTES, binaryPart(new long[] {}, Datatype.BYTES, array("[\"ok\"]"))),
                input("flag", Datatype.BOOL, binaryPart(new long[] {}, Datatype.BOOL, array("[false]")))));
        binary.put("batched", false).put("binaryOutputs", true);
        Map<String, JsonNode> binaryOutputs = byName(ok(binary));
        assertThat(Base64.getDecoder().decode(binaryOutputs.get("textOut").get("parts").get(0).get("base64").asText()))
                .containsExactly(2, 0, 0, 0, 'o', 'k');
        assertThat(Base64.getDecoder().decode(binaryOutputs.get("flagOut").get("parts").get(0).get("base64").asText()))
                .containsExactly(0);
    }

    @Test
    void aNonTensorOutputIsSkippedUnlessAskedForThenRefusedByName() {
        ObjectNode x = input("x", Datatype.FP32, part(new long[] {1, 2}, array("[1.5,-2.0]")));
        Map<String, JsonNode> outputs = byName(ok(batch(sequence, List.of(x))));
        assertThat(outputs.keySet()).containsExactly("y");
        assertThat(outputs.get("y").get("parts").get(0).get("data").toString()).isEqualTo("[1.5,-2.0]");
        ObjectNode pieces = batch(sequence, List.of(x));
        pieces.putArray("outputs").add("pieces");
        assertProblem(pieces, 422, "outputs[0]", "'pieces' is a SEQUENCE, not a tensor");
    }
}
