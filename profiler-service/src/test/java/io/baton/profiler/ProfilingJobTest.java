package io.baton.profiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.baton.core.domain.LatencyProfile;
import io.baton.cli.zoo.Architectures;
import io.baton.cli.zoo.FashionMnist;
import io.baton.cli.zoo.ValidationSet;
import io.baton.cli.zoo.ZooBuilder;
import io.baton.profiler.support.Registry;
import io.baton.profiler.support.RegistryProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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

/**
 * profiler-service on a random port against a real registry-service process (its jar, on PostgreSQL in a fresh schema), profiling real
 * zoo models built here from Fashion-MNIST with the zoo's own builder (a small zoo: 1,000 training images, kept in
 * {@code target/test-zoo}), over real HTTP.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class ProfilingJobTest {

    static final String APP = "fashion";
    static final String LINEAR = Architectures.LINEAR.name(), CONV8 = Architectures.CONV8.name();
    static final ObjectMapper JSON = new ObjectMapper();
    static final Path ZOO = Path.of("target", "test-zoo");

    @TempDir
    static Path dir;
    static RegistryProcess registryProcess;
    static Registry registry;
    static ValidationSet validation;

    @Autowired
    TestRestTemplate http;

    @BeforeAll
    static void registerZooModels() throws Exception {
        assumeThat(FashionMnist.missingFile(FashionMnist.DEFAULT_DIR)).as("Fashion-MNIST (Debian package dataset-fashion-mnist)").isNull();
        // Built once into target/ and reused while the zoo's version and these options stay the same.
        ZooBuilder.Options options = new ZooBuilder.Options(FashionMnist.DEFAULT_DIR, 1_000, 300, 2, 300, 7);
        if (!ZooBuilder.isBuilt(ZOO, options)) new ZooBuilder(options, System.out).build(ZOO);
        validation = ValidationSet.read(ZOO.resolve(ZooBuilder.VALIDATION));
        registryProcess = RegistryProcess.start(dir.resolve("registry"));
        registry = new Registry(registryProcess.url());

        Map<String, Object> image = Map.of("name", "input", "datatype", "FP32", "shape", List.of(-1, 1, 28, 28));
        Map<String, Object> app = new LinkedHashMap<>();
        app.put("name", APP);
        app.put("kind", "single");
        app.put("policy", "symphony");
        app.put("sloMs", 100);
        app.put("inputs", List.of(image));
        app.put("outputs", List.of(Map.of("name", "probabilities", "datatype", "FP32", "shape", List.of(-1, 10))));
        app.put("classes", FashionMnist.CLASSES);
        registry.post("/v1/applications", app);
        for (String model : List.of(LINEAR, CONV8)) {
            String digest = registry.upload(Files.readAllBytes(ZOO.resolve(model + ".onnx")), "onnx");
            registry.post("/v1/applications/" + APP + "/variants", Map.of("name", model, "stage", 0, "artifactDigest", digest));
        }
        String inputs = registry.upload(Registry.littleEndian(validation.examples()), "data");
        String labels = registry.upload(Registry.littleEndian(validation.labels()), "data");
        registry.post("/v1/applications/" + APP + "/datasets", Map.of("name", "validation", "inputsDigest", inputs,
                "labelsDigest", labels, "sampleCount", validation.size(), "inputSpec",
                Map.of("name", "input", "datatype", "FP32", "shape", List.of(validation.size(), 1, 28, 28))));
    }

    @DynamicPropertySource
    static void registryUrl(DynamicPropertyRegistry properties) {
        properties.add("baton.profiler.registry-url", () -> registryProcess.url().toString());
    }

    @AfterAll
    static void stopRegistry() {
        if (registryProcess != null) registryProcess.close();
    }

    @Test
    void profilesAZooVariantAndStoresItInTheRegistry() throws Exception {
        ResponseEntity<String> submitted = post("/v1/profiling-jobs",
                Map.of("application", APP, "variant", CONV8, "repetitions", 5, "warmup", 1));
        assertThat(submitted.getStatusCode().value()).isEqualTo(202);
        assertThat(submitted.getHeaders().getLocation()).isNotNull();
        JsonNode job = await(submitted.getHeaders().getLocation().getPath());
        assertThat(job.get("state").asText()).as(job.toString()).isEqualTo("succeeded");
        assertThat(job.get("progress").asDouble()).isEqualTo(1.0);
        JsonNode profile = job.get("results").get(0).get("profile");

        List<Integer> sizes = new ArrayList<>();
        double previousP50 = 0, previousP99 = 0;
        for (JsonNode point : profile.get("latency")) {
            sizes.add(point.get("batchSize").asInt());
            double p50 = point.get("p50Ms").asDouble(), p99 = point.get("p99Ms").asDouble();
            assertThat(p50).isGreaterThanOrEqualTo(previousP50).isPositive();
            assertThat(p99).isGreaterThanOrEqualTo(previousP99).isGreaterThanOrEqualTo(p50);
            previousP50 = p50;
            previousP99 = p99;
        }
        assertThat(sizes).containsExactly(1, 2, 4, 8, 16, 32, 64);
        assertThat(job.get("results").get(0).get("rawLatency")).hasSize(7);
        // α > 0 always (latency grows with the batch); β ≥ 0: least squares clamps a negative intercept, which a
        // loaded CPU's upward-bending curve can give (see LatencyCurve). The fit is scheduling-core's, exactly.
        Map<Integer, Double> p50 = new LinkedHashMap<>();
        profile.get("latency").forEach(p -> p50.put(p.get("batchSize").asInt(), p.get("p50Ms").asDouble()));
        LatencyProfile expected = LatencyProfile.measured(p50, LatencyProfile.Fit.LINEAR);
        assertThat(profile.get("alphaMs").asDouble()).as(job.toString()).isPositive().isEqualTo(expected.alphaMs());
        assertThat(profile.get("betaMs").asDouble()).as(job.toString()).isNotNegative().isEqualTo(expected.betaMs());
        assertThat(profile.get("quadratic")).hasSize(3);
        assertThat(profile.get("loadMs").asDouble()).isPositive();
        assertThat(profile.get("memoryBytes").asLong()).isNotNegative();

        Direct direct = evaluateDirectly(ZOO.resolve(CONV8 + ".onnx"));
        assertThat(profile.get("accuracy").asDouble()).isEqualTo(direct.accuracy);
        assertThat(doubles(profile.get("classRecall"))).containsExactlyElementsOf(direct.recall);
        long total = 0;
        for (JsonNode row : profile.get("confusionMatrix")) for (JsonNode c : row) total += c.asLong();
        assertThat(total).isEqualTo(validation.size());

        JsonNode stored = registry.get("/v1/applications/" + APP + "/variants/" + CONV8 + "/profiles/cpu/cpu");
        assertThat(stored.get("latency")).isEqualTo(profile.get("latency"));
        assertThat(doubles(stored.get("classRecall"))).containsExactlyElementsOf(direct.recall);
        assertThat(stored.get("alphaMs").asDouble()).isEqualTo(profile.get("alphaMs").asDouble());

        // then its interference features on this CPU, stored with the profile as measured
        assertInterferenceFeatures(profile.get("interference"), ZOO.resolve(CONV8 + ".onnx"));
        assertThat(job.get("results").get(0).get("interferenceMs").asDouble()).isPositive();
        assertThat(job.get("results").get(0).get("interferenceNote").isNull()).isTrue();
        assertThat(stored.get("interference")).isEqualTo(profile.get("interference"));
    }

    /**
     * The features' relations, never their timings: solo > 0, average layer = solo ÷ the graph's operator nodes,
     * sensitivity ≥ 1 (beside the bubble a model is never faster, but for noise), utilisation a busy fraction in
     * (0, 1], bandwidth a finite non-negative GB/s, the probe named.
     */
    static void assertInterferenceFeatures(JsonNode f, Path model) throws Exception {
        assertThat(f).as("interference features of " + model).isNotNull();
        assertThat(f.isObject()).as("%s", f).isTrue();
        int nodes = io.baton.core.interference.measure.OnnxNodeCount.count(Files.readAllBytes(model));
        double solo = f.get("soloMs").asDouble();
        assertThat(solo).as("%s", f).isPositive();
        assertThat(f.get("layers").asInt()).isEqualTo(nodes);
        assertThat(f.get("avgLayerMs").asDouble()).as("%s", f)
                .isCloseTo(solo / nodes, org.assertj.core.data.Offset.offset(1e-9 * Math.max(1, solo)));
        assertThat(f.get("sensitivity").asDouble()).as("%s", f).isGreaterThanOrEqualTo(1 - 1e-9);
        assertThat(f.get("utilisation").asDouble()).as("%s", f).isPositive().isLessThanOrEqualTo(1);
        assertThat(f.get("bandwidthGBs").asDouble()).as("%s", f).isNotNegative().isFinite();
        assertThat(f.get("pressure").asDouble()).as("%s", f).isNotNegative().isFinite();
        assertThat(f.get("probe").asText()).isEqualTo(io.baton.core.interference.measure.InterferenceHarness.BANDWIDTH_PROBE);
        assertThat(f.get("measuredAt").asText()).isNotBlank();
    }

    @Test
    void profilesEveryVariantOfAnApplicationUnderItsOwnDeviceKind() throws Exception {
        JsonNode job = await(post("/v1/profiling-jobs", Map.of("application", APP, "deviceKind", "cpu-small",
                "batchSizes", List.of(1, 4, 16), "repetitions", 3, "warmup", 0)).getHeaders().getLocation().getPath());
        assertThat(job.get("state").asText()).as(job.toString()).isEqualTo("succeeded");
        assertThat(job.get("variants")).extracting(JsonNode::asText).containsExactlyInAnyOrder(LINEAR, CONV8);
        JsonNode app = registry.get("/v1/applications/" + APP);
        for (JsonNode variant : app.get("variants")) {
            List<String> kinds = new ArrayList<>();
            variant.get("profiles").forEach(p -> kinds.add(p.get("deviceKind").asText() + "/" + p.get("executionProvider").asText()));
            assertThat(kinds).as(variant.get("name").asText()).contains("cpu-small/cpu");
        }
        JsonNode linear = registry.get("/v1/applications/" + APP + "/variants/" + LINEAR + "/profiles/cpu-small/cpu");
        assertThat(linear.get("latency")).hasSize(3);
        assertInterferenceFeatures(linear.get("interference"), ZOO.resolve(LINEAR + ".onnx")); // an MLP-sized model too
        assertThat(doubles(linear.get("classRecall")))
                .containsExactlyElementsOf(evaluateDirectly(ZOO.resolve(LINEAR + ".onnx")).recall);
    }

    /**
     * A pipeline's head reads features, not images: it is evaluated on what its upstream stage writes on the
     * validation set, so IPA gets each stage's accuracy. The oracle runs the two models one after the other here.
     */
    @Test
    void aPipelinesHeadIsEvaluatedOnTheFeaturesItsUpstreamWrites() throws Exception {
        Map<String, Object> image = Map.of("name", "input", "datatype", "FP32", "shape", List.of(-1, 1, 28, 28));
        Map<String, Object> app = new LinkedHashMap<>();
        app.put("name", "pipe");
        app.put("kind", "pipeline");
        app.put("policy", "ipa");
        app.put("sloMs", 200);
        app.put("inputs", List.of(image));
        app.put("classes", FashionMnist.CLASSES);
        registry.post("/v1/applications", app);
        List<String> models = List.of(ZooBuilder.PIPE_FEATURES, ZooBuilder.PIPE_HEAD, ZooBuilder.PIPE_HEAD_SMALL);
        for (String model : models) {
            String digest = registry.upload(Files.readAllBytes(ZOO.resolve(model + ".onnx")), "onnx");
            registry.post("/v1/applications/pipe/variants", Map.of("name", model,
                    "stage", model.equals(ZooBuilder.PIPE_FEATURES) ? 0 : 1, "artifactDigest", digest));
        }
        String inputs = registry.upload(Registry.littleEndian(validation.examples()), "data");
        String labels = registry.upload(Registry.littleEndian(validation.labels()), "data");
        registry.post("/v1/applications/pipe/datasets", Map.of("name", "validation", "inputsDigest", inputs,
                "labelsDigest", labels, "sampleCount", validation.size(), "inputSpec",
                Map.of("name", "input", "datatype", "FP32", "shape", List.of(validation.size(), 1, 28, 28))));

        JsonNode job = await(post("/v1/profiling-jobs", Map.of("application", "pipe", "batchSizes", List.of(1, 4),
                "repetitions", 2, "warmup", 0)).getHeaders().getLocation().getPath());
        assertThat(job.get("state").asText()).as(job.toString()).isEqualTo("succeeded");
        float[][] features = run(ZOO.resolve(ZooBuilder.PIPE_FEATURES + ".onnx"), validation.examples(), new long[] {1, 28, 28});
        for (JsonNode result : job.get("results")) {
            String variant = result.get("variant").asText();
            JsonNode profile = result.get("profile");
            // every stage has its features, whatever its input: images for the extractor, 1,568 features for the heads
            assertInterferenceFeatures(profile.get("interference"), ZOO.resolve(variant + ".onnx"));
            if (variant.equals(ZooBuilder.PIPE_FEATURES)) {
                assertThat(profile.path("accuracy").isMissingNode() || profile.path("accuracy").isNull()).as("the features stage writes no class scores").isTrue();
                continue;
            }
            float[] flat = new float[features.length * features[0].length];
            for (int i = 0; i < features.length; i++) System.arraycopy(features[i], 0, flat, i * features[0].length, features[0].length);
            float[][] scores = run(ZOO.resolve(variant + ".onnx"), flat, new long[] {features[0].length});
            int correct = 0;
            for (int i = 0; i < scores.length; i++) {
                int best = 0;
                for (int c = 1; c < scores[i].length; c++) if (scores[i][c] > scores[i][best]) best = c;
                if (best == validation.labels()[i]) correct++;
            }
            assertThat(profile.get("accuracy").asDouble()).as(variant).isEqualTo((double) correct / validation.size())
                    .isGreaterThan(0.5);
            assertThat(profile.get("classRecall")).as(variant).hasSize(FashionMnist.CLASSES.size());
        }
    }

    /** One model over every example at once (its first input and output), for the oracles. */
    static float[][] run(Path model, float[] examples, long[] sampleShape) throws Exception {
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        int n = validation.size();
        long[] shape = new long[sampleShape.length + 1];
        shape[0] = n;
        System.arraycopy(sampleShape, 0, shape, 1, sampleShape.length);
        try (OrtSession s = env.createSession(model.toString(), new OrtSession.SessionOptions());
             OnnxTensor x = OnnxTensor.createTensor(env, FloatBuffer.wrap(examples), shape);
             OrtSession.Result r = s.run(Map.of(s.getInputNames().iterator().next(), x))) {
            return (float[][]) r.get(0).getValue();
        }
    }

    @Test
    void badRequestsAreProblemsNamingTheField() throws Exception {
        assertProblem(post("/v1/profiling-jobs", Map.of("variant", LINEAR)), 400, "application");
        assertProblem(post("/v1/profiling-jobs", Map.of("application", "no-such-app")), 404, "application");
        assertProblem(post("/v1/profiling-jobs", Map.of("application", APP, "variant", "no-such-variant")), 404, "variant");
        assertProblem(post("/v1/profiling-jobs", Map.of("application", APP, "dataset", "no-such-set")), 404, "dataset");
        assertProblem(post("/v1/profiling-jobs", Map.of("application", APP, "batchSizes", List.of(1, 0))), 400, "batchSizes[1]");
        assertProblem(post("/v1/profiling-jobs", Map.of("application", APP, "batchSizes", List.of(2, 2))), 400, "batchSizes");
        assertProblem(post("/v1/profiling-jobs", Map.of("application", APP, "repetitions", 0)), 400, "repetitions");
        assertProblem(post("/v1/profiling-jobs", Map.of("application", APP, "provider", "tpu")), 400, "provider");
        assertProblem(post("/v1/profiling-jobs", Map.of("application", APP, "deviceKind", "a/b")), 400, "deviceKind");
        assertProblem(post("/v1/profiling-jobs", Map.of("application", APP, "batchsize", 4)), 400, "batchsize");
        assertProblem(post("/v1/profiling-jobs", Map.of("application", APP, "warmup", "many")), 400, "warmup");
        if (!OrtEnvironment.getAvailableProviders().contains(ai.onnxruntime.OrtProvider.CUDA)) {
            assertProblem(post("/v1/profiling-jobs", Map.of("application", APP, "provider", "cuda")), 422, "provider");
        }
        assertProblem(http.getForEntity("/v1/profiling-jobs/nope", String.class), 404, "id");
        assertProblem(http.exchange("/v1/profiling-jobs/nope", HttpMethod.DELETE, null, String.class), 404, "id");
    }

    /**
     * A model whose run loops for hours on any input is refused at the per-run limit (10 s by default): the job fails
     * with the limit and what was measured, no profile is written, and the job thread is free for the next job.
     */
    @Test
    void aModelThatLoopsPastTheRunLimitIsRefusedWithTheReason() throws Exception {
        Map<String, Object> x = Map.of("name", "x", "datatype", "FP32", "shape", List.of(-1, 1));
        Map<String, Object> app = new LinkedHashMap<>();
        app.put("name", "hostile");
        app.put("kind", "single");
        app.put("policy", "symphony");
        app.put("sloMs", 100);
        app.put("inputs", List.of(x));
        app.put("outputs", List.of(Map.of("name", "y", "datatype", "FP32", "shape", List.of(-1, 1))));
        registry.post("/v1/applications", app);
        String digest = registry.upload(io.baton.core.onnx.InputDrivenCostModels.loop(1e10f).toBytes(), "onnx");
        registry.post("/v1/applications/hostile/variants", Map.of("name", "loop", "stage", 0, "artifactDigest", digest));

        ResponseEntity<String> submitted = post("/v1/profiling-jobs", Map.of("application", "hostile", "variant", "loop"));
        assertThat(submitted.getStatusCode().value()).isEqualTo(202);
        JsonNode job = await(submitted.getHeaders().getLocation().getPath());
        assertThat(job.get("state").asText()).as(job.toString()).isEqualTo("failed");
        assertThat(job.get("error").asText()).contains("refused: a run (batch 1, warm-up) was cancelled after")
                .contains("past the limit of 10000 ms per run (baton.profiler.limits.run-time)");
        assertThat(job.get("results")).isEmpty();

        ResponseEntity<String> next = post("/v1/profiling-jobs",
                Map.of("application", APP, "variant", LINEAR, "repetitions", 2, "warmup", 0, "batchSizes", List.of(1)));
        assertThat(await(next.getHeaders().getLocation().getPath()).get("state").asText()).isEqualTo("succeeded");
    }

    @Test
    void aRunningJobAndAQueuedJobAreCancelled() throws Exception {
        // Enough repetitions to run for hours: the job only ends by being cancelled.
        Map<String, Object> endless = Map.of("application", APP, "variant", CONV8, "batchSizes", List.of(64),
                "repetitions", 1_000_000, "warmup", 0);
        String running = post("/v1/profiling-jobs", endless).getHeaders().getLocation().getPath();
        // one job thread; another variant (a second job for the same one would be answered with the running one)
        Map<String, Object> endlessToo = new LinkedHashMap<>(endless);
        endlessToo.put("variant", LINEAR);
        String queued = post("/v1/profiling-jobs", endlessToo).getHeaders().getLocation().getPath();
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!get(running).get("state").asText().equals("running") && System.nanoTime() < end) Thread.sleep(50);
        assertThat(get(running).get("state").asText()).isEqualTo("running");
        assertThat(get(queued).get("state").asText()).isEqualTo("queued");

        ResponseEntity<String> cancelQueued = http.postForEntity(queued + "/cancel", null, String.class);
        assertThat(cancelQueued.getStatusCode().value()).isEqualTo(202);
        assertThat(JSON.readTree(cancelQueued.getBody()).get("state").asText()).isEqualTo("cancelled");

        ResponseEntity<String> cancelRunning = http.exchange(running, HttpMethod.DELETE, null, String.class);
        assertThat(cancelRunning.getStatusCode().value()).isEqualTo(202);
        JsonNode job = await(running);
        assertThat(job.get("state").asText()).isEqualTo("cancelled");
        assertThat(job.get("results")).isEmpty();
        assertThat(job.get("progress").asDouble()).isLessThan(1.0);

        assertProblem(http.exchange(running, HttpMethod.DELETE, null, String.class), 409, "id");
    }

    // --- helpers ---

    ResponseEntity<String> post(String path, Object body) throws Exception {
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.APPLICATION_JSON);
        return http.postForEntity(path, new HttpEntity<>(JSON.writeValueAsString(body), headers), String.class);
    }

    JsonNode get(String path) throws Exception {
        return JSON.readTree(http.getForEntity(path, String.class).getBody());
    }

    /** Polls until the job has finished (at most three minutes). */
    JsonNode await(String path) throws Exception {
        long end = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        while (true) {
            JsonNode job = get(path);
            String state = job.get("state").asText();
            if (!state.equals("queued") && !state.equals("running")) return job;
            if (System.nanoTime() > end) throw new AssertionError("job still " + state + ": " + job);
            Thread.sleep(100);
        }
    }

    @Test
    void askingForAVariantWhoseJobIsQueuedOrRunningAnswersThatJob() throws Exception {
        Map<String, Object> body = Map.of("application", APP, "variant", CONV8, "repetitions", 100_000);
        ResponseEntity<String> first = post("/v1/profiling-jobs", body);
        ResponseEntity<String> second = post("/v1/profiling-jobs", Map.of("application", APP, "variant", CONV8));
        assertThat(second.getStatusCode().value()).isEqualTo(first.getStatusCode().value()).isEqualTo(202);
        String id = JSON.readTree(first.getBody()).get("id").asText();
        assertThat(JSON.readTree(second.getBody()).get("id").asText()).isEqualTo(id);
        assertThat(JSON.readTree(second.getBody()).get("repetitions").asInt()).isEqualTo(100_000); // that job, as it is
        http.postForEntity("/v1/profiling-jobs/" + id + "/cancel", null, String.class);
        assertThat(await("/v1/profiling-jobs/" + id).get("state").asText()).isEqualTo("cancelled");
    }

    static void assertProblem(ResponseEntity<String> response, int status, String field) throws Exception {
        assertThat(response.getStatusCode().value()).as(response.getBody()).isEqualTo(status);
        assertThat(response.getHeaders().getContentType().toString()).startsWith("application/problem+json");
        JsonNode problem = JSON.readTree(response.getBody());
        assertThat(problem.get("status").asInt()).isEqualTo(status);
        assertThat(problem.get("type").asText()).startsWith("urn:baton:problem:");
        assertThat(problem.path("field").asText()).as(response.getBody()).isEqualTo(field);
        assertThat(problem.get("detail").asText()).isNotBlank();
    }

    static List<Double> doubles(JsonNode array) {
        List<Double> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asDouble()));
        return out;
    }

    record Direct(double accuracy, List<Double> recall) {}

    /** The oracle: the whole validation set in one ONNX Runtime call, recall counted here from scratch. */
    static Direct evaluateDirectly(Path model) throws Exception {
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        int n = validation.size(), classes = FashionMnist.CLASSES.size();
        try (OrtSession s = env.createSession(model.toString(), new OrtSession.SessionOptions());
             OnnxTensor x = OnnxTensor.createTensor(env, FloatBuffer.wrap(validation.examples()), new long[] {n, 1, 28, 28});
             OrtSession.Result r = s.run(Map.of("input", x))) {
            float[][] p = (float[][]) r.get(0).getValue();
            int[] right = new int[classes], seen = new int[classes];
            int correct = 0;
            for (int i = 0; i < n; i++) {
                int best = 0;
                for (int c = 1; c < classes; c++) if (p[i][c] > p[i][best]) best = c;
                seen[validation.labels()[i]]++;
                if (best == validation.labels()[i]) {
                    right[best]++;
                    correct++;
                }
            }
            List<Double> recall = new ArrayList<>();
            for (int c = 0; c < classes; c++) recall.add(seen[c] == 0 ? 0.0 : (double) right[c] / seen[c]);
            return new Direct((double) correct / n, recall);
        }
    }
}
