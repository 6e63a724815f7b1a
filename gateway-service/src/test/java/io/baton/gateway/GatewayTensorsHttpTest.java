package io.baton.gateway;

import static io.baton.gateway.support.Apps.application;
import static io.baton.gateway.support.Apps.spec;
import static io.baton.gateway.support.Apps.variant;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.JsonTensors;
import io.baton.commons.tensor.Tensor;
import io.baton.gateway.support.Apps;
import io.baton.gateway.support.StubRegistry;
import io.baton.gateway.support.StubScheduler;
import io.baton.gateway.support.StubUpstreams;

/**
 * Tensors of any model through the gateway's routes, over real HTTP, to a scheduler stand-in whose variants answer
 * their inputs back byte for byte: every OIP datatype in JSON and as binary data both ways, rank-0 scalars,
 * non-batching variants (maxBatchSize 0) whose tensors pass as sent, the batch limit of batching ones, and the
 * classification extension.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class GatewayTensorsHttpTest {

    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();
    static final StubRegistry REGISTRY = UPSTREAMS.registry();
    static final StubScheduler SCHEDULER = UPSTREAMS.scheduler();
    static final ObjectMapper JSON = new ObjectMapper();

    /** Four elements of each datatype (shape [2, 2]), at the edges of its range where it has them. */
    static final Map<Datatype, String> VALUES = new LinkedHashMap<>();

    static {
        VALUES.put(Datatype.BOOL, "[[true, false], [false, true]]");
        VALUES.put(Datatype.UINT8, "[[0, 255], [7, 128]]");
        VALUES.put(Datatype.UINT16, "[[0, 65535], [1, 32768]]");
        VALUES.put(Datatype.UINT32, "[[0, 4294967295], [1, 2147483648]]");
        VALUES.put(Datatype.UINT64, "[[0, 18446744073709551615], [1, 9007199254740993]]");
        VALUES.put(Datatype.INT8, "[[-128, 127], [0, -1]]");
        VALUES.put(Datatype.INT16, "[[-32768, 32767], [0, -1]]");
        VALUES.put(Datatype.INT32, "[[-2147483648, 2147483647], [0, -1]]");
        VALUES.put(Datatype.INT64, "[[-9223372036854775808, 9223372036854775807], [9007199254740993, -1]]");
        VALUES.put(Datatype.FP16, "[[1.5, -2], [0.25, 65504]]");
        VALUES.put(Datatype.BF16, "[[1.5, -2], [0.25, 256]]");
        VALUES.put(Datatype.FP32, "[[0.1, -3.5], [1e-30, 3.4e38]]");
        VALUES.put(Datatype.FP64, "[[0.1, -1e300], [5e-324, 2.5]]");
        VALUES.put(Datatype.BYTES, "[[\"hello\", \"\"], [\"ünïcødé ✓\", \"a:b\"]]");

        List<String> ins = new ArrayList<>(), outs = new ArrayList<>();
        StringBuilder inSpecs = new StringBuilder(), outSpecs = new StringBuilder();
        for (Datatype d : VALUES.keySet()) {
            ins.add("in_" + d);
            outs.add("out_" + d);
            inSpecs.append(inSpecs.length() == 0 ? "" : ",").append(spec("in_" + d, d.name(), "[-1,2]"));
            outSpecs.append(outSpecs.length() == 0 ? "" : ",").append(spec("out_" + d, d.name(), "[-1,2]"));
        }
        REGISTRY.application("types", application("types", "single", "{}", 10_000, inSpecs.toString(),
                outSpecs.toString(), variant("echo", 0, inSpecs.toString(), outSpecs.toString())));
        SCHEDULER.application("types", "single", Map.of("echo", StubScheduler.Model.echo(ins, outs)));

        // A recurrent model's shape: audio [batch, samples], a state whose batch is not its first axis, and the
        // sample rate as a scalar. It does not batch: each request runs alone, as sent.
        String vadIn = spec("input", "FP32", "[-1,-1]") + "," + spec("state", "FP32", "[2,-1,4]") + ","
                + spec("sr", "INT64", "[]");
        String vadOut = spec("output", "FP32", "[-1,-1]") + "," + spec("stateN", "FP32", "[2,-1,4]") + ","
                + spec("srOut", "INT64", "[]");
        REGISTRY.application("vad", application("vad", "single", "{}", 10_000, vadIn, vadOut,
                variant("silero", 0, vadIn, vadOut, 0)));
        SCHEDULER.application("vad", "single", Map.of("silero", StubScheduler.Model.echo(
                List.of("input", "state", "sr"), List.of("output", "stateN", "srOut"))));

        // Batching variants with their limits: 2 rows at once, and 4.
        String x = spec("x", "FP32", "[-1,2]"), y = spec("y", "FP32", "[-1,2]");
        REGISTRY.application("capped", application("capped", "single", "{}", 10_000, x, y,
                variant("two", 0, x, y, 2), variant("four", 0, x, y, 4)));
        StubScheduler.Model echoXy = StubScheduler.Model.echo(List.of("x"), List.of("y"));
        SCHEDULER.application("capped", "single", Map.of("two", echoXy, "four", echoXy));

        // Scores of several datatypes echoed back, to classify: with the labels of 3 classes, and without any. The
        // model does not batch, so the tensors of one request may have different first dimensions.
        String scoreIn = spec("s", "FP32", "[-1,4]") + "," + spec("i", "INT32", "[-1,4]") + ","
                + spec("t", "BYTES", "[-1,2]") + "," + spec("v", "FP32", "[-1]");
        String scoreOut = spec("scores", "FP32", "[-1,4]") + "," + spec("ints", "INT32", "[-1,4]") + ","
                + spec("text", "BYTES", "[-1,2]") + "," + spec("vec", "FP32", "[-1]");
        StubScheduler.Model scores = StubScheduler.Model.echo(List.of("s", "i", "t", "v"),
                List.of("scores", "ints", "text", "vec"));
        REGISTRY.application("labelled", Apps.withClasses(application("labelled", "single", "{}", 10_000, scoreIn,
                scoreOut, variant("m", 0, scoreIn, scoreOut, 0)), "cat", "dog", "bird"));
        SCHEDULER.application("labelled", "single", Map.of("m", scores));
        REGISTRY.application("unlabelled", application("unlabelled", "single", "{}", 10_000, scoreIn, scoreOut,
                variant("m", 0, scoreIn, scoreOut, 0)));
        SCHEDULER.application("unlabelled", "single", Map.of("m", scores));
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
    }

    @LocalServerPort
    int port;

    final HttpClient http = HttpClient.newHttpClient();

    @AfterEach
    void forgetCalls() {
        SCHEDULER.calls.clear();
    }

    // ---- every datatype ----

    @Test
    void everyDatatypeRoundTripsAsJson() throws Exception {
        ObjectNode request = JSON.createObjectNode();
        ArrayNode inputs = request.putArray("inputs");
        for (var e : VALUES.entrySet()) {
            inputs.addObject().put("name", "in_" + e.getKey()).put("datatype", e.getKey().name())
                    .set("shape", JSON.readTree("[2, 2]"));
            ((ObjectNode) inputs.get(inputs.size() - 1)).set("data", JSON.readTree(e.getValue()));
        }
        JsonNode answer = post("/v2/models/types/infer", request.toString(), 200);
        assertThat(answer.get("outputs")).hasSize(VALUES.size());
        JsonNode call = SCHEDULER.callsFor("types").get(0);
        for (Datatype d : VALUES.keySet()) {
            JsonNode out = output(answer, "out_" + d);
            assertThat(out.get("datatype").asText()).isEqualTo(d.name());
            assertThat(out.get("shape").toString()).isEqualTo("[2,2]");
            assertSameValues(d, out.get("data"), flat(JSON.readTree(VALUES.get(d))));
            // to the scheduler: the datatype and the very bytes of the codec's binary form, as base64
            JsonNode sent = output(call.get("inputs"), "in_" + d);
            assertThat(sent.get("datatype").asText()).isEqualTo(d.name());
            assertThat(Base64.getDecoder().decode(sent.get("base64").asText())).as(d.name())
                    .isEqualTo(binary(d).bytes());
        }
    }

    @Test
    void everyDatatypeRoundTripsAsBinaryData() throws Exception {
        ObjectNode header = JSON.createObjectNode();
        ArrayNode inputs = header.putArray("inputs");
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        for (Datatype d : VALUES.keySet()) {
            byte[] bytes = binary(d).bytes();
            ObjectNode in = inputs.addObject().put("name", "in_" + d).put("datatype", d.name());
            in.set("shape", JSON.readTree("[2, 2]"));
            in.putObject("parameters").put("binary_data_size", bytes.length);
            data.write(bytes);
        }
        header.putObject("parameters").put("binary_data_output", true);
        HttpResponse<byte[]> response = postBinary("/v2/models/types/infer", header.toString(), data.toByteArray());
        assertThat(response.statusCode()).as(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/octet-stream");
        int length = Integer.parseInt(response.headers().firstValue("Inference-Header-Content-Length").orElseThrow());
        JsonNode answer = JSON.readTree(Arrays.copyOf(response.body(), length));
        int at = length;
        for (JsonNode out : answer.get("outputs")) {
            Datatype d = Datatype.valueOf(out.get("datatype").asText());
            assertThat(out.get("name").asText()).isEqualTo("out_" + d);
            assertThat(out.has("data")).isFalse();
            byte[] want = binary(d).bytes();
            int size = out.at("/parameters/binary_data_size").asInt();
            assertThat(size).as(d.name()).isEqualTo(want.length);
            assertThat(Arrays.copyOfRange(response.body(), at, at + size)).as(d.name()).isEqualTo(want);
            at += size;
        }
        assertThat(at).isEqualTo(response.body().length);

        // binary in, JSON out: the same values as the JSON request gave
        header.remove("parameters");
        HttpResponse<byte[]> json = postBinary("/v2/models/types/infer", header.toString(), data.toByteArray());
        assertThat(json.statusCode()).isEqualTo(200);
        JsonNode plain = JSON.readTree(json.body());
        for (Datatype d : VALUES.keySet()) {
            assertSameValues(d, output(plain, "out_" + d).get("data"), flat(JSON.readTree(VALUES.get(d))));
        }
    }

    @Test
    void binaryBytesMustBeLengthPrefixedStringsOfTheShapesCount() throws Exception {
        byte[] one = binary(Datatype.BYTES).bytes(); // 4 strings, shape [1, 2] wants 2
        String header = "{\"inputs\": [" + binaryInput("in_BYTES", "BYTES", "[1, 2]", one.length) + "]}";
        HttpResponse<byte[]> r = postBinary("/v2/models/types/infer", header, one);
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(r.body()).get("error").asText()).startsWith("input 'in_BYTES': binary data of "
                + one.length + " bytes does not hold shape [1, 2] of BYTES: 4 strings but shape [1, 2] needs 2");
        assertThat(SCHEDULER.calls).isEmpty();
    }

    @Test
    void aDatatypeTheModelDoesNotTakeIsNamedAndAnUnknownOneRefused() throws Exception {
        assertThat(error("/v2/models/types/infer", request("in_BOOL", "UINT8", "[1, 2]", "[1, 0]"), 400))
                .startsWith("input 'in_BOOL': datatype is UINT8 but model 'types' takes BOOL");
        assertThat(error("/v2/models/types/infer", request("in_BOOL", "FP8", "[1, 2]", "[1, 0]"), 400))
                .startsWith("input 'in_BOOL': datatype 'FP8' is not an OIP datatype (one of [BOOL, UINT8");
    }

    // ---- scalars and models that do not batch ----

    @Test
    void scalarsAndTensorsOfANonBatchingModelPassAsSent() throws Exception {
        JsonNode answer = post("/v2/models/vad/infer", """
                {"inputs": [{"name": "input", "shape": [1, 3], "datatype": "FP32", "data": [0.5, -0.5, 0.25]},
                            {"name": "state", "shape": [2, 1, 4], "datatype": "FP32", "data": [0, 1, 2, 3, 4, 5, 6, 7]},
                            {"name": "sr", "shape": [], "datatype": "INT64", "data": [16000]}]}""", 200);
        JsonNode sr = output(answer, "srOut");
        assertThat(sr.get("shape").toString()).isEqualTo("[]");
        assertThat(sr.get("data").toString()).isEqualTo("[16000]");
        assertThat(output(answer, "stateN").get("shape").toString()).isEqualTo("[2,1,4]");
        JsonNode call = SCHEDULER.callsFor("vad").get(0);
        assertThat(output(call.get("inputs"), "sr").get("shape").toString()).isEqualTo("[]");
        assertThat(output(call.get("inputs"), "state").get("shape").toString()).isEqualTo("[2,1,4]");

        // a scalar as binary data: 8 bytes
        String header = """
                {"inputs": [{"name": "input", "shape": [1, 1], "datatype": "FP32", "data": [1]},
                            {"name": "state", "shape": [2, 1, 4], "datatype": "FP32", "data": [0, 0, 0, 0, 0, 0, 0, 0]},
                            %s],
                 "outputs": [{"name": "srOut", "parameters": {"binary_data": true}}]}"""
                .formatted(binaryInput("sr", "INT64", "[]", 8));
        HttpResponse<byte[]> binary = postBinary("/v2/models/vad/infer", header,
                ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(8000).array());
        assertThat(binary.statusCode()).isEqualTo(200);
        int length = Integer.parseInt(binary.headers().firstValue("Inference-Header-Content-Length").orElseThrow());
        assertThat(JSON.readTree(Arrays.copyOf(binary.body(), length)).at("/outputs/0/shape").toString())
                .isEqualTo("[]");
        assertThat(ByteBuffer.wrap(binary.body(), length, 8).order(ByteOrder.LITTLE_ENDIAN).getLong()).isEqualTo(8000);
    }

    @Test
    void aScalarIsRefusedWhereTheSpecHasDimensionsAndTheOtherWayRound() throws Exception {
        String vad = """
                {"inputs": [{"name": "input", "shape": [1, 1], "datatype": "FP32", "data": [1]},
                            {"name": "state", "shape": [2, 1, 4], "datatype": "FP32", "data": [0, 0, 0, 0, 0, 0, 0, 0]},
                            {"name": "sr", "shape": [1], "datatype": "INT64", "data": [16000]}]}""";
        assertThat(error("/v2/models/vad/infer", vad, 400))
                .isEqualTo("input 'sr': shape [1] has 1 dimensions but model 'vad' takes [] (-1 is free)");
        assertThat(error("/v2/models/capped/infer", request("x", "FP32", "[]", "[1]"), 400))
                .isEqualTo("input 'x': shape [] has 0 dimensions but model 'capped' takes [-1, 2] (-1 is free)");
        assertThat(error("/v2/models/vad/infer", vad.replace("[2, 1, 4]", "[1, 2, 4]"), 400))
                .startsWith("input 'state': shape [1, 2, 4] has 1 in dimension 0 but model 'vad' takes [2, -1, 4]");
        assertThat(SCHEDULER.calls).isEmpty();
    }

    @Test
    void aBatchingVariantTakesAtMostItsMaxBatchSizeRows() throws Exception {
        assertThat(post("/v2/models/capped/infer", request("x", "FP32", "[4, 2]", "[1, 2, 3, 4, 5, 6, 7, 8]"), 200)
                .at("/outputs/0/shape").toString()).isEqualTo("[4,2]");
        // without a version the largest limit of the variants the scheduler may pick
        assertThat(error("/v2/models/capped/infer", request("x", "FP32", "[5, 2]", "[1, 2, 3, 4, 5, 6, 7, 8, 9, 0]"),
                400)).isEqualTo("input 'x': batch (dimension 0) is 5 rows but model 'capped' takes at most 4 at once "
                + "(variant 'four' has maxBatchSize 4); send fewer rows per request");
        // a version: its own limit
        assertThat(error("/v2/models/capped/versions/two/infer", request("x", "FP32", "[3, 2]", "[1, 2, 3, 4, 5, 6]"),
                400)).startsWith("input 'x': batch (dimension 0) is 3 rows but model 'capped' takes at most 2 at once "
                + "(variant 'two' has maxBatchSize 2)");
        post("/v2/models/capped/versions/two/infer", request("x", "FP32", "[2, 2]", "[1, 2, 3, 4]"), 200);
        assertThat(SCHEDULER.callsFor("capped")).hasSize(2);
    }

    // ---- classification ----

    static final String SCORES = """
            {"inputs": [{"name": "s", "shape": [2, 4], "datatype": "FP32", "data": [[0.1, 0.7, 0.2, 0], [0.5, 0.1, 0.1, 0.3]]},
                        {"name": "i", "shape": [1, 4], "datatype": "INT32", "data": [[3, -1, 7, 3]]},
                        {"name": "t", "shape": [1, 2], "datatype": "BYTES", "data": [["a", "b"]]},
                        {"name": "v", "shape": [3], "datatype": "FP32", "data": [0.2, 0.9, 0.4]}],
             "outputs": [%s]}""";

    @Test
    void classificationAnswersTheTopKWithTheApplicationsLabels() throws Exception {
        JsonNode answer = post("/v2/models/labelled/infer", SCORES.formatted(
                "{\"name\": \"scores\", \"parameters\": {\"classification\": 3}}"), 200);
        JsonNode out = answer.at("/outputs/0");
        assertThat(out.get("name").asText()).isEqualTo("scores");
        assertThat(out.get("datatype").asText()).isEqualTo("BYTES");
        assertThat(out.get("shape").toString()).isEqualTo("[2,3]");
        // class 3 has no label (the application names 3 classes); equal values: the lower index first
        assertThat(texts(out.get("data"))).containsExactly("0.7:1:dog", "0.2:2:bird", "0.1:0:cat",
                "0.5:0:cat", "0.3:3", "0.1:1:dog");

        JsonNode ints = post("/v2/models/labelled/infer", SCORES.formatted(
                "{\"name\": \"ints\", \"parameters\": {\"class_count\": 2}}"), 200).at("/outputs/0");
        assertThat(ints.get("shape").toString()).isEqualTo("[1,2]");
        assertThat(texts(ints.get("data"))).containsExactly("7:2:bird", "3:0:cat");

        // a rank-1 output is one vector: [K]
        JsonNode vec = post("/v2/models/labelled/infer", SCORES.formatted(
                "{\"name\": \"vec\", \"parameters\": {\"classification\": 2}}"), 200).at("/outputs/0");
        assertThat(vec.get("shape").toString()).isEqualTo("[2]");
        assertThat(texts(vec.get("data"))).containsExactly("0.9:1:dog", "0.4:2:bird");
    }

    @Test
    void classificationWithoutLabelsAndAsBinaryData() throws Exception {
        JsonNode answer = post("/v2/models/unlabelled/infer", SCORES.formatted(
                "{\"name\": \"scores\", \"parameters\": {\"classification\": 1}}, {\"name\": \"ints\"}"), 200);
        assertThat(texts(output(answer, "scores").get("data"))).containsExactly("0.7:1", "0.5:0");
        assertThat(output(answer, "ints").get("data").toString()).isEqualTo("[3,-1,7,3]"); // not asked: unchanged

        HttpResponse<byte[]> binary = postBinary("/v2/models/unlabelled/infer", SCORES.formatted(
                "{\"name\": \"scores\", \"parameters\": {\"classification\": 2, \"binary_data\": true}}"), new byte[0]);
        assertThat(binary.statusCode()).isEqualTo(200);
        int length = Integer.parseInt(binary.headers().firstValue("Inference-Header-Content-Length").orElseThrow());
        JsonNode header = JSON.readTree(Arrays.copyOf(binary.body(), length));
        assertThat(header.at("/outputs/0/datatype").asText()).isEqualTo("BYTES");
        ByteBuffer b = ByteBuffer.wrap(binary.body(), length, binary.body().length - length)
                .order(ByteOrder.LITTLE_ENDIAN);
        assertThat(header.at("/outputs/0/parameters/binary_data_size").asInt()).isEqualTo(b.remaining());
        List<String> strings = new ArrayList<>();
        while (b.hasRemaining()) {
            byte[] s = new byte[b.getInt()];
            b.get(s);
            strings.add(new String(s, StandardCharsets.UTF_8));
        }
        assertThat(strings).containsExactly("0.7:1", "0.2:2", "0.5:0", "0.3:3");
    }

    @Test
    void classificationAnOutputCannotTakeIsRefusedNamingIt() throws Exception {
        assertThat(error("/v2/models/labelled/infer", SCORES.formatted(
                "{\"name\": \"text\", \"parameters\": {\"classification\": 1}}"), 400))
                .isEqualTo("output 'text': parameters.classification needs an output of numeric scores, but it is BYTES");
        assertThat(error("/v2/models/labelled/infer", SCORES.formatted(
                "{\"name\": \"scores\", \"parameters\": {\"classification\": 5}}"), 400))
                .isEqualTo("output 'scores': parameters.classification asks for the top 5 classes but the output has "
                        + "4 per row (shape [-1, 4])");
        assertThat(error("/v2/models/labelled/infer", SCORES.formatted(
                "{\"name\": \"scores\", \"parameters\": {\"classification\": 0}}"), 400))
                .startsWith("output 'scores': parameters.classification must be a whole number ≥ 1");
        assertThat(error("/v2/models/labelled/infer", SCORES.formatted(
                "{\"name\": \"scores\", \"parameters\": {\"class_count\": \"2\"}}"), 400))
                .startsWith("output 'scores': parameters.class_count must be a whole number ≥ 1");
        assertThat(SCHEDULER.calls).as("refused before any scheduler call").isEmpty();
        // a free dimension of scores is checked on the answer: 3 values, 4 asked
        assertThat(error("/v2/models/labelled/infer", SCORES.formatted(
                "{\"name\": \"vec\", \"parameters\": {\"classification\": 4}}"), 400))
                .isEqualTo("output 'vec': parameters.classification asks for the top 4 classes but the output has "
                        + "3 per row (shape [3])");
        assertThat(error("/v2/models/vad/infer", """
                {"inputs": [{"name": "input", "shape": [1, 1], "datatype": "FP32", "data": [1]},
                            {"name": "state", "shape": [2, 1, 4], "datatype": "FP32", "data": [0, 0, 0, 0, 0, 0, 0, 0]},
                            {"name": "sr", "shape": [], "datatype": "INT64", "data": [16000]}],
                 "outputs": [{"name": "srOut", "parameters": {"classification": 1}}]}""", 400))
                .isEqualTo("output 'srOut': parameters.classification needs an output with a dimension of class "
                        + "scores, but its shape [] is a scalar");
    }

    // ---- helpers ----

    /** The codec's binary form of a datatype's test values. */
    private static Tensor binary(Datatype d) throws Exception {
        return JsonTensors.decode("t", "t", d, new long[] {2, 2}, JSON.readTree(VALUES.get(d)));
    }

    /** Each value as the answer gives it equals the one sent: numbers exactly (as the datatype holds them). */
    private static void assertSameValues(Datatype d, JsonNode got, List<JsonNode> sent) {
        assertThat(got).as(d.name()).hasSize(sent.size());
        for (int i = 0; i < sent.size(); i++) {
            JsonNode g = got.get(i), s = sent.get(i);
            switch (d) {
                case BOOL -> assertThat(g.booleanValue()).as(d + "[" + i + "]").isEqualTo(s.booleanValue());
                case BYTES -> assertThat(g.textValue()).as(d + "[" + i + "]").isEqualTo(s.textValue());
                case FP64 -> assertThat(g.doubleValue()).as(d + "[" + i + "]").isEqualTo(s.doubleValue());
                case FP16, BF16, FP32 -> assertThat(g.floatValue()).as(d + "[" + i + "]").isEqualTo(s.floatValue());
                default -> assertThat(g.bigIntegerValue()).as(d + "[" + i + "]").isEqualTo(new BigInteger(s.asText()));
            }
        }
    }

    private static List<JsonNode> flat(JsonNode nested) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode v : nested) {
            if (v.isArray()) {
                out.addAll(flat(v));
            } else {
                out.add(v);
            }
        }
        return out;
    }

    private static String binaryInput(String name, String datatype, String shape, int size) {
        return "{\"name\": \"" + name + "\", \"shape\": " + shape + ", \"datatype\": \"" + datatype
                + "\", \"parameters\": {\"binary_data_size\": " + size + "}}";
    }

    private static String request(String name, String datatype, String shape, String data) {
        return "{\"inputs\": [{\"name\": \"" + name + "\", \"shape\": " + shape + ", \"datatype\": \"" + datatype
                + "\", \"data\": " + data + "}]}";
    }

    private static JsonNode output(JsonNode answerOrArray, String name) {
        JsonNode array = answerOrArray.isArray() ? answerOrArray : answerOrArray.get("outputs");
        for (JsonNode o : array) {
            if (o.get("name").asText().equals(name)) {
                return o;
            }
        }
        throw new AssertionError("no tensor " + name + " in " + array);
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(v -> out.add(v.asText()));
        return out;
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private JsonNode post(String path, String body, int status) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
        return JSON.readTree(r.body());
    }

    private String error(String path, String body, int status) throws Exception {
        return post(path, body, status).get("error").asText();
    }

    private HttpResponse<byte[]> postBinary(String path, String header, byte[] data) throws Exception {
        byte[] json = header.getBytes(StandardCharsets.UTF_8);
        byte[] body = Arrays.copyOf(json, json.length + data.length);
        System.arraycopy(data, 0, body, json.length, data.length);
        return http.send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/octet-stream")
                .header("Inference-Header-Content-Length", String.valueOf(json.length))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofByteArray());
    }
}
