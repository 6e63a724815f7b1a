package io.baton.profiler;

import static io.baton.profiler.ProfilingJobTest.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.baton.core.policy.Aggregator;
import io.baton.core.schemble.AccuracyProfile;
import io.baton.core.schemble.Aggregators;
import io.baton.core.schemble.DiscrepancyScore;
import io.baton.core.schemble.EnsembleSample;
import io.baton.core.schemble.OrtRecorder;
import io.baton.core.schemble.ScoreBins;
import io.baton.core.schemble.difficulty.DifficultyPredictor;
import io.baton.core.schemble.difficulty.OnnxDifficultyEnricher;
import io.baton.core.schemble.difficulty.PredictorTraining;
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
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * An ensemble application profiled whole (Schemble's item 4): against a real registry-service process on PostgreSQL,
 * with real zoo models, the ensemble profile the job stores equals a direct computation from scratch: every base
 * model run here by ONNX Runtime on the validation set, then scheduling-core's score, bins and table; its difficulty
 * predictor scores like one trained here on the same outputs. Also the recorded outputs blob, the refusals, and a
 * base model whose output is no probability distribution. Runs with the interference features switched off
 * ({@code baton.profiler.interference.enabled=false}): the base models' profiles are stored without them.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "baton.profiler.interference.enabled=false")
class EnsembleProfilingJobTest {

    static final String ENSEMBLE = "fashion-ensemble", SINGLE = "fashion-single", BROKEN = "broken-ensemble";
    /** In the registry's order (stage, then name): subset mask bit k is BASE[k]. */
    static final List<String> BASE = List.of(Architectures.CONV8.name(), Architectures.LINEAR.name(), Architectures.TINY.name());
    static final ObjectMapper JSON = new ObjectMapper();
    static final Path ZOO = ProfilingJobTest.ZOO;
    static final int BATCH = 64;

    @TempDir
    static Path dir;
    static RegistryProcess registryProcess;
    static Registry registry;
    static ValidationSet validation;

    @Autowired
    TestRestTemplate http;

    @BeforeAll
    static void registerAnEnsemble() throws Exception {
        assumeThat(FashionMnist.missingFile(FashionMnist.DEFAULT_DIR)).as("Fashion-MNIST (Debian package dataset-fashion-mnist)").isNull();
        ZooBuilder.Options options = new ZooBuilder.Options(FashionMnist.DEFAULT_DIR, 1_000, 300, 2, 300, 7); // ProfilingJobTest's zoo
        if (!ZooBuilder.isBuilt(ZOO, options)) new ZooBuilder(options, System.out).build(ZOO);
        validation = ValidationSet.read(ZOO.resolve(ZooBuilder.VALIDATION));
        registryProcess = RegistryProcess.start(dir.resolve("registry"));
        registry = new Registry(registryProcess.url());

        register(ENSEMBLE, "ensemble", BASE);
        register(SINGLE, "single", List.of(Architectures.LINEAR.name()));
        register(BROKEN, "ensemble", List.of(Architectures.LINEAR.name(), ZooBuilder.PIPE_FEATURES));
    }

    static void register(String name, String kind, List<String> models) throws Exception {
        Map<String, Object> image = Map.of("name", "input", "datatype", "FP32", "shape", List.of(-1, 1, 28, 28));
        Map<String, Object> app = new LinkedHashMap<>();
        app.put("name", name);
        app.put("kind", kind);
        app.put("policy", kind.equals("ensemble") ? "schemble" : "symphony");
        app.put("policyParams", Map.of("aggregator", "averaging"));
        app.put("sloMs", 100);
        app.put("inputs", List.of(image));
        if (!name.equals(BROKEN)) app.put("outputs", List.of(Map.of("name", "probabilities", "datatype", "FP32", "shape", List.of(-1, 10))));
        app.put("classes", FashionMnist.CLASSES);
        registry.post("/v1/applications", app);
        for (String model : models) {
            String digest = registry.upload(Files.readAllBytes(ZOO.resolve(model + ".onnx")), "onnx");
            registry.post("/v1/applications/" + name + "/variants", Map.of("name", model, "stage", 0, "artifactDigest", digest));
        }
        String inputs = registry.upload(Registry.littleEndian(validation.examples()), "data");
        String labels = registry.upload(Registry.littleEndian(validation.labels()), "data");
        registry.post("/v1/applications/" + name + "/datasets", Map.of("name", "validation", "inputsDigest", inputs,
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
    void theStoredProfileEqualsADirectComputation() throws Exception {
        JsonNode job = await(post(Map.of("application", ENSEMBLE, "bins", 4, "batchSizes", List.of(1, BATCH), "repetitions", 2,
                "warmup", 0)).getHeaders().getLocation().getPath());
        assertThat(job.get("state").asText()).as(job.toString()).isEqualTo("succeeded");
        assertThat(job.get("bins").asInt()).isEqualTo(4);
        assertThat(job.get("results")).hasSize(3); // the base models' own profiles come first
        for (JsonNode result : job.get("results")) { // the switch is off: no interference features, and the job says why
            String variant = result.get("variant").asText();
            assertThat(result.get("profile").has("interference")).as(variant).isFalse();
            assertThat(result.get("interferenceMs").isNull()).as(variant).isTrue();
            assertThat(result.get("interferenceNote").asText()).as(variant).contains("baton.profiler.interference.enabled=false");
            JsonNode storedProfile = registry.get("/v1/applications/" + ENSEMBLE + "/variants/" + variant + "/profiles/cpu/cpu");
            assertThat(storedProfile.get("latency")).as(variant).isNotEmpty();
            assertThat(storedProfile.get("interference").isNull()).as(variant).isTrue();
        }
        JsonNode outcome = job.get("ensembleProfile");
        assertThat(outcome.get("profilePath").asText()).isEqualTo("/v1/applications/" + ENSEMBLE + "/ensemble-profile");
        JsonNode stored = registry.get(outcome.get("profilePath").asText());
        assertThat(stored.get("models").toString()).isEqualTo(JSON.writeValueAsString(BASE));
        assertThat(stored.get("aggregator").asText()).isEqualTo("averaging");
        assertThat(stored.get("dataset").asText()).isEqualTo("validation");
        assertThat(stored.get("sampleCount").asInt()).isEqualTo(validation.size());

        // The oracle: every base model through ONNX Runtime here, in the job's batches, then the score, bins and table.
        float[][][] outputs = new float[BASE.size()][][];
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        for (int k = 0; k < BASE.size(); k++) {
            try (OrtSession s = env.createSession(ZOO.resolve(BASE.get(k) + ".onnx").toString(), new OrtSession.SessionOptions())) {
                outputs[k] = OrtRecorder.outputs(s, validation.examples(), validation.size(), new long[] {1, 28, 28}, BATCH, () -> { });
            }
        }
        List<EnsembleSample> samples = OrtRecorder.samples(outputs, validation.labels());
        Aggregator mean = Aggregator.averaging();
        DiscrepancyScore score = DiscrepancyScore.fitClassification(samples, mean);
        double[] scores = samples.stream().mapToDouble(score::score).toArray();
        ScoreBins bins = ScoreBins.quantiles(scores, 4);
        AccuracyProfile table = AccuracyProfile.measure(samples, score::score, bins, mean);

        assertThat(doubles(stored.get("binEdges"))).containsExactly(bins.upperEdges());
        for (int k = 0; k < BASE.size(); k++) {
            assertThat(stored.get("temperatures").get(k).asDouble()).isEqualTo(score.temperature(k));
            assertThat(stored.get("meanDistances").get(k).asDouble()).isEqualTo(score.meanDistance(k));
        }
        long[] counts = new long[4];
        for (double s : scores) counts[bins.bin(s)]++;
        for (int b = 0; b < 4; b++) {
            assertThat(stored.get("binCounts").get(b).asLong()).isEqualTo(counts[b]);
            double[] row = doubles(stored.get("accuracy").get(b));
            assertThat(row).hasSize(8);
            for (int mask = 0; mask < 8; mask++) assertThat(row[mask]).as("U[%d][%d]", b, mask).isEqualTo(table.utility(b, mask));
        }

        // The difficulty predictor, trained on the recorded outputs and stored as ONNX: ONNX Runtime scores the
        // validation images as a predictor trained here on the same outputs does (training is deterministic).
        int[] ensembleClass = samples.stream().mapToInt(s -> Aggregators.argmax(mean.aggregate(s.outputs()))).toArray();
        DifficultyPredictor direct = PredictorTraining.train(new DifficultyPredictor.Shape(new int[] {1, 28, 28}, 2, 64, 10, 16),
                validation.examples(), validation.size(), ensembleClass, scores, PredictorTraining.Options.standard(7)).predictor();
        DifficultyPredictor.Output java = direct.forward(validation.examples(), validation.size());
        try (OnnxDifficultyEnricher served = new OnnxDifficultyEnricher(registry.content(stored.get("predictorDigest").asText()), 1)) {
            float[] onnx = served.scores(validation.examples(), validation.size());
            for (int i = 0; i < validation.size(); i++) assertThat(onnx[i]).as("score %d", i).isCloseTo(java.scores()[i], within(1e-4f));
        }

        // The recorded outputs, kept as a data artifact: FP32 [sample][model][class].
        byte[] blob = registry.content(stored.get("outputsDigest").asText());
        ByteBuffer b = ByteBuffer.wrap(blob).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(blob).hasSize(4 * validation.size() * BASE.size() * 10);
        for (int i = 0; i < validation.size(); i++) {
            for (int k = 0; k < BASE.size(); k++) for (int c = 0; c < 10; c++) assertThat(b.getFloat()).isEqualTo(outputs[k][i][c]);
        }
    }

    @Test
    void aJobOfOneBaseModelSaysWhyItLeavesTheEnsembleProfileAlone() throws Exception {
        JsonNode job = await(post(Map.of("application", ENSEMBLE, "variant", BASE.get(1), "batchSizes", List.of(1), "repetitions", 1,
                "warmup", 0)).getHeaders().getLocation().getPath());
        assertThat(job.get("state").asText()).as(job.toString()).isEqualTo("succeeded");
        assertThat(job.has("ensembleProfile")).isFalse();
        assertThat(job.get("ensembleNote").asText()).contains("leave variant out");
        JsonNode single = await(post(Map.of("application", SINGLE, "batchSizes", List.of(1), "repetitions", 1, "warmup", 0))
                .getHeaders().getLocation().getPath());
        assertThat(single.has("ensembleNote")).isFalse();
    }

    @Test
    void aBaseModelWithoutClassProbabilitiesFailsTheJobNamingIt() throws Exception {
        JsonNode job = await(post(Map.of("application", BROKEN, "batchSizes", List.of(1, BATCH), "repetitions", 1, "warmup", 0))
                .getHeaders().getLocation().getPath());
        assertThat(job.get("state").asText()).as(job.toString()).isEqualTo("failed");
        assertThat(job.get("error").asText()).contains(ZooBuilder.PIPE_FEATURES, "1568", "per class");
    }

    @Test
    void binsAreCheckedAndOnlyForAWholeEnsemble() throws Exception {
        assertProblem(post(Map.of("application", ENSEMBLE, "bins", 0)), 400, "bins");
        assertProblem(post(Map.of("application", ENSEMBLE, "bins", 1001)), 400, "bins");
        assertProblem(post(Map.of("application", SINGLE, "bins", 3)), 422, "bins");
        assertProblem(post(Map.of("application", ENSEMBLE, "variant", BASE.get(0), "bins", 3)), 422, "bins");
    }

    // --- helpers ---

    ResponseEntity<String> post(Object body) throws Exception {
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.APPLICATION_JSON);
        return http.postForEntity("/v1/profiling-jobs", new HttpEntity<>(JSON.writeValueAsString(body), headers), String.class);
    }

    /** Polls until the job has finished (at most three minutes). */
    JsonNode await(String path) throws Exception {
        long end = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        while (true) {
            JsonNode job = JSON.readTree(http.getForEntity(path, String.class).getBody());
            String state = job.get("state").asText();
            if (!state.equals("queued") && !state.equals("running")) return job;
            if (System.nanoTime() > end) throw new AssertionError("job still " + state + ": " + job);
            Thread.sleep(100);
        }
    }

    static double[] doubles(JsonNode array) {
        List<Double> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asDouble()));
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
