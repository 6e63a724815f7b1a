package io.baton.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
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

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import io.baton.core.onnx.Dim;
import io.baton.core.onnx.ExternalData;
import io.baton.core.onnx.GraphBuilder;
import io.baton.core.onnx.OutsidePointingModels;

/**
 * The worker's own door: a model one of whose tensors points outside it is refused with the unreadable-model problem
 * before ONNX Runtime sees it (whatever the registry did), a valid model archive is served with the same outputs as a
 * direct ONNX Runtime run of its files, and each model lives in a private directory of its own files while loaded.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.worker.device-id=cpu-files", "baton.worker.intra-op-threads=1", "baton.worker.memory-budget=64MB"})
class WorkerModelFilesTest {

    static Path artifacts;
    static Path modelDir;
    static final ObjectMapper JSON = new ObjectMapper();

    @Autowired
    TestRestTemplate http;

    static Stream<OutsidePointingModels.Case> ways() {
        return Stream.concat(OutsidePointingModels.all("/etc/passwd").stream(),
                OutsidePointingModels.all("../../../../../../../../etc/passwd").stream());
    }

    @BeforeAll
    static void directories() throws Exception {
        artifacts = Files.createTempDirectory("worker-files-artifacts");
        modelDir = Files.createTempDirectory("worker-files-models");
        ways().forEach(c -> TestModels.store(artifacts, c.model()));
    }

    @AfterAll
    static void remove() throws Exception {
        for (Path root : List.of(artifacts, modelDir)) {
            try (Stream<Path> all = Files.walk(root)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
            }
        }
    }

    @DynamicPropertySource
    static void source(DynamicPropertyRegistry registry) {
        registry.add("baton.worker.registry-url", () -> artifacts.toUri().toString());
        registry.add("baton.worker.model-dir", () -> modelDir.toString());
    }

    ResponseEntity<JsonNode> post(String path, JsonNode body) {
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.APPLICATION_JSON);
        return http.exchange(path, HttpMethod.POST, new HttpEntity<>(body.toString(), headers), JsonNode.class);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ways")
    void aModelPointingOutsideIsRefusedBeforeOnnxRuntimeSeesIt(OutsidePointingModels.Case c) throws Exception {
        String digest = io.baton.worker.artifact.Digests.sha256(c.model());
        ResponseEntity<JsonNode> load = post("/internal/v1/models/" + digest + "/load", JSON.createObjectNode());
        assertThat(load.getStatusCode().value()).as("%s", load.getBody()).isEqualTo(422);
        JsonNode problem = load.getBody();
        assertThat(problem.get("type").asText()).isEqualTo("urn:baton:problem:unreadable-model");
        assertThat(problem.get("detail").asText()).isEqualTo("artifact " + digest + " is refused: the model points outside itself: "
                + c.where() + " points outside the model: "
                + (c.location() == null ? "data_location EXTERNAL with no location" : "location '" + c.location() + "'"));
        // the batch route answers the same, and nothing is left on disk
        var batch = JSON.createObjectNode().put("variant", digest);
        batch.putArray("inputs").addObject().put("name", "x").put("datatype", "FP32").putArray("parts").addObject()
                .<com.fasterxml.jackson.databind.node.ObjectNode>set("shape", JSON.createArrayNode().add(1))
                .set("data", JSON.createArrayNode().add(0f));
        ResponseEntity<JsonNode> run = post("/internal/v1/batches", batch);
        assertThat(run.getStatusCode().value()).isEqualTo(422);
        assertThat(run.getBody().get("detail").asText()).contains("the model points outside itself");
        try (Stream<Path> left = Files.list(modelDir)) {
            assertThat(left).isEmpty();
        }
    }

    /** y = x · W + b with W [4,3] and b [3] in two data files, at offsets. */
    static Map<String, byte[]> archiveFiles() {
        float[] w = {0.5f, -1, 2, 1.5f, 0.25f, -0.75f, 3, -2, 1, 0.1f, 0.2f, 0.3f};
        float[] b = {0.01f, -0.02f, 0.03f};
        GraphBuilder g = new GraphBuilder("external");
        String x = g.input("x", Dim.BATCH, Dim.of(4));
        String y = g.add(g.matMul(x, g.externalWeights("W", new long[] {4, 3}, ExternalData.at("data/weights.bin", 16, 48))),
                g.externalWeights("b", new long[] {3}, ExternalData.at("bias.bin", 0, 12)));
        g.output(y, "y", Dim.BATCH, Dim.of(3));
        ByteBuffer weights = ByteBuffer.allocate(16 + 48 + 8).order(ByteOrder.LITTLE_ENDIAN).putLong(-1).putLong(-1);
        for (float f : w) weights.putFloat(f);
        ByteBuffer bias = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
        for (float f : b) bias.putFloat(f);
        return Map.of("model.onnx", g.build().toBytes(), "data/weights.bin", weights.array(), "bias.bin", bias.array());
    }

    @Test
    void aValidArchiveIsServedLikeADirectOnnxRuntimeRunOfItsFiles() throws Exception {
        Map<String, byte[]> files = archiveFiles();
        ByteArrayOutputStream zip = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(zip)) {
            for (String name : List.of("model.onnx", "data/weights.bin", "bias.bin")) {
                out.putNextEntry(new ZipEntry(name));
                out.write(files.get(name));
                out.closeEntry();
            }
        }
        String digest = TestModels.store(artifacts, zip.toByteArray());
        float[][] input = {{1, 2, 3, 4}, {-1, 0.5f, 0, 2}};

        // direct: the same files on disk, opened by path
        Path direct = Files.createTempDirectory("worker-files-direct");
        float[][] expected;
        try {
            for (Map.Entry<String, byte[]> f : files.entrySet()) {
                Files.createDirectories(direct.resolve(f.getKey()).getParent());
                Files.write(direct.resolve(f.getKey()), f.getValue());
            }
            OrtEnvironment env = OrtEnvironment.getEnvironment();
            try (OrtSession session = env.createSession(direct.resolve("model.onnx").toString(), new OrtSession.SessionOptions());
                 OnnxTensor x = OnnxTensor.createTensor(env, input);
                 OrtSession.Result r = session.run(Map.of("x", x))) {
                expected = (float[][]) r.get(0).getValue();
            }
        } finally {
            try (Stream<Path> all = Files.walk(direct)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
            }
        }

        var batch = JSON.createObjectNode().put("variant", digest);
        var part = batch.putArray("inputs").addObject().put("name", "x").put("datatype", "FP32").putArray("parts").addObject();
        part.putArray("shape").add(2).add(4);
        var data = part.putArray("data");
        for (float[] row : input) for (float v : row) data.add(v);
        ResponseEntity<JsonNode> run = post("/internal/v1/batches", batch);
        assertThat(run.getStatusCode().value()).as("%s", run.getBody()).isEqualTo(200);
        JsonNode got = run.getBody().get("outputs").get(0).get("parts").get(0).get("data");
        assertThat(got.size()).isEqualTo(6);
        for (int i = 0; i < 6; i++) assertThat((float) got.get(i).asDouble()).isEqualTo(expected[i / 3][i % 3]);

        // while loaded, the model's files are in one private directory; unloading removes it
        try (Stream<Path> dirs = Files.list(modelDir)) {
            List<Path> open = dirs.toList();
            assertThat(open).hasSize(1);
            try (Stream<Path> inside = Files.walk(open.get(0))) {
                assertThat(inside.map(p -> open.get(0).relativize(p).toString()))
                        .containsExactlyInAnyOrder("", "model.onnx", "data", "data/weights.bin", "bias.bin");
            }
            if (Files.getFileStore(open.get(0)).supportsFileAttributeView("posix")) {
                assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(open.get(0))))
                        .isEqualTo("rwx------");
            }
        }
        assertThat(http.exchange("/internal/v1/models/" + digest, HttpMethod.DELETE, null, JsonNode.class)
                .getStatusCode().value()).isEqualTo(200);
        try (Stream<Path> left = Files.list(modelDir)) {
            assertThat(left).isEmpty();
        }
    }
}
