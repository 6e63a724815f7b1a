package io.baton.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
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

import ai.onnxruntime.OnnxTensor;
import io.baton.cli.zoo.FashionMnist;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;

/**
 * A worker on a random port, reading artifacts from a local directory ({@code file:}), runs real ONNX models over
 * HTTP; every answer is compared with a direct ONNX Runtime call on the same inputs.
 */
@AutoConfigureObservability(tracing = false) // for /actuator/prometheus
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.worker.device-id=cpu-test", "baton.worker.intra-op-threads=1", "baton.worker.memory-budget=256MB"})
class WorkerBatchTest {

    static Path artifacts;
    static byte[] conv;
    static String convDigest;
    static byte[] mixed;
    static String mixedDigest;
    static String garbageDigest;
    static FashionMnist.Data fashion;
    static byte[] zoo;
    static String zooDigest;
    static final ObjectMapper JSON = new ObjectMapper();
    static final OrtEnvironment ORT = OrtEnvironment.getEnvironment();

    @Autowired
    TestRestTemplate http;

    @BeforeAll
    static void writeModels() throws Exception {
        artifacts = Files.createTempDirectory("worker-artifacts");
        conv = TestModels.convClassifier(11, 4);
        convDigest = TestModels.store(artifacts, conv);
        mixed = TestModels.mixedTypes(5);
        mixedDigest = TestModels.store(artifacts, mixed);
        garbageDigest = TestModels.store(artifacts, "not an onnx model".getBytes());
        fashion = FashionMnist.load(FashionMnist.DEFAULT_DIR);
        zoo = TestModels.zooConv8(fashion, 2_000);
        zooDigest = TestModels.store(artifacts, zoo);
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

    // ---------------------------------------------------------------- helpers

    static ObjectNode part(long[] shape, float[] data) {
        ObjectNode p = JSON.createObjectNode();
        ArrayNode s = p.putArray("shape");
        Arrays.stream(shape).forEach(s::add);
        ArrayNode d = p.putArray("data");
        for (float v : data) {
            d.add(v);
        }
        return p;
    }

    static ObjectNode part(long[] shape, long[] data) {
        ObjectNode p = JSON.createObjectNode();
        ArrayNode s = p.putArray("shape");
        Arrays.stream(shape).forEach(s::add);
        ArrayNode d = p.putArray("data");
        Arrays.stream(data).forEach(d::add);
        return p;
    }

    static ObjectNode input(String name, String datatype, ObjectNode... parts) {
        ObjectNode i = JSON.createObjectNode().put("name", name).put("datatype", datatype);
        ArrayNode ps = i.putArray("parts");
        Arrays.stream(parts).forEach(ps::add);
        return i;
    }

    static ObjectNode batch(String variant, ObjectNode... inputs) {
        ObjectNode b = JSON.createObjectNode().put("variant", variant);
        ArrayNode is = b.putArray("inputs");
        Arrays.stream(inputs).forEach(is::add);
        return b;
    }

    ResponseEntity<JsonNode> post(String path, JsonNode body) {
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.APPLICATION_JSON);
        return http.exchange(path, HttpMethod.POST, new HttpEntity<>(body.toString(), headers), JsonNode.class);
    }

    static float[] floats(JsonNode array) {
        float[] out = new float[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = array.get(i).floatValue();
        }
        return out;
    }

    static float[] slice(float[] all, int fromRow, int rows, int rowElements) {
        return Arrays.copyOfRange(all, fromRow * rowElements, (fromRow + rows) * rowElements);
    }

    /** ONNX Runtime directly, default session options, on the concatenated batch. */
    static float[] direct(byte[] model, String input, float[] data, long[] shape) throws Exception {
        try (OrtSession session = ORT.createSession(model);
             OnnxTensor x = OnnxTensor.createTensor(ORT, FloatBuffer.wrap(data), shape);
             OrtSession.Result result = session.run(Map.of(input, x))) {
            FloatBuffer out = ((OnnxTensor) result.get(0)).getFloatBuffer();
            float[] values = new float[out.remaining()];
            out.get(values);
            return values;
        }
    }

    // ---------------------------------------------------------------- tests

    @Test
    void batchOfFashionMnistImagesEqualsADirectOnnxRuntimeCall() throws Exception {
        float[] images = TestModels.fashionImages(4);
        int pixels = 28 * 28;
        // four requests of 1, 2, 0 and 1 images, concatenated by the worker into one batch of 4
        int[] rows = {1, 2, 0, 1};
        List<ObjectNode> parts = new ArrayList<>();
        int at = 0;
        for (int r : rows) {
            parts.add(part(new long[] {r, 1, 28, 28}, slice(images, at, r, pixels)));
            at += r;
        }
        ResponseEntity<JsonNode> response = post("/internal/v1/batches",
                batch(convDigest, input("image", "FP32", parts.toArray(ObjectNode[]::new))));
        assertThat(response.getStatusCode().value()).as(String.valueOf(response.getBody())).isEqualTo(200);
        JsonNode body = response.getBody();

        float[] expected = direct(conv, "image", images, new long[] {4, 1, 28, 28});
        JsonNode out = body.get("outputs").get(0);
        assertThat(out.get("name").asText()).isEqualTo("probabilities");
        assertThat(out.get("datatype").asText()).isEqualTo("FP32");
        assertThat(out.get("shape").toString()).isEqualTo("[4,10]");
        assertThat(out.get("split").asBoolean()).isTrue();
        assertThat(out.get("parts")).hasSize(4);
        at = 0;
        for (int j = 0; j < rows.length; j++) {
            JsonNode p = out.get("parts").get(j);
            assertThat(p.get("shape").toString()).isEqualTo("[" + rows[j] + ",10]");
            assertThat(floats(p.get("data"))).containsExactly(slice(expected, at, rows[j], 10));
            at += rows[j];
        }
        // each request's rows equal what a batch of its own gives (up to the GEMM's summation order)
        float[] alone = direct(conv, "image", slice(images, 1, 2, pixels), new long[] {2, 1, 28, 28});
        float[] inBatch = floats(out.get("parts").get(1).get("data"));
        for (int i = 0; i < alone.length; i++) {
            assertThat(inBatch[i]).isCloseTo(alone[i], org.assertj.core.data.Offset.offset(1e-6f));
        }

        JsonNode timing = body.get("timing");
        assertThat(body.get("batchSize").asLong()).isEqualTo(4);
        assertThat(body.get("deviceId").asText()).isEqualTo("cpu-test");
        assertThat(timing.get("executionNs").asLong()).isPositive();
        assertThat(timing.get("executionMs").asDouble()).isEqualTo(timing.get("executionNs").asLong() / 1e6);
        assertThat(timing.get("queueMs").asDouble()).isGreaterThanOrEqualTo(0);
        assertThat(timing.get("totalMs").asDouble()).isGreaterThanOrEqualTo(timing.get("executionMs").asDouble());
    }

    @Test
    void aZooClassifierServedByTheWorkerEqualsDirectOnnxRuntimeAndClassifies() throws Exception {
        int n = 300;
        FashionMnist.Split test = fashion.test().head(n);
        ByteBuffer le = ByteBuffer.allocate(n * 784 * 4).order(ByteOrder.LITTLE_ENDIAN);
        le.asFloatBuffer().put(test.images(), 0, n * 784);
        ObjectNode part = JSON.createObjectNode();
        part.putArray("shape").add(n).add(1).add(28).add(28);
        part.put("base64", Base64.getEncoder().encodeToString(le.array()));
        ResponseEntity<JsonNode> response = post("/internal/v1/batches", batch(zooDigest, input("input", "FP32", part)));
        assertThat(response.getStatusCode().value()).as(String.valueOf(response.getBody())).isEqualTo(200);

        float[] expected = direct(zoo, "input", Arrays.copyOf(test.images(), n * 784), new long[] {n, 1, 28, 28});
        float[] got = floats(response.getBody().get("outputs").get(0).get("parts").get(0).get("data"));
        assertThat(got).containsExactly(expected);
        int correct = 0;
        for (int i = 0; i < n; i++) {
            int best = 0;
            for (int c = 1; c < 10; c++) {
                best = got[i * 10 + c] > got[i * 10 + best] ? c : best;
            }
            correct += best == test.labels()[i] ? 1 : 0;
        }
        assertThat(correct / (double) n).as("accuracy of a trained classifier, chance is 0.1").isGreaterThan(0.6);
    }

    @Test
    void concurrentBatchesQueueForTheDeviceAndEachGetsItsOwnOutputs() throws Exception {
        int threads = 4, perThread = 5;
        float[] images = TestModels.fashionImages(threads * perThread);
        float[] expected = direct(conv, "image", images, new long[] {threads * perThread, 1, 28, 28});
        var pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
        try {
            List<java.util.concurrent.Future<float[]>> results = new ArrayList<>();
            for (int i = 0; i < threads * perThread; i++) {
                int row = i;
                results.add(pool.submit(() -> floats(post("/internal/v1/batches", batch(convDigest,
                        input("image", "FP32", part(new long[] {1, 1, 28, 28}, slice(images, row, 1, 784))))).getBody()
                        .get("outputs").get(0).get("parts").get(0).get("data"))));
            }
            for (int i = 0; i < results.size(); i++) {
                float[] got = results.get(i).get();
                float[] want = slice(expected, i, 1, 10);
                for (int c = 0; c < 10; c++) {
                    assertThat(got[c]).isCloseTo(want[c], org.assertj.core.data.Offset.offset(1e-6f));
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void base64InputsAndBinaryOutputsCarryTheSameNumbers() throws Exception {
        float[] images = TestModels.fashionImages(3);
        ByteBuffer le = ByteBuffer.allocate(images.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        le.asFloatBuffer().put(images);
        ObjectNode binaryPart = JSON.createObjectNode();
        binaryPart.putArray("shape").add(3).add(1).add(28).add(28);
        binaryPart.put("base64", Base64.getEncoder().encodeToString(le.array()));
        ObjectNode request = batch(convDigest, input("image", "FP32", binaryPart));
        request.put("binaryOutputs", true);

        JsonNode body = post("/internal/v1/batches", request).getBody();
        JsonNode p = body.get("outputs").get(0).get("parts").get(0);
        assertThat(p.has("data")).isFalse();
        FloatBuffer got = ByteBuffer.wrap(Base64.getDecoder().decode(p.get("base64").asText()))
                .order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer();
        float[] values = new float[got.remaining()];
        got.get(values);
        assertThat(values).containsExactly(direct(conv, "image", images, new long[] {3, 1, 28, 28}));
    }

    @Test
    void int64InputsAndOutputsAcrossTwoInputsSplitAlike() throws Exception {
        float[] x = {1, 2, 3, 4, -1, 0.5f, 2, 0, 0, 0, 0, 1};
        long[] k = {3, -2, 7};
        ObjectNode request = batch(mixedDigest,
                input("x", "FP32", part(new long[] {1, 4}, Arrays.copyOfRange(x, 0, 4)),
                        part(new long[] {2, 4}, Arrays.copyOfRange(x, 4, 12))),
                input("k", "INT64", part(new long[] {1, 1}, new long[] {3}), part(new long[] {2, 1}, new long[] {-2, 7})));
        JsonNode body = post("/internal/v1/batches", request).getBody();

        try (OrtSession session = ORT.createSession(mixed);
             OnnxTensor xt = OnnxTensor.createTensor(ORT, FloatBuffer.wrap(x), new long[] {3, 4});
             OnnxTensor kt = OnnxTensor.createTensor(ORT, LongBuffer.wrap(k), new long[] {3, 1});
             OrtSession.Result result = session.run(Map.of("x", xt, "k", kt))) {
            float[] y = ((float[][]) result.get("y").orElseThrow().getValue())[0].length == 3
                    ? flatten((float[][]) result.get("y").orElseThrow().getValue()) : null;
            long[] label = (long[]) result.get("label").orElseThrow().getValue();
            Map<String, JsonNode> outputs = new LinkedHashMap<>();
            body.get("outputs").forEach(o -> outputs.put(o.get("name").asText(), o));
            assertThat(outputs.keySet()).containsExactly("y", "label");
            JsonNode labels = outputs.get("label");
            assertThat(labels.get("datatype").asText()).isEqualTo("INT64");
            assertThat(labels.get("parts").get(0).get("data").toString()).isEqualTo("[" + label[0] + "]");
            assertThat(labels.get("parts").get(1).get("data").toString()).isEqualTo("[" + label[1] + "," + label[2] + "]");
            assertThat(floats(outputs.get("y").get("parts").get(1).get("data"))).containsExactly(Arrays.copyOfRange(y, 3, 9));
        }

        ObjectNode onlyLabels = request.deepCopy();
        onlyLabels.putArray("outputs").add("label");
        JsonNode filtered = post("/internal/v1/batches", onlyLabels).getBody();
        assertThat(filtered.get("outputs")).hasSize(1);
        assertThat(filtered.get("outputs").get(0).get("name").asText()).isEqualTo("label");
    }

    private static float[] flatten(float[][] rows) {
        float[] out = new float[rows.length * rows[0].length];
        for (int i = 0; i < rows.length; i++) {
            System.arraycopy(rows[i], 0, out, i * rows[0].length, rows[i].length);
        }
        return out;
    }

    @Test
    void loadAndUnloadAreTimedAndReported() {
        http.delete("/internal/v1/models/" + mixedDigest); // whatever an earlier test left
        JsonNode load = post("/internal/v1/models/" + mixedDigest + "/load", JSON.createObjectNode()).getBody();
        assertThat(load.get("alreadyLoaded").asBoolean()).isFalse();
        JsonNode model = load.get("model");
        assertThat(model.get("digest").asText()).isEqualTo(mixedDigest);
        assertThat(model.get("loadMs").asDouble()).isPositive();
        assertThat(model.get("fetchMs").asDouble()).isPositive();
        assertThat(model.get("artifactBytes").asLong()).isEqualTo(mixed.length);
        assertThat(model.get("footprintBytes").asLong()).isGreaterThanOrEqualTo(mixed.length);
        assertThat(model.get("inputs").toString()).contains("\"name\":\"k\",\"datatype\":\"INT64\",\"shape\":[-1,1]");

        JsonNode again = post("/internal/v1/models/sha256:" + mixedDigest.toUpperCase() + "/load",
                JSON.createObjectNode()).getBody();
        assertThat(again.get("alreadyLoaded").asBoolean()).isTrue();

        JsonNode models = http.getForObject("/internal/v1/models", JsonNode.class);
        assertThat(models.get("memoryBudgetBytes").asLong()).isEqualTo(256L * 1024 * 1024);
        assertThat(models.get("models").findValuesAsText("digest")).contains(mixedDigest);
        assertThat(models.get("residentBytes").asLong()).isGreaterThanOrEqualTo(model.get("footprintBytes").asLong());

        ResponseEntity<JsonNode> unload = http.exchange("/internal/v1/models/" + mixedDigest, HttpMethod.DELETE, null,
                JsonNode.class);
        assertThat(unload.getStatusCode().value()).isEqualTo(200);
        assertThat(unload.getBody().get("reason").asText()).isEqualTo("unloaded");
        assertThat(unload.getBody().get("unloadMs").asDouble()).isPositive();
        JsonNode after = http.getForObject("/internal/v1/models", JsonNode.class);
        assertThat(after.get("models").findValuesAsText("digest")).doesNotContain(mixedDigest);
        assertThat(after.get("recentUnloads").get(0).get("digest").asText()).isEqualTo(mixedDigest);

        // a batch on an unloaded model loads it and says so
        JsonNode body = post("/internal/v1/batches", batch(mixedDigest,
                input("x", "FP32", part(new long[] {1, 4}, new float[] {1, 1, 1, 1})),
                input("k", "INT64", part(new long[] {1, 1}, new long[] {0})))).getBody();
        assertThat(body.get("load").get("model").get("loadMs").asDouble()).isPositive();
        assertThat(body.get("timing").get("loadMs").asDouble()).isGreaterThanOrEqualTo(
                body.get("load").get("model").get("loadMs").asDouble());

        String prometheus = http.getForObject("/actuator/prometheus", String.class);
        assertThat(prometheus).contains("baton_worker_model_load_seconds_count{application=\"worker-service\",variant=\""
                + mixedDigest + "\"}");
        assertThat(prometheus).contains("baton_worker_model_unload_seconds_count");
        assertThat(prometheus).contains("baton_worker_batch_execution_seconds_count");
        assertThat(prometheus).contains("baton_worker_cache_resident_bytes");
    }

    @Test
    void describesItsDevice() {
        JsonNode device = http.getForObject("/internal/v1/device", JsonNode.class);
        assertThat(device.get("deviceId").asText()).isEqualTo("cpu-test");
        assertThat(device.get("kind").asText()).isEqualTo("cpu");
        assertThat(device.get("provider").asText()).isEqualTo("cpu");
        assertThat(device.get("cores").asInt()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(device.get("memoryBytes").asLong()).isPositive();
        assertThat(device.get("memoryBudgetBytes").asLong()).isEqualTo(256L * 1024 * 1024);
        assertThat(device.get("intraOpThreads").asInt()).isEqualTo(1);
        assertThat(device.get("onnxRuntimeVersion").asText()).isEqualTo("1.23.2");
        assertThat(device.get("availableProviders").toString()).contains("CPU");
        assertThat(device.get("gpuName").isNull()).isTrue();
        assertThat(device.get("deviceClass").asText()).as("derived: CPU with one intra-op thread").isEqualTo("cpu-1t");
    }

    // ---------------------------------------------------------------- errors, each naming its field

    private void assertProblem(JsonNode request, int status, String field, String detailContains) {
        ResponseEntity<JsonNode> response = post("/internal/v1/batches", request);
        assertThat(response.getStatusCode().value()).as(String.valueOf(response.getBody())).isEqualTo(status);
        assertThat(response.getHeaders().getContentType().toString()).isEqualTo("application/problem+json");
        JsonNode problem = response.getBody();
        assertThat(problem.get("status").asInt()).isEqualTo(status);
        assertThat(problem.path("field").asText(null)).isEqualTo(field);
        assertThat(problem.get("detail").asText()).contains(detailContains);
    }

    private static ObjectNode image(long rows) {
        return part(new long[] {rows, 1, 28, 28}, new float[(int) rows * 784]);
    }

    @Test
    void unknownVariantIs404() {
        String unknown = "ab".repeat(32);
        assertProblem(batch(unknown, input("image", "FP32", image(1))), 404, "variant", unknown);
        ResponseEntity<JsonNode> load = post("/internal/v1/models/" + unknown + "/load", JSON.createObjectNode());
        assertThat(load.getStatusCode().value()).isEqualTo(404);
        ResponseEntity<JsonNode> unload = http.exchange("/internal/v1/models/" + unknown, HttpMethod.DELETE, null,
                JsonNode.class);
        assertThat(unload.getStatusCode().value()).isEqualTo(404);
        assertThat(unload.getBody().get("field").asText()).isEqualTo("digest");
    }

    @Test
    void malformedDigestIs400() {
        assertProblem(batch("resnet50", input("image", "FP32", image(1))), 400, "variant", "resnet50");
        ResponseEntity<JsonNode> load = post("/internal/v1/models/xyz/load", JSON.createObjectNode());
        assertThat(load.getStatusCode().value()).isEqualTo(400);
        assertThat(load.getBody().get("field").asText()).isEqualTo("digest");
    }

    @Test
    void anArtifactOnnxRuntimeCannotOpenIs422() {
        assertProblem(batch(garbageDigest, input("image", "FP32", image(1))), 422, "variant", "ONNX Runtime cannot open");
    }

    @Test
    void wrongShapesAre422NamingTheDimension() {
        assertProblem(batch(convDigest, input("image", "FP32", part(new long[] {1, 1, 27, 28}, new float[756]))),
                422, "inputs[0].parts[0].shape[2]", "is 27 but model input 'image' has 28");
        assertProblem(batch(convDigest, input("image", "FP32", part(new long[] {1, 784}, new float[784]))),
                422, "inputs[0].parts[0].shape", "has 2 dimensions");
    }

    @Test
    void wrongDatatypeIs422() {
        assertProblem(batch(convDigest, input("image", "INT64", part(new long[] {1, 1, 28, 28}, new long[784]))),
                422, "inputs[0].datatype", "is INT64 but model input 'image' is FP32");
        assertProblem(batch(convDigest, input("image", "FP16", image(1))), 422, "inputs[0].datatype",
                "is FP16 but model input 'image' is FP32");
        assertProblem(batch(convDigest, input("image", "COMPLEX64", image(1))), 400, "inputs[0].datatype",
                "'COMPLEX64' is not one of");
    }

    @Test
    void dataThatDisagreesWithItsShapeIs400() {
        assertProblem(batch(convDigest, input("image", "FP32", image(1), part(new long[] {2, 1, 28, 28}, new float[784]))),
                400, "inputs[0].parts[1].data", "has 784 values but shape [2, 1, 28, 28] needs 1568");
        ObjectNode notANumber = image(1);
        ((ArrayNode) notANumber.get("data")).set(5, JSON.getNodeFactory().textNode("x"));
        assertProblem(batch(convDigest, input("image", "FP32", notANumber)), 400, "inputs[0].parts[0].data[5]",
                "not a number");
        ObjectNode fraction = batch(mixedDigest, input("x", "FP32", part(new long[] {1, 4}, new float[4])),
                input("k", "INT64", part(new long[] {1, 1}, new float[] {1.5f})));
        assertProblem(fraction, 400, "inputs[1].parts[0].data[0]", "not a 64-bit integer");
        ObjectNode shortBinary = JSON.createObjectNode();
        shortBinary.putArray("shape").add(1).add(1).add(28).add(28);
        shortBinary.put("base64", Base64.getEncoder().encodeToString(new byte[100]));
        assertProblem(batch(convDigest, input("image", "FP32", shortBinary)), 400, "inputs[0].parts[0].base64",
                "holds 100 bytes");
    }

    @Test
    void inputsMustMatchTheModelsSignature() {
        assertProblem(batch(convDigest, input("pixels", "FP32", image(1))), 422, "inputs[0].name",
                "'pixels' is not an input of the model");
        assertProblem(batch(mixedDigest, input("x", "FP32", part(new long[] {1, 4}, new float[4]))), 422, "inputs",
                "lacks model input 'k'");
        assertProblem(batch(mixedDigest, input("x", "FP32", part(new long[] {2, 4}, new float[8])),
                        input("k", "INT64", part(new long[] {1, 1}, new long[1]))), 400, "inputs[1].parts[0].shape[0]",
                "every input must split the batch alike");
        ObjectNode unknownOutput = batch(convDigest, input("image", "FP32", image(1)));
        unknownOutput.putArray("outputs").add("logits");
        assertProblem(unknownOutput, 422, "outputs[0]", "'logits' is not an output");
        assertProblem(batch(convDigest), 400, "inputs", "must list the model's inputs");
    }

    @Test
    void unknownPropertiesAndWrongJsonTypesAre400NamingThePath() {
        ObjectNode misspelt = batch(convDigest, input("image", "FP32", image(1)));
        ((ObjectNode) misspelt.get("inputs").get(0)).put("dtype", "FP32");
        assertProblem(misspelt, 400, "inputs[0].dtype", "Unrecognized field");
        ObjectNode badShape = batch(convDigest, input("image", "FP32", image(1)));
        ((ObjectNode) badShape.get("inputs").get(0).get("parts").get(0)).put("shape", "1x784");
        ResponseEntity<JsonNode> response = post("/internal/v1/batches", badShape);
        assertThat(response.getStatusCode().value()).isEqualTo(400);
        assertThat(response.getBody().get("field").asText()).isEqualTo("inputs[0].parts[0].shape");
    }
}
