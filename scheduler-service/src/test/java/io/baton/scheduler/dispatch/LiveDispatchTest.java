package io.baton.scheduler.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.scheduler.membership.WorkerRegistry;
import io.baton.scheduler.support.LinearModel;
import io.baton.commons.test.RegistryStub;
import io.baton.scheduler.support.WorkerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Live dispatch over real HTTP: the scheduler on a random port, two real worker-service processes (their jar,
 * running ONNX Runtime) that register with it, and the registry's hot read served from {@link RegistryStub}.
 * Answers are checked per request against the model computed in Java, so a batch that mixed up its parts fails.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "baton.scheduler.worker-timeout=1500ms", "baton.scheduler.eviction-interval=200ms",
        "baton.scheduler.catalog-ttl=0s"})
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@AutoConfigureObservability // Spring Boot's tests leave the Prometheus endpoint out unless asked
class LiveDispatchTest {

    private static final RegistryStub REGISTRY = RegistryStub.started();
    private static final LinearModel MODEL = new LinearModel(1f);

    /** ℓ(b) ≈ 1 + 0.05·b ms: a tiny model, profiled. */
    private static final double[][] PROFILE = {{1, 1.0}, {2, 1.1}, {4, 1.2}, {8, 1.4}, {16, 1.8}, {32, 2.6}};

    @DynamicPropertySource
    static void registry(DynamicPropertyRegistry properties) {
        properties.add("baton.scheduler.registry-url", () -> REGISTRY.url().toString());
    }

    @TempDir
    static Path dir;
    @LocalServerPort
    int port;
    @Autowired
    WorkerRegistry workers;

    private final ObjectMapper json = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final List<WorkerProcess> processes = new ArrayList<>();
    private String digest;

    @BeforeAll
    void startWorkers() throws Exception {
        digest = MODEL.writeTo(dir.resolve("artifacts"));
        REGISTRY.put("lin", RegistryStub.singleApp("lin", "symphony", 2000, "v1", digest, PROFILE));
        REGISTRY.put("lin-wc", RegistryStub.singleApp("lin-wc", "work-conserving", 2000, "v1", digest, PROFILE));
        REGISTRY.put("raw", RegistryStub.singleApp("raw", "symphony", 2000, "v1", digest, null));
        // The application calls its input "features"; its variant's model calls it "x" (they match by position).
        REGISTRY.put("renamed", RegistryStub.singleApp("renamed", "symphony", 2000, "v1", digest, PROFILE)
                .replaceFirst("\\{\"name\":\"x\"", "{\"name\":\"features\""));
        REGISTRY.put("pipe", ipaPipeline("pipe", digest));
        URI self = URI.create("http://127.0.0.1:" + port);
        for (String id : List.of("cpu-a", "cpu-b")) {
            processes.add(WorkerProcess.start(id, dir.resolve("artifacts"), self, dir.resolve("logs")));
        }
        WorkerProcess.awaitLive(workers, 2, processes, Duration.ofSeconds(90));
    }

    @AfterAll
    void stopWorkers() throws Exception {
        for (WorkerProcess p : processes) p.close();
        REGISTRY.close();
    }

    @Test
    void concurrentRequestsAreBatchedAndEachGetsItsOwnRow() throws Exception {
        for (String app : List.of("lin", "lin-wc")) {
            SplittableRandom random = new SplittableRandom(7);
            List<float[]> xs = new ArrayList<>();
            List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                float[] x = {(float) random.nextDouble(), (float) random.nextDouble(), i, -i};
                xs.add(x);
                answers.add(postAsync(body(app, x, null)));
            }
            int largestBatch = 0;
            for (int i = 0; i < xs.size(); i++) {
                HttpResponse<String> r = answers.get(i).get();
                assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
                JsonNode a = json.readTree(r.body());
                assertThat(a.path("variant").asText()).isEqualTo("v1");
                assertThat(a.path("variantDigest").asText()).isEqualTo(digest);
                JsonNode y = a.path("outputs").path(0);
                assertThat(y.path("name").asText()).isEqualTo("y");
                assertThat(json.convertValue(y.path("shape"), long[].class)).containsExactly(1, 3);
                float[] want = MODEL.expected(xs.get(i));
                for (int j = 0; j < 3; j++) {
                    assertThat((float) y.path("data").path(j).asDouble()).as(app + " request " + i + " y[" + j + "]")
                            .isCloseTo(want[j], org.assertj.core.data.Offset.offset(1e-3f));
                }
                largestBatch = Math.max(largestBatch, a.path("batchSize").asInt());
            }
            assertThat(largestBatch).as(app + ": 40 requests at once are batched").isGreaterThan(1);
        }
    }

    @Test
    void binaryInputsAndOutputsRoundTrip() throws Exception {
        float[] x = {1, 2, 3, 4};
        java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocate(16).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (float v : x) buf.putFloat(v);
        String body = """
                {"application":"lin","inputs":[{"name":"x","datatype":"FP32","shape":[1,4],"base64":"%s"}],
                 "binaryOutputs":true}""".formatted(java.util.Base64.getEncoder().encodeToString(buf.array()));
        HttpResponse<String> r = post(body);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        byte[] y = java.util.Base64.getDecoder().decode(json.readTree(r.body()).path("outputs").path(0).path("base64").asText());
        java.nio.FloatBuffer got = java.nio.ByteBuffer.wrap(y).order(java.nio.ByteOrder.LITTLE_ENDIAN).asFloatBuffer();
        float[] want = MODEL.expected(x);
        for (int j = 0; j < 3; j++) assertThat(got.get(j)).isCloseTo(want[j], org.assertj.core.data.Offset.offset(1e-4f));
    }

    @Test
    void withoutAVariantTheApplicationsInputNamesMapByPosition() throws Exception {
        HttpResponse<String> r = post("""
                {"application":"renamed","inputs":[{"name":"features","datatype":"FP32","shape":[1,4],"data":[1,2,3,4]}]}""");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
        assertThat((float) json.readTree(r.body()).path("outputs").path(0).path("data").path(0).asDouble())
                .isCloseTo(MODEL.expected(new float[] {1, 2, 3, 4})[0], org.assertj.core.data.Offset.offset(1e-3f));
        HttpResponse<String> named = post("""
                {"application":"renamed","variant":"v1","inputs":[{"name":"features","datatype":"FP32","shape":[1,4],"data":[1,2,3,4]}]}""");
        assertThat(named.statusCode()).as("naming the variant means speaking its names").isEqualTo(400);
    }

    @Test
    void anUnmeetableDeadlineIsDroppedAtOnceWithItsReason() throws Exception {
        HttpResponse<String> r = post(body("lin", new float[] {1, 1, 1, 1}, 0.5));
        assertThat(r.statusCode()).isEqualTo(503);
        JsonNode problem = json.readTree(r.body());
        assertThat(problem.path("type").asText()).isEqualTo("urn:baton:problem:dropped");
        assertThat(problem.path("reason").asText()).isEqualTo("DEADLINE_UNMEETABLE");
        assertThat(problem.path("detail").asText()).contains("deadline cannot be met");
        // an RFC 7807 body, whose instance is the path the gateway called
        assertThat(r.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(problem.path("status").asInt()).isEqualTo(503);
        assertThat(problem.path("title").asText()).isEqualTo("Service Unavailable");
        assertThat(problem.path("instance").asText()).isEqualTo("/internal/v1/infer");
    }

    @Test
    void badRequestsAreRefusedNamingWhatIsWrong() throws Exception {
        HttpResponse<String> shape = post("""
                {"application":"lin","inputs":[{"name":"x","datatype":"FP32","shape":[1,5],"data":[1,2,3,4,5]}]}""");
        assertThat(shape.statusCode()).isEqualTo(400);
        assertThat(json.readTree(shape.body()).path("field").asText()).isEqualTo("inputs[0].shape[1]");

        HttpResponse<String> count = post("""
                {"application":"lin","inputs":[{"name":"x","datatype":"FP32","shape":[1,4],"data":[1,2,3]}]}""");
        assertThat(count.statusCode()).isEqualTo(400);
        assertThat(json.readTree(count.body()).path("detail").asText()).contains("needs 4 elements, got 3");

        HttpResponse<String> type = post("""
                {"application":"lin","inputs":[{"name":"x","datatype":"INT64","shape":[1,4],"data":[1,2,3,4]}]}""");
        assertThat(type.statusCode()).isEqualTo(400);
        assertThat(json.readTree(type.body()).path("field").asText()).isEqualTo("inputs[0].datatype");

        HttpResponse<String> name = post("""
                {"application":"lin","inputs":[{"name":"z","datatype":"FP32","shape":[1,4],"data":[1,2,3,4]}]}""");
        assertThat(name.statusCode()).isEqualTo(400);
        assertThat(json.readTree(name.body()).path("detail").asText()).contains("lacks input 'x'");

        HttpResponse<String> app = post(body("nope", new float[] {1, 1, 1, 1}, null));
        assertThat(app.statusCode()).isEqualTo(404);
        assertThat(json.readTree(app.body()).path("field").asText()).isEqualTo("application");

        HttpResponse<String> variant = post("""
                {"application":"lin","variant":"v9","inputs":[{"name":"x","datatype":"FP32","shape":[1,4],"data":[1,2,3,4]}]}""");
        assertThat(variant.statusCode()).isEqualTo(404);
        assertThat(json.readTree(variant.body()).path("detail").asText()).contains("no variant 'v9'");

        // a variant with no profile yet is served (work-conserving, latencies learned online), not refused
        HttpResponse<String> unprofiled = post(body("raw", new float[] {1, 1, 1, 1}, null));
        assertThat(unprofiled.statusCode()).as(unprofiled.body()).isEqualTo(200);
        assertThat((float) json.readTree(unprofiled.body()).at("/outputs/0/data/0").asDouble())
                .isCloseTo(MODEL.expected(new float[] {1, 1, 1, 1})[0], org.assertj.core.data.Offset.offset(1e-3f));

        HttpResponse<String> unknownField = post("""
                {"application":"lin","colour":"red","inputs":[]}""");
        assertThat(unknownField.statusCode()).isEqualTo(400);
        assertThat(json.readTree(unknownField.body()).path("detail").asText()).contains("colour");
    }

    @Test
    void anIpaPipelineStageRunsTheVariantItsLivePlanChose() throws Exception {
        HttpResponse<String> r = post("""
                {"application":"pipe","stage":0,"inputs":[{"name":"x","datatype":"FP32","shape":[1,4],"data":[1,2,3,4]}]}""");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode answer = json.readTree(r.body());
        // equal cost at this load, so IPA's objective prefers the more accurate variant
        assertThat(answer.path("variant").asText()).isEqualTo("accurate");
        assertThat((float) answer.path("outputs").path(0).path("data").path(0).asDouble())
                .isCloseTo(MODEL.expected(new float[] {1, 2, 3, 4})[0], org.assertj.core.data.Offset.offset(1e-3f));

        JsonNode plan = json.readTree(get("/v1/pipelines/pipe/plan").body());
        assertThat(plan.path("solved").asBoolean()).isTrue();
        assertThat(plan.path("stages").path(0).path("variant").asText()).isEqualTo("accurate");
        assertThat(plan.path("stages").path(0).path("batch").asInt()).isEqualTo(1);
        assertThat(plan.path("slaMs").asDouble()).isEqualTo(2000);
        // the adapter loop's side effects of a new plan: recorded in the registry, applied, counted
        long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (REGISTRY.plans.isEmpty() && System.nanoTime() < until) Thread.sleep(50);
        assertThat(REGISTRY.plans).isNotEmpty();
        JsonNode recorded = json.readTree(REGISTRY.plans.get(0));
        assertThat(recorded.path("policy").asText()).isEqualTo("ipa");
        assertThat(recorded.path("application").asText()).isEqualTo("pipe");
        assertThat(recorded.at("/plan/stages/0/variant").asText()).isEqualTo("accurate");
        assertThat(get("/actuator/prometheus").body()).contains("baton_ipa_plan_changes_total{application=\"pipe\"",
                "baton_ipa_stage_batch_size{application=\"pipe\",stage=\"stage-0\"} 1.0");
        assertThat(json.readTree(get("/v1/actuator/state").body()).toString()).contains("IPA live plan of pipe");

        HttpResponse<String> noStage = post("""
                {"application":"pipe","stage":3,"inputs":[{"name":"x","datatype":"FP32","shape":[1,4],"data":[1,2,3,4]}]}""");
        assertThat(noStage.statusCode()).isEqualTo(400);
        assertThat(json.readTree(noStage.body()).path("field").asText()).isEqualTo("stage");
        HttpResponse<String> neither = post("""
                {"application":"pipe","inputs":[{"name":"x","datatype":"FP32","shape":[1,4],"data":[1,2,3,4]}]}""");
        assertThat(neither.statusCode()).isEqualTo(400);
        assertThat(json.readTree(neither.body()).path("detail").asText()).contains("stage");
        assertThat(get("/v1/pipelines/lin/plan").statusCode()).isEqualTo(404);
    }

    /** A one-stage pipeline with policy ipa whose stage has two variants of the same model, one more accurate. */
    private static String ipaPipeline(String name, String digest) {
        StringBuilder profile = new StringBuilder();
        for (int i = 0; i < PROFILE.length; i++) {
            profile.append(i == 0 ? "" : ",").append("{\"batchSize\":%d,\"p50Ms\":%s,\"p99Ms\":%s}"
                    .formatted((int) PROFILE[i][0], PROFILE[i][1], PROFILE[i][1]));
        }
        String variant = """
                {"name":"%s","stage":0,"artifactDigest":"%s",
                 "inputs":[{"name":"x","datatype":"FP32","shape":[-1,4]}],"outputs":[{"name":"y","datatype":"FP32","shape":[-1,3]}],
                 "profiles":[{"deviceKind":"cpu","executionProvider":"cpu","accuracy":%s,"version":0,"latency":[%s]}]}""";
        return """
                {"name":"%s","kind":"pipeline","policy":"ipa","sloMs":2000,
                 "inputs":[{"name":"x","datatype":"FP32","shape":[-1,4]}],"outputs":[{"name":"y","datatype":"FP32","shape":[-1,3]}],
                 "variants":[%s,%s]}""".formatted(name, variant.formatted("rough", digest, 0.8, profile),
                variant.formatted("accurate", digest, 0.9, profile));
    }

    @Test
    void readinessSaysWhatServesAndWhy() throws Exception {
        JsonNode ready = json.readTree(get("/internal/v1/applications/lin").body());
        assertThat(ready.path("state").asText()).isEqualTo("READY");
        assertThat(ready.path("defaultVariant").asText()).isEqualTo("v1");
        assertThat(ready.path("liveWorkers").asInt()).isGreaterThanOrEqualTo(1);
        JsonNode raw = json.readTree(get("/internal/v1/applications/raw").body());
        assertThat(raw.path("state").asText()).isEqualTo("READY");
        assertThat(raw.path("servedBy").asText()).isEqualTo("work-conserving");
        assertThat(raw.at("/variants/0/profile").asText()).isEqualTo("unprofiled");
        assertThat(ready.at("/variants/0/profile").asText()).isEqualTo("profiled");
        assertThat(get("/internal/v1/applications/nope").statusCode()).isEqualTo(404);
    }

    @Test
    void servingShowsInPrometheusMetrics() throws Exception {
        assertThat(post(body("lin", new float[] {1, 2, 3, 4}, null)).statusCode()).isEqualTo(200);
        String scrape = get("/actuator/prometheus").body();
        assertThat(scrape).contains("baton_requests_total{", "application=\"lin\"", "outcome=\"on_time\"",
                "baton_request_latency_seconds_bucket", "baton_batch_size", "baton_queue_length",
                "baton_device_idle_fraction", "baton_goodput", "baton_miss_rate");
        // The dispatch overhead the variant is planned with, under its own name.
        assertThat(scrape).containsPattern("baton_dispatch_overhead_planned_ms\\{application=\"lin\",[^}]*variant=\"v1\"\\} [0-9.]+");
    }

    private String body(String app, float[] x, Double timeoutMs) {
        StringBuilder data = new StringBuilder();
        for (int i = 0; i < x.length; i++) data.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT, "%s", x[i]));
        return """
                {"application":"%s",%s"inputs":[{"name":"x","datatype":"FP32","shape":[1,4],"data":[%s]}]}"""
                .formatted(app, timeoutMs == null ? "" : "\"timeoutMs\":" + timeoutMs + ",", data);
    }

    private HttpResponse<String> post(String body) throws Exception {
        return postAsync(body).get();
    }

    private CompletableFuture<HttpResponse<String>> postAsync(String body) {
        return http.sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/internal/v1/infer"))
                .header("Content-Type", "application/json").timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(10))
                .build(), HttpResponse.BodyHandlers.ofString());
    }
}
