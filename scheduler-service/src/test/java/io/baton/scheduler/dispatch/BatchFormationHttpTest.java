package io.baton.scheduler.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.commons.test.RegistryStub;
import io.baton.scheduler.membership.WorkerRegistry;
import io.baton.scheduler.support.StubWorker;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * What the scheduler sends a worker, seen at a {@link StubWorker}: a variant that does not batch runs each request
 * alone with {@code "batched": false}; requests of different shapes (free dimensions besides axis 0) never share a
 * batch; a variant's {@code maxBatchSize} caps its batches; and a variant with no profile is served at once (ready,
 * {@code "profile": "unprofiled"}), its batches growing as its latencies are learned, until its profile lands.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "baton.scheduler.worker-timeout=120s", "baton.scheduler.catalog-ttl=0s"})
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BatchFormationHttpTest {

    private static final RegistryStub REGISTRY = RegistryStub.started();
    private static final double[][] PROFILE = {{1, 1.0}, {2, 1.1}, {4, 1.2}, {8, 1.4}, {16, 1.8}, {32, 2.6}};

    @DynamicPropertySource
    static void registry(DynamicPropertyRegistry properties) {
        properties.add("baton.scheduler.registry-url", () -> REGISTRY.url().toString());
    }

    @LocalServerPort
    int port;
    @Autowired
    WorkerRegistry workers;

    private final ObjectMapper json = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private StubWorker worker;

    @BeforeAll
    void start() throws Exception {
        REGISTRY.put("vad", app("vad", "work-conserving", """
                [{"name":"input","datatype":"FP32","shape":[-1,-1]},{"name":"sr","datatype":"INT64","shape":[]}]""",
                "[-1,1]", 0, new double[][] {{1, 5.0}}));
        REGISTRY.put("ocr", app("ocr", "work-conserving", """
                [{"name":"x","datatype":"FP32","shape":[-1,3,-1]}]""", "[-1,3,-1]", null, PROFILE));
        REGISTRY.put("capped", app("capped", "symphony", """
                [{"name":"x","datatype":"FP32","shape":[-1,2]}]""", "[-1,2]", 2, PROFILE));
        REGISTRY.put("fresh", app("fresh", "symphony", """
                [{"name":"x","datatype":"FP32","shape":[-1,2]}]""", "[-1,2]", null, null));
        REGISTRY.put("cold", app("cold", "symphony", """
                [{"name":"x","datatype":"FP32","shape":[-1,2]}]""", "[-1,2]", null, null));
        worker = new StubWorker("stub-0", 25);
        worker.register(URI.create("http://127.0.0.1:" + port));
        assertThat(workers.live()).hasSize(1);
    }

    @AfterAll
    void stop() {
        worker.close();
        REGISTRY.close();
    }

    @Test
    void aVariantThatDoesNotBatchRunsEachRequestAloneAsSent() throws Exception {
        List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            answers.add(post("""
                    {"application":"vad","inputs":[{"name":"input","datatype":"FP32","shape":[1,3],"data":[%d,0.5,0.25]},
                     {"name":"sr","datatype":"INT64","shape":[],"data":[16000]}]}""".formatted(i)));
        }
        for (int i = 0; i < answers.size(); i++) {
            HttpResponse<String> r = answers.get(i).get();
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            JsonNode a = json.readTree(r.body());
            assertThat(a.path("batchSize").asInt()).isEqualTo(1);
            assertThat(a.at("/outputs/0/data/0").asDouble()).isEqualTo(i);
        }
        List<JsonNode> sent = sentFor("vad");
        assertThat(sent).hasSize(6);
        for (JsonNode body : sent) {
            assertThat(body.path("batched").isBoolean()).as(body.toString()).isTrue();
            assertThat(body.path("batched").asBoolean()).isFalse();
            for (JsonNode input : body.path("inputs")) assertThat(input.path("parts")).hasSize(1);
            assertThat(body.at("/inputs/1/parts/0/shape")).isEmpty(); // the scalar, as sent
        }
        JsonNode ready = json.readTree(get("/internal/v1/applications/vad").body());
        assertThat(ready.path("state").asText()).isEqualTo("READY");
        assertThat(ready.at("/variants/0/profile").asText()).isEqualTo("profiled");

        HttpResponse<String> scalar = post("""
                {"application":"capped","inputs":[{"name":"x","datatype":"FP32","shape":[],"data":[1]}]}""").get();
        assertThat(scalar.statusCode()).isEqualTo(400);
        assertThat(json.readTree(scalar.body()).path("detail").asText()).contains("input 'x'", "rank-0", "batchable");
    }

    @Test
    void requestsOfDifferentShapesNeverShareABatch() throws Exception {
        List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
        List<Integer> widths = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            int width = i % 2 == 0 ? 2 : 5;
            widths.add(width);
            StringBuilder data = new StringBuilder();
            for (int k = 0; k < 3 * width; k++) data.append(k == 0 ? "" : ",").append(i);
            answers.add(post("""
                    {"application":"ocr","inputs":[{"name":"x","datatype":"FP32","shape":[1,3,%d],"data":[%s]}]}"""
                    .formatted(width, data)));
        }
        for (int i = 0; i < answers.size(); i++) {
            HttpResponse<String> r = answers.get(i).get();
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            JsonNode y = json.readTree(r.body()).at("/outputs/0");
            assertThat(json.convertValue(y.path("shape"), long[].class)).containsExactly(1, 3, widths.get(i));
            for (JsonNode v : y.path("data")) assertThat(v.asDouble()).as("request %d's own rows", i).isEqualTo(i);
        }
        int largest = 0;
        for (JsonNode body : sentFor("ocr")) {
            JsonNode parts = body.at("/inputs/0/parts");
            largest = Math.max(largest, parts.size());
            for (JsonNode part : parts) {
                assertThat(part.path("shape").toString()).as(body.toString())
                        .isEqualTo(parts.path(0).path("shape").toString());
            }
        }
        assertThat(largest).as("requests of one shape still batch together").isGreaterThan(1);
    }

    @Test
    void maxBatchSizeCapsEveryBatchAndRefusesLargerRequests() throws Exception {
        List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            answers.add(post("""
                    {"application":"capped","inputs":[{"name":"x","datatype":"FP32","shape":[1,2],"data":[%d,%d]}]}"""
                    .formatted(i, i)));
        }
        for (CompletableFuture<HttpResponse<String>> a : answers) assertThat(a.get().statusCode()).as(a.get().body()).isEqualTo(200);
        for (JsonNode body : sentFor("capped")) {
            assertThat(body.at("/inputs/0/parts").size()).as(body.toString()).isBetween(1, 2);
            assertThat(body.has("batched")).isFalse();
        }
        HttpResponse<String> three = post("""
                {"application":"capped","inputs":[{"name":"x","datatype":"FP32","shape":[3,2],"data":[1,2,3,4,5,6]}]}""").get();
        assertThat(three.statusCode()).isEqualTo(400);
        assertThat(json.readTree(three.body()).path("detail").asText()).contains("maxBatchSize 2");
    }

    @Test
    void aVariantWithNoProfileIsServedUntilItsProfileLands() throws Exception {
        JsonNode before = json.readTree(get("/internal/v1/applications/fresh").body());
        assertThat(before.path("state").asText()).as(before.toString()).isEqualTo("READY");
        assertThat(before.path("defaultVariant").asText()).isEqualTo("v1");
        assertThat(before.path("servedBy").asText()).isEqualTo("work-conserving");
        assertThat(before.at("/variants/0/profile").asText()).isEqualTo("unprofiled");
        assertThat(before.at("/variants/0/profiled").asBoolean()).isFalse();

        for (int round = 0; round < 3; round++) {
            List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                answers.add(post("""
                        {"application":"fresh","inputs":[{"name":"x","datatype":"FP32","shape":[1,2],"data":[%d,1]}]}"""
                        .formatted(i)));
            }
            for (int i = 0; i < answers.size(); i++) {
                HttpResponse<String> r = answers.get(i).get();
                assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
                assertThat(json.readTree(r.body()).at("/outputs/0/data/0").asDouble()).isEqualTo(i);
            }
        }
        List<JsonNode> sent = sentFor("fresh");
        // the prior: the first batch runs one request alone, to measure ℓ(1); later ones grow as sizes are measured
        assertThat(sent.get(0).at("/inputs/0/parts").size()).isEqualTo(1);
        assertThat(sent.stream().mapToInt(b -> b.at("/inputs/0/parts").size()).max().orElse(0)).isGreaterThan(1);

        REGISTRY.put("fresh", app("fresh", "symphony", """
                [{"name":"x","datatype":"FP32","shape":[-1,2]}]""", "[-1,2]", null, PROFILE));
        JsonNode after = json.readTree(get("/internal/v1/applications/fresh").body());
        assertThat(after.path("state").asText()).isEqualTo("READY");
        assertThat(after.path("servedBy").asText()).isEqualTo("symphony");
        assertThat(after.at("/variants/0/profile").asText()).isEqualTo("profiled");
        HttpResponse<String> r = post("""
                {"application":"fresh","inputs":[{"name":"x","datatype":"FP32","shape":[1,2],"data":[7,1]}]}""").get();
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    }

    @Test
    void aColdFirstRunIsNotLearnedFrom() throws Exception {
        // the stub reports the batch that made "cold" resident as taking 10 minutes, far past its 5 s SLO: learned
        // from, every later request would be refused as unmeetable and the estimate never corrected
        HttpResponse<String> first = post("""
                {"application":"cold","inputs":[{"name":"x","datatype":"FP32","shape":[1,2],"data":[1,1]}]}""").get();
        assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
        for (int i = 0; i < 3; i++) {
            HttpResponse<String> r = post("""
                    {"application":"cold","inputs":[{"name":"x","datatype":"FP32","shape":[1,2],"data":[%d,1]}]}"""
                    .formatted(i)).get();
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        }
    }

    /** The batches sent for an application's one variant (its digest is {@code sha-<app>}). */
    private List<JsonNode> sentFor(String app) {
        return worker.batches.stream().filter(b -> b.path("variant").asText().equals("sha-" + app)).toList();
    }

    private static String app(String name, String policy, String inputs, String outputShape, Integer maxBatchSize,
                              double[][] latency) {
        StringBuilder profile = new StringBuilder();
        if (latency != null) {
            profile.append("{\"deviceKind\":\"cpu\",\"executionProvider\":\"cpu\",\"accuracy\":0.9,\"version\":1,\"latency\":[");
            for (int i = 0; i < latency.length; i++) {
                profile.append(i == 0 ? "" : ",").append("{\"batchSize\":%d,\"p50Ms\":%s,\"p99Ms\":%s}"
                        .formatted((int) latency[i][0], latency[i][1], latency[i][1] * 1.5));
            }
            profile.append("]}");
        }
        String outputs = "[{\"name\":\"y\",\"datatype\":\"" + "FP32" + "\",\"shape\":"
                + outputShape + "}]";
        return """
                {"name":"%s","kind":"single","policy":"%s","sloMs":5000,"inputs":%s,"outputs":%s,
                 "variants":[{"name":"v1","application":"%s","stage":0,"artifactDigest":"sha-%s",%s
                   "inputs":%s,"outputs":%s,"profiles":[%s]}],
                 "createdAt":"2026-11-22T00:00:00Z","version":0}""".formatted(name, policy, inputs, outputs, name, name,
                maxBatchSize == null ? "" : "\"maxBatchSize\":" + maxBatchSize + ",", inputs, outputs, profile);
    }

    private CompletableFuture<HttpResponse<String>> post(String body) {
        return http.sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/internal/v1/infer"))
                .header("Content-Type", "application/json").timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
