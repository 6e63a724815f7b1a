package io.baton.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.baton.cli.models.ModelCache;
import io.baton.cli.models.ModelFetcher;
import io.baton.cli.models.PublishedModel;
import io.baton.cli.models.PublishedModels;
import io.baton.cli.suite.JsonHttp;
import io.baton.cli.suite.Profiling;
import io.baton.cli.suite.PublishedApplications;
import io.baton.cli.suite.PublishedExamples;
import io.baton.cli.suite.PublishedRegistration;
import io.baton.core.onnx.Attribute;
import io.baton.core.onnx.Dim;
import io.baton.core.onnx.GraphBuilder;
import io.baton.core.policy.PolicyIds;
import io.baton.e2e.support.E2eSuite;
import io.baton.e2e.support.GatewayClient;
import io.baton.e2e.support.NamedTensor;
import io.baton.e2e.support.OrtRun;
import io.baton.e2e.support.SuiteExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Real ONNX models that no one here wrote, fetched by pin from npm ({@link PublishedModels}), registered through the
 * gateway's {@code /v1} as a user would (artifact, application, variant) and served through {@code /v2}: every
 * output of every answer is compared with a direct ONNX Runtime run of the same file on the same inputs, one
 * intra-op thread as the workers run, to within {@value #TOLERANCE} (the same runtime and thread count: in practice
 * equal). Also a multi-input, non-batching graph with a recurrent state and an INT64 scalar, written by the project's
 * ONNX writer; and every pinned model is either served or refused at registration with a 422 naming its input.
 *
 * <p>The applications here are named {@code pub-…} and {@code pinned-…} (the zoo's tests never see them) and get a
 * generous SLO: they check answers, not speed, on a machine the other tests share.
 */
@ExtendWith(SuiteExtension.class)
class PublishedModelsIT {
    static final float TOLERANCE = 1e-5f;
    static final double SLO_MS = 5_000;
    static E2eSuite e2e;
    static GatewayClient gateway;
    static OrtRun ort;
    static Map<String, Path> files;

    @BeforeAll
    static void fetch(E2eSuite suite) {
        e2e = suite;
        gateway = new GatewayClient(suite.suite().gateway(), E2eSuite.BOOTSTRAP_KEY);
        ort = new OrtRun();
        long t0 = System.nanoTime();
        files = new ModelFetcher(ModelCache.directory()).fetchAll(PublishedModels.all());
        e2e.log().printf("PublishedModelsIT: %d published models fetched or found in %s in %.1f s%n", files.size(), ModelCache.directory(),
                (System.nanoTime() - t0) / 1e9);
    }

    @AfterAll
    static void closeOrt() throws Exception {
        if (ort != null) ort.close();
    }

    // ---- registration through the gateway's /v1 ----

    static String upload(byte[] onnx) {
        JsonHttp.Response r = gateway.uploadOnnx(onnx);
        assertThat(r.status()).as("artifact upload: %s", r.body()).isIn(200, 201);
        return r.json().path("digest").asText();
    }

    static void createApplication(String name, String policy, List<?> inputs, List<?> outputs, List<String> classes) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", name);
        body.put("kind", "single");
        body.put("policy", policy);
        body.put("sloMs", SLO_MS);
        if (inputs != null && !inputs.isEmpty()) body.put("inputs", inputs);
        if (outputs != null && !outputs.isEmpty()) body.put("outputs", outputs);
        if (classes != null && !classes.isEmpty()) body.put("classes", classes);
        JsonHttp.Response r = gateway.postJson("/v1/applications", body);
        assertThat(r.status()).as("application %s: %s", name, r.body()).isEqualTo(201);
    }

    static JsonHttp.Response createVariant(String app, String variant, String digest, List<?> inputs, Integer maxBatchSize) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", variant);
        body.put("artifactDigest", digest);
        if (inputs != null && !inputs.isEmpty()) body.put("inputs", inputs);
        if (maxBatchSize != null) body.put("maxBatchSize", maxBatchSize);
        return gateway.postJson("/v1/applications/" + app + "/variants", body);
    }

    /** What the registry holds (read there directly, with the suite's internal secret). */
    static JsonNode registry(String path) {
        JsonHttp.Response r = e2e.http().get(e2e.suite().registry().resolve(path));
        assertThat(r.status()).as("GET %s: %s", path, r.body()).isEqualTo(200);
        return r.json();
    }

    /** The pinned model as application {@code app} with its declared inputs, outputs and largest batch. */
    static void registerDeclared(String app, PublishedModel m, String policy, List<String> classes) throws Exception {
        createApplication(app, policy, m.serve().inputs(), m.serve().outputs(), classes);
        JsonHttp.Response v = createVariant(app, m.name(), upload(Files.readAllBytes(files.get(m.name()))), m.serve().inputs(), m.serve().maxBatchSize());
        assertThat(v.status()).as("variant %s/%s: %s", app, m.name(), v.body()).isEqualTo(201);
    }

    /**
     * The first answer that is not a "not ready yet" (503, or 504 while the first batch loads the model): a variant
     * serves as soon as it is registered, but the scheduler learns of it on its next look at the registry.
     */
    static GatewayClient.Answer awaitServed(String app, List<NamedTensor> inputs) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        GatewayClient.Answer a = gateway.inferJson(app, inputs);
        while ((a.status() == 503 || a.status() == 504 || a.status() == 404) && System.nanoTime() < end) {
            Thread.sleep(250);
            a = gateway.inferJson(app, inputs);
        }
        return a;
    }

    /** Every output the model gives is answered, with the direct run's shape and values; answers the largest difference. */
    static double assertSameAsDirect(String what, GatewayClient.Answer served, Path onnx, List<NamedTensor> inputs) throws Exception {
        assertThat(served.status()).as("%s: %s", what, served.body()).isEqualTo(200);
        Map<String, NamedTensor> direct = ort.run(onnx, inputs);
        assertThat(served.outputs().keySet()).as(what).containsExactlyInAnyOrderElementsOf(direct.keySet());
        double worst = 0;
        for (NamedTensor expected : direct.values()) {
            NamedTensor got = served.outputs().get(expected.name());
            assertThat(got.shape()).as("%s: shape of %s", what, expected.name()).containsExactly(expected.shape());
            assertThat(got.datatype()).as("%s: datatype of %s", what, expected.name()).isEqualTo(expected.datatype());
            assertThat(got.size()).as("%s: values of %s", what, expected.name()).isEqualTo(expected.size());
            for (int i = 0; i < expected.size(); i++) {
                double d = Math.abs(got.value(i) - expected.value(i));
                worst = Math.max(worst, d);
                if (d > TOLERANCE * Math.max(1, Math.abs(expected.value(i)))) {
                    throw new AssertionError(what + ": " + expected.name() + "[" + i + "] is " + got.value(i) + ", ONNX Runtime gives " + expected.value(i));
                }
            }
        }
        e2e.log().printf("PublishedModelsIT: %s equals the direct run (largest difference %.3g)%n", what, worst);
        return worst;
    }

    static List<NamedTensor> ocrImages(int count, int width, long seed) {
        return List.of(NamedTensor.random("x", new long[] {count, 3, 48, width}, seed, -1, 1));
    }

    // ---- (a) the published models, served like a direct run ----

    @Test
    void theTextDirectionClassifierServesLikeOnnxRuntimeBeforeAndAfterItsProfile() throws Exception {
        String app = "pub-ocr-direction";
        PublishedModel m = PublishedModels.named(PublishedModels.OCR_DIRECTION);
        registerDeclared(app, m, PolicyIds.SYMPHONY, PublishedApplications.OCR.classes());
        Path onnx = files.get(m.name());

        List<NamedTensor> two = ocrImages(2, 192, 11);
        assertSameAsDirect(app + " unprofiled, JSON", awaitServed(app, two), onnx, two);
        List<NamedTensor> example = List.of(NamedTensor.fp32("x", new long[] {1, 3, 48, 192}, PublishedExamples.ocrImage()));
        assertSameAsDirect(app + " the up example, binary", gateway.inferBinary(app, example), onnx, example);

        int profiled = new Profiling(e2e.http(), e2e.suite().registry(), e2e.suite().profiler(), e2e.log())
                .profileMissing(List.of(app), new Profiling.Options(List.of(1, 2, 4, 8), 3, 1), Duration.ofMinutes(3));
        assertThat(profiled).as("profiled here, or by the profiler on registration").isBetween(0, 1);
        JsonNode profile = registry("/v1/applications/" + app + "/variants/" + m.name() + "/profiles/cpu/cpu");
        assertThat(profile.path("latency")).as("a profile at the declared shape: %s", profile).isNotEmpty();

        List<NamedTensor> three = ocrImages(3, 192, 12);
        assertSameAsDirect(app + " profiled, binary", gateway.inferBinary(app, three), onnx, three);
        assertSameAsDirect(app + " profiled, JSON", gateway.inferJson(app, two), onnx, two);
    }

    @Test
    void theRecogniserServesAtItsDeclaredWidthLikeOnnxRuntime() throws Exception {
        String app = "pub-ocr-rec";
        PublishedModel m = PublishedModels.named("ppocr-rec");
        assertThat(m.serve().inputs().get(0).shape()).containsExactly(-1L, 3L, 48L, 320L);
        registerDeclared(app, m, PolicyIds.SYMPHONY, List.of());
        List<NamedTensor> one = ocrImages(1, 320, 21);
        GatewayClient.Answer first = awaitServed(app, one); // JSON in; the [1, 40, 6625] answer in JSON once
        assertSameAsDirect(app + " JSON", first, files.get(m.name()), one);
        List<NamedTensor> two = ocrImages(2, 320, 22);
        assertSameAsDirect(app + " batch of 2, binary", gateway.inferBinary(app, two), files.get(m.name()), two);

        GatewayClient.Answer wrongWidth = gateway.inferJson(app, ocrImages(1, 192, 23));
        assertThat(wrongWidth.status()).as("a width other than the declared 320: %s", wrongWidth.body()).isEqualTo(400);
        assertThat(wrongWidth.detail()).contains("x");
    }

    @Test
    void theVoiceActivityDetectorCarriesItsStateFromCallToCallLikeOnnxRuntime() throws Exception {
        String app = "pub-vad";
        PublishedModel m = PublishedModels.named(PublishedModels.VAD);
        registerDeclared(app, m, PolicyIds.WORK_CONSERVING, List.of());
        JsonNode variant = registry("/v1/applications/" + app + "/variants/" + m.name());
        assertThat(variant.path("maxBatchSize").asInt(-1)).as("derived: the state's batch axis is not the first; %s", variant).isZero();
        Path onnx = files.get(m.name());

        NamedTensor sr = NamedTensor.int64("sr", new long[0], new long[] {16_000});
        List<NamedTensor> call1 = List.of(NamedTensor.fp32("input", new long[] {1, 512}, PublishedExamples.vadChunk()),
                NamedTensor.fp32("state", new long[] {2, 1, 128}, new float[256]), sr);
        GatewayClient.Answer a1 = awaitServed(app, call1);
        assertSameAsDirect(app + " call 1, JSON", a1, onnx, call1);
        NamedTensor state1 = a1.outputs().get("stateN");
        assertThat(state1.shape()).containsExactly(2, 1, 128);

        List<NamedTensor> call2 = List.of(NamedTensor.random("input", new long[] {1, 512}, 31, -0.5f, 0.5f),
                NamedTensor.fp32("state", new long[] {2, 1, 128}, state1.floats()), sr);
        assertSameAsDirect(app + " call 2 with call 1's state, binary", gateway.inferBinary(app, call2), onnx, call2);
    }

    /** What {@code bin/baton up} does for its published applications, and the line it prints for each curl. */
    @Test
    void upsRegistrationServesBothPublishedApplicationsAndItsExamplesAnswer() throws Exception {
        Path home = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "published-up-");
        List<PublishedApplications.App> registered = new PublishedRegistration(e2e.http(), e2e.suite().registry(),
                new ModelFetcher(ModelCache.directory()), e2e.log()).registerAndProfile(PublishedApplications.all(),
                new Profiling(e2e.http(), e2e.suite().registry(), e2e.suite().profiler(), e2e.log()), Duration.ofMinutes(3));
        assertThat(registered).containsExactlyElementsOf(PublishedApplications.all());
        Profiling profiling = new Profiling(e2e.http(), e2e.suite().registry(), e2e.suite().profiler(), e2e.log());
        for (String app : List.of(PublishedApplications.OCR_DIRECTION, PublishedApplications.VAD)) {
            assertThat(profiling.unprofiled(app)).as("%s profiled, as up leaves it", app).isEmpty();
        }
        JsonNode vad = registry("/v1/applications/" + PublishedApplications.VAD).path("variants").path(0);
        assertThat(vad.path("inputValues").path("sr").asLong()).as("the rate the profiler fed it: %s", vad).isEqualTo(16_000);
        PublishedExamples.write(home);
        JsonNode ocr = registry("/v1/applications/" + PublishedApplications.OCR_DIRECTION);
        assertThat(ocr.path("policy").asText()).isEqualTo(PolicyIds.SYMPHONY);
        assertThat(ocr.path("classes")).extracting(JsonNode::asText).containsExactly("0", "180");
        assertThat(ocr.path("variants").path(0).path("inputs").path(0).path("shape")).extracting(JsonNode::asLong).containsExactly(-1L, 3L, 48L, 192L);

        // up sends each example itself (retrying while the first batch loads the model) and prints what came back
        String direction = PublishedExamples.probe(e2e.http(), e2e.suite().gateway(), PublishedApplications.OCR_DIRECTION,
                home.resolve(PublishedExamples.OCR_FILE));
        assertThat(direction).as("the example is drawn upright").matches("answered 200: rotated 0° with probability 0\\.9\\d\\d \\(model .+\\)");
        String speech = PublishedExamples.probe(e2e.http(), e2e.suite().gateway(), PublishedApplications.VAD, home.resolve(PublishedExamples.VAD_FILE));
        assertThat(speech).startsWith("answered 200: speech probability ");

        List<NamedTensor> example = List.of(NamedTensor.fp32("x", new long[] {1, 3, 48, 192}, PublishedExamples.ocrImage()));
        assertSameAsDirect("up's ocr-direction example", gateway.inferJson(PublishedApplications.OCR_DIRECTION, example),
                files.get(PublishedModels.OCR_DIRECTION), example);
    }

    // ---- (b) a multi-input, non-batching graph with a state and an INT64 scalar, by the project's ONNX writer ----

    /**
     * y = x · float(k) + mean over the state's first axis; stateN = state / 2 + x. Inputs x FP32 [1, 4], state FP32
     * [2, b, 4] (its batch axis second, as in recurrent models) and k INT64 [] (a scalar): the model does not batch.
     */
    static byte[] statefulModel() {
        GraphBuilder g = new GraphBuilder("stateful");
        String x = g.input("x", Dim.of(1), Dim.of(4));
        String state = g.input("state", Dim.of(2), Dim.symbolic("b"), Dim.of(4));
        String k = g.int64Input("k");
        String kf = g.op("Cast", List.of(k), Attribute.of("to", 1L));
        String mean = g.op("ReduceMean", List.of(state), Attribute.ints("axes", 0), Attribute.of("keepdims", 0L));
        g.output(g.add(g.mul(x, kf), mean), "y", Dim.of(1), Dim.of(4));
        String half = g.weights("half", new long[0], new float[] {0.5f});
        g.output(g.add(g.mul(state, half), x), "stateN", Dim.of(2), Dim.symbolic("b"), Dim.of(4));
        return g.build().toBytes();
    }

    @Test
    void aNonBatchingGraphWithAStateAndAnInt64ScalarServesLikeOnnxRuntime() throws Exception {
        String app = "pub-stateful";
        byte[] model = statefulModel();
        Path onnx = Files.createTempFile(Path.of("target").toAbsolutePath(), "stateful-", ".onnx");
        Files.write(onnx, model);
        List<Map<String, Object>> declared = List.of(spec("x", "FP32", 1, 4), spec("state", "FP32", 2, 1, 4), spec("k", "INT64"));
        createApplication(app, PolicyIds.SYMPHONY, declared, List.of(), List.of());
        JsonHttp.Response v = createVariant(app, "stateful", upload(model), declared, null);
        assertThat(v.status()).as(v.body()).isEqualTo(201);
        assertThat(v.json().path("maxBatchSize").asInt(-1)).as("derived: no input batches along its first axis; %s", v.body()).isZero();

        NamedTensor k = NamedTensor.int64("k", new long[0], new long[] {3});
        List<NamedTensor> call1 = List.of(NamedTensor.fp32("x", new long[] {1, 4}, new float[] {1, -2, 0.5f, 4}),
                NamedTensor.random("state", new long[] {2, 1, 4}, 41, -1, 1), k);
        GatewayClient.Answer a1 = awaitServed(app, call1);
        assertSameAsDirect(app + " call 1, JSON", a1, onnx, call1);
        List<NamedTensor> call2 = List.of(NamedTensor.fp32("x", new long[] {1, 4}, new float[] {0, 1, 2, 3}),
                NamedTensor.fp32("state", new long[] {2, 1, 4}, a1.outputs().get("stateN").floats()), NamedTensor.int64("k", new long[0], new long[] {-2}));
        assertSameAsDirect(app + " call 2 with call 1's state, binary", gateway.inferBinary(app, call2), onnx, call2);

        GatewayClient.Answer vector = gateway.inferJson(app, List.of(call1.get(0), call1.get(1), NamedTensor.int64("k", new long[] {1}, new long[] {3})));
        assertThat(vector.status()).as("k sent as [1], declared a scalar: %s", vector.body()).isEqualTo(400);
        assertThat(vector.detail()).contains("k");
        Files.deleteIfExists(onnx);
    }

    static Map<String, Object> spec(String name, String datatype, long... shape) {
        List<Long> dims = new ArrayList<>();
        for (long d : shape) dims.add(d);
        return Map.of("name", name, "datatype", datatype, "shape", dims);
    }

    // ---- (c) every pinned model: served, or refused at registration naming what is at fault ----

    /** Inputs of the declared shapes (a free batch is 1): random floats, and 16 kHz for an INT64 sample rate. */
    static List<NamedTensor> inputsFor(PublishedModel m, long seed) {
        List<NamedTensor> inputs = new ArrayList<>();
        for (PublishedModel.Spec s : m.serve().inputs()) {
            long[] shape = s.shape().stream().mapToLong(d -> d < 0 ? 1 : d).toArray();
            inputs.add(s.datatype().equals("INT64") ? NamedTensor.int64(s.name(), shape, new long[] {16_000})
                    : NamedTensor.random(s.name(), shape, seed++, -1, 1));
        }
        return inputs;
    }

    @Test
    void everyPinnedModelIsServedAsDeclaredAndBareIsServedOrRefusedNamingItsInput() throws Exception {
        List<String> outcomes = new ArrayList<>();
        for (PublishedModel m : PublishedModels.all()) {
            String digest = upload(Files.readAllBytes(files.get(m.name())));

            // Bare: no declared shapes, the largest batch derived. A free dimension no one sized is the user's to fix.
            String bare = "pinned-bare-" + m.name();
            createApplication(bare, PolicyIds.WORK_CONSERVING, List.of(), List.of(), List.of());
            JsonHttp.Response v = createVariant(bare, m.name(), digest, List.of(), null);
            if (v.status() == 422) {
                String detail = v.json().path("detail").asText(v.body());
                assertThat(m.serve().inputs()).as("%s refused bare: %s", m.name(), detail)
                        .anySatisfy(s -> assertThat(detail).contains(s.name()));
                outcomes.add(m.name() + " bare: 422 " + detail);
            } else {
                assertThat(v.status()).as("%s bare: %s", m.name(), v.body()).isEqualTo(201);
                List<NamedTensor> in = inputsFor(m, 51);
                assertSameAsDirect(bare, awaitServed(bare, in), files.get(m.name()), in);
                outcomes.add(m.name() + " bare: served");
            }

            // As the pinned list declares it: served.
            String declared = "pinned-" + m.name();
            createApplication(declared, PolicyIds.WORK_CONSERVING, m.serve().inputs(), m.serve().outputs(), List.of());
            JsonHttp.Response d = createVariant(declared, m.name(), digest, m.serve().inputs(), m.serve().maxBatchSize());
            assertThat(d.status()).as("%s declared: %s", m.name(), d.body()).isEqualTo(201);
            List<NamedTensor> in = inputsFor(m, 61);
            GatewayClient.Answer first = awaitServed(declared, in);
            assertSameAsDirect(declared, first.status() == 200 ? gateway.inferBinary(declared, in) : first, files.get(m.name()), in);
            outcomes.add(m.name() + " declared: served");
        }
        outcomes.forEach(o -> e2e.log().println("PublishedModelsIT: " + o));
    }
}
