package io.baton.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.gateway.support.Apps;
import io.baton.gateway.support.StubRegistry;
import io.baton.gateway.support.StubScheduler;
import io.baton.gateway.support.StubUpstreams;

/**
 * The gateway on a random port, over real HTTP, against stand-ins of the registry and the scheduler that keep their
 * documented contracts.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
@AutoConfigureObservability(tracing = false)
class GatewayOipHttpTest {

    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();
    static final StubRegistry REGISTRY = UPSTREAMS.registry();
    static final StubScheduler SCHEDULER = UPSTREAMS.scheduler();
    static final String KEY = "s3cret-admin-key";
    static final ObjectMapper JSON = new ObjectMapper();

    static {
        Apps.install(REGISTRY, SCHEDULER);
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
        properties.add("baton.gateway.api-keys", () -> KEY + ",second-key");
    }

    @LocalServerPort
    int port;

    /** actuator's info and prometheus are served on the management port only */
    @org.springframework.beans.factory.annotation.Autowired
    io.baton.gateway.edge.ManagementConnector management;

    final HttpClient http = HttpClient.newHttpClient();

    @AfterEach
    void forgetCalls() {
        SCHEDULER.calls.clear();
        SCHEDULER.refuse("ens/c", null);
        SCHEDULER.refuse("ens/a", null);
        SCHEDULER.refuse("ens/b", null);
    }

    // ---- server and model routes ----

    @Test
    void serverMetadataLivenessAndReadiness() throws Exception {
        JsonNode meta = getJson("/v2", 200);
        assertThat(meta.get("name").asText()).isEqualTo("baton");
        assertThat(meta.get("version").asText()).isNotBlank();
        assertThat(texts(meta.get("extensions"))).contains("binary_tensor_data", "classification", "model_repository",
                "schedule_policy", "trace");
        assertThat(getJson("/v2/health/live", 200).get("live").asBoolean()).isTrue();
        assertThat(getJson("/v2/health/ready", 200).get("ready").asBoolean()).isTrue();
    }

    @Test
    void modelMetadataComesFromTheRegistry() throws Exception {
        JsonNode meta = getJson("/v2/models/fashion", 200);
        assertThat(meta.get("name").asText()).isEqualTo("fashion");
        assertThat(texts(meta.get("versions"))).containsExactly("big", "small");
        assertThat(meta.get("platform").asText()).isEqualTo("onnxruntime_onnx");
        assertThat(meta.get("inputs")).hasSize(1);
        assertThat(meta.at("/inputs/0/name").asText()).isEqualTo("x");
        assertThat(meta.at("/inputs/0/datatype").asText()).isEqualTo("FP32");
        assertThat(meta.at("/inputs/0/shape").toString()).isEqualTo("[-1,4]");
        assertThat(meta.at("/outputs/0/name").asText()).isEqualTo("probs");

        JsonNode version = getJson("/v2/models/renamed/versions/v1", 200);
        assertThat(version.at("/inputs/0/name").asText()).isEqualTo("input_0");

        assertThat(getJson("/v2/models/nope", 404).get("error").asText()).contains("nope");
        assertThat(getJson("/v2/models/fashion/versions/huge", 404).get("error").asText())
                .contains("huge").contains("[big, small]");
    }

    @Test
    void modelReadinessFollowsTheScheduler() throws Exception {
        assertThat(getJson("/v2/models/fashion/ready", 200).get("ready").asBoolean()).isTrue();
        JsonNode ens = getJson("/v2/models/ens/ready", 503);
        assertThat(ens.get("ready").asBoolean()).isFalse();
        assertThat(ens.get("error").asText()).contains("variant c is not profiled");
        assertThat(getJson("/v2/models/ens/versions/a/ready", 200).get("ready").asBoolean()).isTrue();
        assertThat(getJson("/v2/models/ens/versions/c/ready", 503).get("error").asText()).contains("not profiled");
        assertThat(getJson("/v2/models/pipe/ready", 503).get("error").asText())
                .contains("the scheduler does not know it");
        getJson("/v2/models/nope/ready", 404);
    }

    @Test
    void repositoryIndexListsEveryApplicationWithItsState() throws Exception {
        JsonNode all = postJson("/v2/repository/index", "", 200);
        assertThat(all).hasSize(9);
        JsonNode fashion = find(all, "fashion");
        assertThat(fashion.get("state").asText()).isEqualTo("READY");
        JsonNode ens = find(all, "ens");
        assertThat(ens.get("state").asText()).isEqualTo("UNAVAILABLE");
        assertThat(ens.get("reason").asText()).contains("not profiled");
        assertThat(find(all, "pipe").get("reason").asText()).contains("does not know");

        JsonNode ready = postJson("/v2/repository/index", "{\"ready\": true}", 200);
        assertThat(ready).hasSize(1);
        assertThat(ready.get(0).get("name").asText()).isEqualTo("fashion");
        postJson("/v2/repository/index", "{\"ready\": \"yes\"}", 400);
    }

    // ---- single-model inference ----

    @Test
    void singleModelJsonRoundTrip() throws Exception {
        JsonNode answer = postJson("/v2/models/fashion/infer", """
                {"id": "req-1", "inputs": [{"name": "x", "shape": [1, 4], "datatype": "FP32",
                                            "data": [[1.0, 2.0, 3.0, 4.5]]}]}""", 200);
        assertThat(answer.get("model_name").asText()).isEqualTo("fashion");
        assertThat(answer.get("model_version").asText()).isEqualTo("big");
        assertThat(answer.get("id").asText()).isEqualTo("req-1");
        assertThat(answer.at("/outputs/0/name").asText()).isEqualTo("probs");
        assertThat(answer.at("/outputs/0/datatype").asText()).isEqualTo("FP32");
        assertThat(answer.at("/outputs/0/shape").toString()).isEqualTo("[1,2]");
        assertThat(doubles(answer.at("/outputs/0/data"))).containsExactly(10.5, 2.0);
        JsonNode p = answer.get("parameters");
        assertThat(p.get("variant").asText()).isEqualTo("big");
        assertThat(p.get("worker").asText()).isEqualTo("cpu-0");
        assertThat(p.get("batch_size").asInt()).isEqualTo(3);
        assertThat(p.get("queue_ms").asDouble()).isEqualTo(1.5);
        assertThat(p.get("execution_ms").asDouble()).isEqualTo(0.25);
        assertThat(p.has("total_ms")).isTrue();

        JsonNode call = SCHEDULER.callsFor("fashion").get(0);
        assertThat(call.has("variant")).isFalse();
        assertThat(call.get("priority").asInt()).isZero();
        assertThat(call.get("timeoutMs").asDouble()).isLessThanOrEqualTo(10_000).isGreaterThan(0); // the SLO
        assertThat(call.get("binaryOutputs").asBoolean()).isTrue();
        assertThat(call.at("/inputs/0/base64").asText()).isNotEmpty(); // tensors cross as bytes, not JSON numbers
    }

    @Test
    void aJsonBodySentAsAFormIsReadAsItCame() throws Exception {
        // curl -d without a Content-Type header sends application/x-www-form-urlencoded
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri("/v2/models/fashion/infer"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("""
                        {"inputs": [{"name": "x", "shape": [1, 4], "datatype": "FP32", "data": [1, 2, 3, 4]}]}"""))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(doubles(JSON.readTree(r.body()).at("/outputs/0/data"))).containsExactly(10.0, 2.0);
        assertThat(postJson("/v2/models/fashion/infer", "", 400).get("error").asText()).contains("no body");
    }

    @Test
    void versionTimeoutAndPriorityReachTheScheduler() throws Exception {
        JsonNode answer = postJson("/v2/models/fashion/versions/small/infer", """
                {"parameters": {"timeout": 5000000, "priority": 1},
                 "inputs": [{"name": "x", "shape": [2, 4], "datatype": "FP32", "data": [1, 1, 1, 1, 2, 2, 2, 2]}]}""",
                200);
        assertThat(answer.get("model_version").asText()).isEqualTo("small");
        assertThat(doubles(answer.at("/outputs/0/data"))).containsExactly(4.0, 1.0, 8.0, 1.0);
        JsonNode call = SCHEDULER.callsFor("fashion").get(0);
        assertThat(call.get("variant").asText()).isEqualTo("small");
        assertThat(call.get("timeoutMs").asDouble()).isLessThanOrEqualTo(5000).isGreaterThan(0); // µs -> ms
        assertThat(call.get("priority").asInt()).isEqualTo(4); // Triton level 1 of default 5: above Baton's default

        postJson("/v2/models/fashion/infer", """
                {"parameters": {"priority": 9}, "inputs": [{"name": "x", "shape": [1, 4], "datatype": "FP32",
                 "data": [1, 1, 1, 1]}]}""", 200);
        assertThat(SCHEDULER.callsFor("fashion").get(1).get("priority").asInt()).isEqualTo(-4);
        assertThat(postJson("/v2/models/fashion/infer", """
                {"parameters": {"timeout": -5}, "inputs": [{"name": "x", "shape": [1, 4], "datatype": "FP32",
                 "data": [1, 1, 1, 1]}]}""", 400).get("error").asText()).contains("timeout");
    }

    @Test
    void namesAreMappedByPositionBetweenApplicationAndVariant() throws Exception {
        for (String path : List.of("/v2/models/renamed/infer", "/v2/models/renamed/versions/v1/infer")) {
            SCHEDULER.calls.clear();
            JsonNode answer = postJson(path, """
                    {"inputs": [{"name": "image", "shape": [1, 2], "datatype": "FP32", "data": [5, 3]}],
                     "outputs": [{"name": "scores"}]}""", 200);
            assertThat(answer.at("/outputs/0/name").asText()).isEqualTo("scores");
            assertThat(doubles(answer.at("/outputs/0/data"))).containsExactly(8.0, 2.0);
            JsonNode call = SCHEDULER.callsFor("renamed").get(0);
            assertThat(call.at("/inputs/0/name").asText()).isEqualTo("input_0");
            assertThat(texts(call.get("outputs"))).containsExactly("logits_0");
        }
    }

    @Test
    void binaryTensorDataBothWays() throws Exception {
        String header = """
                {"inputs": [{"name": "x", "shape": [1, 4], "datatype": "FP32",
                             "parameters": {"binary_data_size": 16}}],
                 "outputs": [{"name": "probs", "parameters": {"binary_data": true}}]}""";
        byte[] json = header.getBytes(StandardCharsets.UTF_8);
        ByteBuffer body = ByteBuffer.allocate(json.length + 16).order(ByteOrder.LITTLE_ENDIAN);
        body.put(json).putFloat(0.5f).putFloat(1.5f).putFloat(2f).putFloat(4f);
        HttpResponse<byte[]> response = http.send(HttpRequest.newBuilder(uri("/v2/models/fashion/infer"))
                .header("Content-Type", "application/octet-stream")
                .header("Inference-Header-Content-Length", String.valueOf(json.length))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.array())).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/octet-stream");
        int headerLength = Integer.parseInt(response.headers().firstValue("Inference-Header-Content-Length")
                .orElseThrow());
        JsonNode answer = JSON.readTree(Arrays.copyOf(response.body(), headerLength));
        assertThat(answer.at("/outputs/0/parameters/binary_data_size").asInt()).isEqualTo(8);
        assertThat(answer.at("/outputs/0/data").isMissingNode()).isTrue();
        assertThat(response.body()).hasSize(headerLength + 8);
        ByteBuffer out = ByteBuffer.wrap(response.body(), headerLength, 8).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(out.getFloat()).isEqualTo(8f);
        assertThat(out.getFloat()).isEqualTo(2f);

        // The same binary request, answered in JSON when binary outputs are not asked for.
        String jsonOut = header.replace("\"binary_data\": true", "\"binary_data\": false");
        byte[] j = jsonOut.getBytes(StandardCharsets.UTF_8);
        ByteBuffer body2 = ByteBuffer.allocate(j.length + 16).order(ByteOrder.LITTLE_ENDIAN);
        body2.put(j).putFloat(0.5f).putFloat(1.5f).putFloat(2f).putFloat(4f);
        HttpResponse<String> plain = http.send(HttpRequest.newBuilder(uri("/v2/models/fashion/infer"))
                .header("Inference-Header-Content-Length", String.valueOf(j.length))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body2.array())).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(plain.statusCode()).isEqualTo(200);
        assertThat(plain.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/json");
        assertThat(doubles(JSON.readTree(plain.body()).at("/outputs/0/data"))).containsExactly(8.0, 2.0);
    }

    @Test
    void int64TensorsServeExactly() throws Exception {
        JsonNode answer = postJson("/v2/models/ints/infer", """
                {"inputs": [{"name": "ids", "shape": [2, 2], "datatype": "INT64", "data": [[1, 2], [30, 40]]}]}""",
                200);
        assertThat(answer.at("/outputs/0/datatype").asText()).isEqualTo("INT64");
        assertThat(answer.at("/outputs/0/data").toString()).isEqualTo("[3,70]");
    }

    // ---- ensembles and pipelines ----

    @Test
    void ensembleAveragesWhatRanAndNamesWhatWasDropped() throws Exception {
        SCHEDULER.refuse("ens/c", new StubScheduler.Refusal(503, "dropped", "DEADLINE_UNMEETABLE",
                "deadline cannot be met"));
        JsonNode answer = postJson("/v2/models/ens/infer", """
                {"inputs": [{"name": "x", "shape": [2, 4], "datatype": "FP32", "data": [[1, 0, 0, 0], [2, 0, 0, 0]]}]}""",
                200);
        // a = [0.2, 0.3, 0.5 + x0], b = [0.6, 0.3, 0.1 + x0]; c dropped: the mean of a and b, row by row.
        assertThat(doubleArray(answer.at("/outputs/0/data")))
                .containsExactly(new double[] {0.4, 0.3, 1.3, 0.4, 0.3, 2.3}, within(1e-6));
        assertThat(answer.at("/outputs/0/shape").toString()).isEqualTo("[2,3]");
        assertThat(answer.at("/parameters/variant").asText()).isEqualTo("a,b");
        assertThat(answer.at("/parameters/dropped").asText()).isEqualTo("c (DEADLINE_UNMEETABLE)");
        List<JsonNode> calls = SCHEDULER.callsFor("ens");
        assertThat(calls).hasSize(3);
        assertThat(calls.stream().map(c -> c.get("variant").asText())).containsExactlyInAnyOrder("a", "b", "c");
        assertThat(calls.stream().map(c -> c.get("timeoutMs").asDouble()).distinct()).hasSize(1); // one deadline

        SCHEDULER.refuse("ens/c", null);
        JsonNode all = postJson("/v2/models/ens/infer", """
                {"inputs": [{"name": "x", "shape": [1, 4], "datatype": "FP32", "data": [0, 0, 0, 0]}]}""", 200);
        assertThat(doubleArray(all.at("/outputs/0/data")))
                .containsExactly(new double[] {0.3, 0.4, 0.3}, within(1e-6));
        assertThat(all.at("/parameters/dropped").isMissingNode()).isTrue();
    }

    @Test
    void ensembleWithEveryBaseModelDroppedAnswersTheDrop() throws Exception {
        for (String m : List.of("a", "b", "c")) {
            SCHEDULER.refuse("ens/" + m, new StubScheduler.Refusal(503, "dropped", "SHED_FOR_BATCH", "shed"));
        }
        JsonNode error = postJson("/v2/models/ens/infer", """
                {"inputs": [{"name": "x", "shape": [1, 4], "datatype": "FP32", "data": [0, 0, 0, 0]}]}""", 503);
        assertThat(error.get("error").asText()).startsWith("request dropped: shed under load").endsWith("(SHED_FOR_BATCH)");
    }

    @Test
    void ensembleVersionServesOneBaseModel() throws Exception {
        JsonNode answer = postJson("/v2/models/ens/versions/b/infer", """
                {"inputs": [{"name": "x", "shape": [1, 4], "datatype": "FP32", "data": [0, 0, 0, 0]}]}""", 200);
        assertThat(doubleArray(answer.at("/outputs/0/data"))).containsExactly(new double[] {0.6, 0.3, 0.1},
                within(1e-6));
        assertThat(SCHEDULER.callsFor("ens")).hasSize(1);
    }

    @Test
    void pipelineFeedsEachStageThePreviousOutputs() throws Exception {
        JsonNode answer = postJson("/v2/models/pipe/infer", """
                {"inputs": [{"name": "image", "shape": [1, 3], "datatype": "FP32", "data": [1, 2, 3]}]}""", 200);
        assertThat(answer.at("/outputs/0/name").asText()).isEqualTo("label");
        assertThat(doubles(answer.at("/outputs/0/data"))).containsExactly(12.0); // classify-a(sum) of detect(2x)
        assertThat(answer.at("/parameters/variant").asText()).isEqualTo("detect,classify-a");
        List<JsonNode> calls = SCHEDULER.callsFor("pipe");
        assertThat(calls).hasSize(2);
        assertThat(calls.get(0).get("variant").asText()).isEqualTo("detect");
        assertThat(calls.get(0).at("/inputs/0/name").asText()).isEqualTo("img");
        assertThat(texts(calls.get(0).get("outputs"))).containsExactly("feat");
        assertThat(calls.get(1).get("variant").asText()).isEqualTo("classify-a");
        assertThat(calls.get(1).at("/inputs/0/name").asText()).isEqualTo("f");
        assertThat(floats(calls.get(1).at("/inputs/0/base64").asText())).containsExactly(2f, 4f, 6f);
        assertThat(calls.get(1).get("timeoutMs").asDouble()).isLessThan(calls.get(0).get("timeoutMs").asDouble());

        SCHEDULER.calls.clear();
        JsonNode b = postJson("/v2/models/pipe/versions/classify-b/infer", """
                {"inputs": [{"name": "image", "shape": [1, 3], "datatype": "FP32", "data": [1, 2, 3]}]}""", 200);
        assertThat(doubles(b.at("/outputs/0/data"))).containsExactly(120.0);
        assertThat(SCHEDULER.callsFor("pipe").get(1).get("variant").asText()).isEqualTo("classify-b");
    }

    @Test
    void anIpaPipelineLetsTheSchedulerChooseEachStagesVariant() throws Exception {
        SCHEDULER.calls.clear();
        JsonNode answer = postJson("/v2/models/ipa-pipe/infer", """
                {"inputs": [{"name": "image", "shape": [1, 3], "datatype": "FP32", "data": [1, 2, 3]}]}""", 200);
        assertThat(answer.at("/outputs/0/name").asText()).isEqualTo("label");
        assertThat(doubles(answer.at("/outputs/0/data"))).containsExactly(120.0); // classify-b(sum) of detect(2x)
        assertThat(answer.at("/parameters/variant").asText()).isEqualTo("detect,classify-b");
        List<JsonNode> calls = SCHEDULER.callsFor("ipa-pipe");
        assertThat(calls).hasSize(2);
        for (int s = 0; s < 2; s++) {
            assertThat(calls.get(s).has("variant")).as("call %d names no variant", s).isFalse();
            assertThat(calls.get(s).get("stage").asInt()).isEqualTo(s);
        }
        // the first k outputs of a stage feed the next (k = its inputs), under the names the stage gave them
        assertThat(calls.get(1).get("inputs")).hasSize(1);
        assertThat(calls.get(1).at("/inputs/0/name").asText()).isEqualTo("feat");
        assertThat(floats(calls.get(1).at("/inputs/0/base64").asText())).containsExactly(2f, 4f, 6f);

        SCHEDULER.calls.clear();
        JsonNode pinned = postJson("/v2/models/ipa-pipe/versions/classify-a/infer", """
                {"inputs": [{"name": "image", "shape": [1, 3], "datatype": "FP32", "data": [1, 2, 3]}]}""", 200);
        assertThat(doubles(pinned.at("/outputs/0/data"))).containsExactly(12.0);
        assertThat(SCHEDULER.callsFor("ipa-pipe").get(1).get("variant").asText())
                .as("a version in the path pins the variant, as for any pipeline").isEqualTo("classify-a");
    }

    // ---- refusals ----

    @Test
    void dropIs503WithTheReason() throws Exception {
        JsonNode error = postJson("/v2/models/slow/infer", """
                {"inputs": [{"name": "x", "shape": [1, 4], "datatype": "FP32", "data": [0, 0, 0, 0]}]}""", 503);
        assertThat(error.get("error").asText()).isEqualTo("request dropped: deadline cannot be met: even alone it "
                + "would finish after its deadline (DEADLINE_UNMEETABLE)");
    }

    @Test
    void aDeadlineSpentInsideTheGatewayIsADropWithoutCallingTheScheduler() throws Exception {
        JsonNode error = postJson("/v2/models/fashion/infer", """
                {"parameters": {"timeout": 1},
                 "inputs": [{"name": "x", "shape": [1, 4], "datatype": "FP32", "data": [0, 0, 0, 0]}]}""", 503);
        assertThat(error.get("error").asText()).startsWith("request dropped: deadline passed")
                .endsWith("(DEADLINE_PASSED)");
        assertThat(SCHEDULER.calls).isEmpty();
    }

    @Test
    void schedulerRefusalsMapToOipErrors() throws Exception {
        String body = """
                {"inputs": [{"name": "x", "shape": [1, 4], "datatype": "FP32", "data": [0, 0, 0, 0]}]}""";
        assertThat(postJson("/v2/models/unprofiled/infer", body, 503).get("error").asText())
                .contains("not ready to serve").contains("no latency profile");
        assertThat(postJson("/v2/models/broken/infer", body, 502).get("error").asText())
                .startsWith("worker failed").contains("model failed to load");
    }

    @Test
    void unknownApplicationOrVersionIs404() throws Exception {
        String body = """
                {"inputs": [{"name": "x", "shape": [1, 4], "datatype": "FP32", "data": [0, 0, 0, 0]}]}""";
        assertThat(postJson("/v2/models/nope/infer", body, 404).get("error").asText())
                .isEqualTo("unknown model 'nope'");
        assertThat(postJson("/v2/models/fashion/versions/huge/infer", body, 404).get("error").asText())
                .contains("no version 'huge'");
        assertThat(SCHEDULER.calls).isEmpty();
    }

    @Test
    void badInputsAre400NamingTheTensor() throws Exception {
        assertThat(postJson("/v2/models/fashion/infer", """
                {"inputs": [{"name": "x", "shape": [1, 5], "datatype": "FP32", "data": [0, 0, 0, 0, 0]}]}""", 400)
                .get("error").asText()).startsWith("input 'x': shape [1, 5] has 5 in dimension 1");
        assertThat(postJson("/v2/models/fashion/infer", """
                {"inputs": [{"name": "x", "shape": [1, 4], "datatype": "INT32", "data": [0, 0, 0, 0]}]}""", 400)
                .get("error").asText()).startsWith("input 'x': datatype is INT32");
        assertThat(postJson("/v2/models/fashion/infer", """
                {"inputs": [{"name": "x", "shape": [1, 4], "datatype": "FP32", "data": [0, 0, 0]}]}""", 400)
                .get("error").asText()).startsWith("input 'x': data has 3 values");
        assertThat(postJson("/v2/models/fashion/infer", """
                {"inputs": [{"name": "y", "shape": [1, 4], "datatype": "FP32", "data": [0, 0, 0, 0]}]}""", 400)
                .get("error").asText()).startsWith("input 'y': is not an input");
        assertThat(postJson("/v2/models/fashion/infer", """
                {"inputs": [{"name": "x", "shape": [1, 4], "datatype": "FP32", "data": [0, 0, 0, 0]}],
                 "outputs": [{"name": "logits"}]}""", 400)
                .get("error").asText()).startsWith("output 'logits': is not an output");
        assertThat(postJson("/v2/models/fashion/infer", "{\"inputs\": [", 400).get("error").asText())
                .startsWith("malformed JSON");
        assertThat(SCHEDULER.calls).isEmpty();
    }

    // ---- admin proxy and API keys ----

    @Test
    void adminRoutesNeedAnApiKeyAndReachTheRegistry() throws Exception {
        HttpResponse<String> none = http.send(HttpRequest.newBuilder(uri("/v1/applications")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(none.statusCode()).isEqualTo(401);
        assertThat(none.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/problem+json");
        JsonNode problem = JSON.readTree(none.body());
        assertThat(problem.get("type").asText()).isEqualTo("urn:baton:problem:unauthorized");
        assertThat(problem.get("status").asInt()).isEqualTo(401);
        assertThat(problem.get("detail").asText()).contains("X-API-Key");

        HttpResponse<String> wrong = http.send(HttpRequest.newBuilder(uri("/v1/applications"))
                .header("X-API-Key", "guess").GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(wrong.statusCode()).isEqualTo(401);

        HttpResponse<String> ok = http.send(HttpRequest.newBuilder(uri("/v1/applications?page=0&size=200"))
                .header("X-API-Key", KEY).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(ok.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(ok.body()).get("totalItems").asInt()).isEqualTo(9);

        HttpResponse<String> bearer = http.send(HttpRequest.newBuilder(uri("/v1/applications/fashion"))
                .header("Authorization", "Bearer second-key").GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(bearer.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(bearer.body()).get("kind").asText()).isEqualTo("single");

        HttpResponse<String> created = http.send(HttpRequest.newBuilder(uri("/v1/applications/fashion/variants"))
                .header("X-API-Key", KEY).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"tiny\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(created.statusCode()).isEqualTo(201);
        assertThat(created.headers().firstValue("Location")).contains("/v1/echo/1");
        assertThat(created.body()).isEqualTo("{\"name\":\"tiny\"}");
        StubRegistry.Seen seen = REGISTRY.seen.get(REGISTRY.seen.size() - 1);
        assertThat(seen.method()).isEqualTo("POST");
        assertThat(seen.uri()).isEqualTo("/v1/applications/fashion/variants");
        assertThat(seen.contentType()).isEqualTo("application/json");
        assertThat(seen.apiKeyHeader()).isNull(); // the key stays at the gateway

        // OIP routes need no key.
        getJson("/v2/models/fashion", 200);
    }

    @Test
    void metricsCountRequestsAndErrorsPerApplicationAndInfoHidesTheKeys() throws Exception {
        String body = """
                {"inputs": [{"name": "x", "shape": [1, 4], "datatype": "FP32", "data": [0, 0, 0, 0]}]}""";
        postJson("/v2/models/fashion/infer", body, 200);
        postJson("/v2/models/slow/infer", body, 503);
        postJson("/v2/models/no-such-app/infer", body, 404);
        String prometheus = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + management.port() + "/actuator/prometheus")).GET().build(),
                HttpResponse.BodyHandlers.ofString()).body();
        assertThat(prometheus).contains("baton_gateway_requests_seconds_count{app=\"fashion\"")
                .contains("baton_gateway_requests_seconds_bucket{app=\"fashion\"")
                .contains("baton_gateway_errors_total{app=\"slow\"")
                .contains("reason=\"DEADLINE_UNMEETABLE\"")
                .contains("baton_gateway_errors_total{app=\"unknown\"")
                .contains("resilience4j_circuitbreaker_state");
        String info = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + management.port() + "/actuator/info")).GET().build(),
                HttpResponse.BodyHandlers.ofString()).body();
        assertThat(info).contains("schedulerUrl").doesNotContain(KEY).doesNotContain("second-key");
    }

    // ---- helpers ----

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    JsonNode getJson(String path, int status) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri(path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + " -> " + r.body()).isEqualTo(status);
        return JSON.readTree(r.body());
    }

    JsonNode postJson(String path, String body, int status) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + " -> " + r.body()).isEqualTo(status);
        assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
        return JSON.readTree(r.body());
    }

    static List<String> texts(JsonNode array) {
        return java.util.stream.StreamSupport.stream(array.spliterator(), false).map(JsonNode::asText).toList();
    }

    static List<Double> doubles(JsonNode array) {
        return java.util.stream.StreamSupport.stream(array.spliterator(), false).map(JsonNode::asDouble).toList();
    }

    static double[] doubleArray(JsonNode array) {
        return doubles(array).stream().mapToDouble(Double::doubleValue).toArray();
    }

    static List<Float> floats(String base64) {
        ByteBuffer b = ByteBuffer.wrap(java.util.Base64.getDecoder().decode(base64)).order(ByteOrder.LITTLE_ENDIAN);
        List<Float> out = new java.util.ArrayList<>();
        while (b.hasRemaining()) {
            out.add(b.getFloat());
        }
        return out;
    }

    static JsonNode find(JsonNode index, String name) {
        for (JsonNode e : index) {
            if (e.get("name").asText().equals(name)) {
                return e;
            }
        }
        throw new AssertionError(name + " not in " + index);
    }
}
