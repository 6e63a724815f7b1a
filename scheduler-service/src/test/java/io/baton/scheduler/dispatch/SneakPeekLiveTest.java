package io.baton.scheduler.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.baton.scheduler.membership.WorkerRegistry;
import io.baton.scheduler.support.LinearModel;
import io.baton.commons.test.RegistryStub;
import io.baton.scheduler.support.WorkerProcess;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.assertj.core.data.Offset;
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
 * SneakPeek live over real HTTP: the scheduler, one real worker-service process, and two applications with policy
 * {@code sneakpeek} (three classes each) whose two variants ({@link LinearModel}s of different weights) are
 * specialists: {@code a} recalls class 0 perfectly and never class 1, {@code b} the reverse. The request's evidence
 * decides which one SneakPeek picks; both applications are planned in the same windows on the one worker.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "baton.scheduler.worker-timeout=1500ms", "baton.scheduler.eviction-interval=200ms",
        "baton.scheduler.catalog-ttl=0s", "baton.scheduler.sneakpeek-window=50ms"})
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@AutoConfigureObservability
class SneakPeekLiveTest {

    private static final RegistryStub REGISTRY = RegistryStub.started();
    private static final LinearModel A = new LinearModel(1f), B = new LinearModel(2f), C = new LinearModel(3f),
            D = new LinearModel(4f);

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
    private WorkerProcess worker;
    private final Map<String, LinearModel> models = new java.util.HashMap<>();

    @BeforeAll
    void start() throws Exception {
        Path artifacts = dir.resolve("artifacts");
        REGISTRY.put("fall", app("fall", A.writeTo(artifacts), B.writeTo(artifacts), "{\"penalty\":{\"type\":\"step\"}}"));
        REGISTRY.put("voice", app("voice", C.writeTo(artifacts), D.writeTo(artifacts), "{\"prior\":1.0}"));
        REGISTRY.put("badprior", app("badprior", A.writeTo(artifacts), B.writeTo(artifacts), "{\"prior\":[1,2]}"));
        models.put("fall/a", A);
        models.put("fall/b", B);
        models.put("voice/a", C);
        models.put("voice/b", D);
        worker = WorkerProcess.start("cpu-only", artifacts, URI.create("http://127.0.0.1:" + port), dir.resolve("logs"));
        WorkerProcess.awaitLive(workers, 1, List.of(worker), Duration.ofSeconds(90));
    }

    @AfterAll
    void stop() throws Exception {
        if (worker != null) worker.close();
        REGISTRY.close();
    }

    /** A single-model application of two specialist variants, ℓ(1) = 1 ms, load 5 ms, per-class recall measured. */
    private static String app(String name, String a, String b, String params) {
        String tensors = """
                "inputs":[{"name":"x","datatype":"FP32","shape":[-1,4]}],"outputs":[{"name":"y","datatype":"FP32","shape":[-1,3]}]""";
        String profile = """
                {"deviceKind":"cpu","executionProvider":"cpu","accuracy":0.6,"version":0,"loadMs":5,"memoryBytes":1048576,
                 "classRecall":%s,"latency":[{"batchSize":1,"p50Ms":1.0,"p99Ms":1.5},{"batchSize":8,"p50Ms":1.4,"p99Ms":2}]}""";
        return """
                {"name":"%s","kind":"single","policy":"sneakpeek","policyParams":%s,"sloMs":2000,%s,
                 "variants":[{"name":"a","application":"%s","stage":0,"artifactDigest":"%s",%s,"profiles":[%s]},
                             {"name":"b","application":"%s","stage":0,"artifactDigest":"%s",%s,"profiles":[%s]}],
                 "createdAt":"2026-11-22T00:00:00Z","version":0}"""
                .formatted(name, params, tensors, name, a, tensors, profile.formatted("[1.0,0.0,0.5]"), name, b, tensors,
                        profile.formatted("[0.0,1.0,0.5]"));
    }

    private static String request(String app, float[] x, String evidence) {
        return """
                {"application":"%s",%s"inputs":[{"name":"x","datatype":"FP32","shape":[1,4],"data":[%s,%s,%s,%s]}]}"""
                .formatted(app, evidence == null ? "" : "\"evidence\":" + evidence + ",", x[0], x[1], x[2], x[3]);
    }

    private CompletableFuture<HttpResponse<String>> postAsync(String body) {
        return http.sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/internal/v1/infer"))
                .header("Content-Type", "application/json").timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode served(HttpResponse<String> r, String app, float[] x) throws Exception {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode a = json.readTree(r.body());
        LinearModel model = models.get(app + "/" + a.path("variant").asText());
        assertThat(model).as("a variant of " + app + ": " + r.body()).isNotNull();
        float[] want = model.expected(x);
        for (int j = 0; j < 3; j++) {
            assertThat((float) a.path("outputs").path(0).path("data").path(j).asDouble()).as(r.body())
                    .isCloseTo(want[j], Offset.offset(1e-3f));
        }
        return a;
    }

    @Test
    void theEvidenceChoosesTheVariantThatRecallsItsClass() throws Exception {
        float[] x = {1, 2, 3, 4};
        JsonNode zero = served(postAsync(request("fall", x, "[5,0,0]")).get(), "fall", x);
        assertThat(zero.path("variant").asText()).isEqualTo("a");
        JsonNode one = served(postAsync(request("fall", x, "[0,5,0]")).get(), "fall", x);
        assertThat(one.path("variant").asText()).isEqualTo("b");
    }

    @Test
    void twoApplicationsShareTheWorkerInWindowsAndTheirLoadsAreCountedAsSwaps() throws Exception {
        List<float[]> xs = new ArrayList<>();
        List<String> apps = new ArrayList<>();
        List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            float[] x = {i, -i, 0.5f, 1};
            String app = i % 2 == 0 ? "fall" : "voice";
            xs.add(x);
            apps.add(app);
            answers.add(postAsync(request(app, x, i % 3 == 0 ? "[0,4,1]" : "[4,0,1]")));
            if (i % 6 == 5) Thread.sleep(60); // a few windows
        }
        int batched = 0;
        for (int i = 0; i < xs.size(); i++) {
            JsonNode a = served(answers.get(i).get(), apps.get(i), xs.get(i));
            if (a.path("batchSize").asInt() > 1) batched++;
        }
        assertThat(batched).as("a window's requests of one application run grouped, as batches").isPositive();
        String scrape = get("/actuator/prometheus");
        assertThat(scrape).contains("baton_model_swaps_total{application=\"fall\"")
                .contains("baton_model_swap_seconds_count{application=\"voice\"")
                .contains("baton_sneakpeek_estimated_accuracy_count{application=\"fall\"");
        JsonNode readiness = json.readTree(get("/internal/v1/applications/fall"));
        assertThat(readiness.path("servedBy").asText()).isEqualTo("sneakpeek");
    }

    @Test
    void aBurstWithATightDeadlineEndsAnsweredServedOrRefusedWithItsReason() throws Exception {
        List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
        List<float[]> xs = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            float[] x = {i, 1, 2, 3};
            xs.add(x);
            answers.add(postAsync(request("fall", x, "[4,0,1]").replace("\"application\":\"fall\",",
                    "\"application\":\"fall\",\"timeoutMs\":100,")));
        }
        for (int i = 0; i < xs.size(); i++) {
            HttpResponse<String> r = answers.get(i).get();
            if (r.statusCode() == 200) {
                served(r, "fall", xs.get(i));
            } else {
                // only a request its batch reached after its deadline is refused, and it says so
                assertThat(r.statusCode()).as(r.body()).isEqualTo(503);
                assertThat(json.readTree(r.body()).path("reason").asText()).isEqualTo("DEADLINE_PASSED");
            }
        }
    }

    @Test
    void badSneakPeekRequestsAreRefusedNamingWhatIsWrong() throws Exception {
        HttpResponse<String> classes = postAsync(request("fall", new float[] {1, 2, 3, 4}, "[1,2]")).get();
        assertThat(classes.statusCode()).isEqualTo(400);
        assertThat(classes.body()).contains("evidence").contains("3 classes");
        HttpResponse<String> negative = postAsync(request("fall", new float[] {1, 2, 3, 4}, "[1,-2,0]")).get();
        assertThat(negative.statusCode()).isEqualTo(400);
        assertThat(negative.body()).contains("evidence[1]");
        HttpResponse<String> prior = postAsync(request("badprior", new float[] {1, 2, 3, 4}, null)).get();
        assertThat(prior.statusCode()).isEqualTo(400);
        assertThat(prior.body()).contains("policyParams.prior");
    }

    private String get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(10))
                .build(), HttpResponse.BodyHandlers.ofString()).body();
    }
}
