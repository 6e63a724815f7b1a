package io.baton.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.baton.core.onnx.Dim;
import io.baton.core.onnx.ExternalData;
import io.baton.core.onnx.GraphBuilder;
import io.baton.core.onnx.OutsidePointingModels;
import io.baton.e2e.support.E2eSuite;
import io.baton.e2e.support.SuiteExtension;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Models cannot point outside themselves, on the running suite: every crafted way is refused at the registry's
 * upload with its 422; a model archive (two initializers in data files) uploaded to the registry is fetched over HTTP
 * by a worker and served with the outputs of a direct ONNX Runtime run of the same files.
 */
@ExtendWith(SuiteExtension.class)
class ModelFilesIT {
    static final ObjectMapper JSON = new ObjectMapper();
    static final HttpClient HTTP = HttpClient.newHttpClient();
    static E2eSuite e2e;

    @BeforeAll
    static void suite(E2eSuite suite) {
        e2e = suite;
    }

    static HttpResponse<String> upload(byte[] bytes, String contentType) throws Exception {
        return HTTP.send(e2e.suite().credentials().sign(HttpRequest.newBuilder(e2e.suite().registry().resolve("/v1/artifacts?type=onnx")))
                .header("Content-Type", contentType).POST(HttpRequest.BodyPublishers.ofByteArray(bytes)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void everyWayOfPointingOutsideIsRefusedAtUpload() throws Exception {
        int refused = 0;
        for (String location : new String[] {"/etc/passwd", "../../../../../../../../etc/passwd"}) {
            for (OutsidePointingModels.Case c : OutsidePointingModels.all(location)) {
                HttpResponse<String> r = upload(c.model(), "application/octet-stream");
                assertThat(r.statusCode()).as(c.way() + ": " + r.body()).isEqualTo(422);
                assertThat(JSON.readTree(r.body()).get("detail").asText()).as(c.way())
                        .startsWith("the model points outside itself: " + c.where() + " points outside the model: ");
                refused++;
            }
        }
        e2e.log().println("ModelFilesIT: " + refused + " models pointing outside refused at upload");
    }

    /** y = x · W + b with W [4,3] at offset 16 of data/weights.bin and b [3] the whole of bias.bin. */
    static Map<String, byte[]> files() {
        float[] w = {0.5f, -1, 2, 1.5f, 0.25f, -0.75f, 3, -2, 1, 0.1f, 0.2f, 0.3f};
        float[] b = {0.01f, -0.02f, 0.03f};
        GraphBuilder g = new GraphBuilder("external");
        String x = g.input("x", Dim.BATCH, Dim.of(4));
        String y = g.add(g.matMul(x, g.externalWeights("W", new long[] {4, 3}, ExternalData.at("data/weights.bin", 16, 48))),
                g.externalWeights("b", new long[] {3}, ExternalData.at("bias.bin", 0, -1)));
        g.output(y, "y", Dim.BATCH, Dim.of(3));
        ByteBuffer weights = ByteBuffer.allocate(16 + 48).order(ByteOrder.LITTLE_ENDIAN).putLong(-1).putLong(-1);
        for (float f : w) weights.putFloat(f);
        ByteBuffer bias = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
        for (float f : b) bias.putFloat(f);
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("external.onnx", g.build().toBytes());
        files.put("data/weights.bin", weights.array());
        files.put("bias.bin", bias.array());
        return files;
    }

    @Test
    void anArchiveUploadedIsServedByAWorkerLikeADirectRunOfItsFiles() throws Exception {
        Map<String, byte[]> files = files();
        ByteArrayOutputStream zip = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(zip)) {
            for (Map.Entry<String, byte[]> f : files.entrySet()) {
                out.putNextEntry(new ZipEntry(f.getKey()));
                out.write(f.getValue());
                out.closeEntry();
            }
        }
        HttpResponse<String> uploaded = upload(zip.toByteArray(), "application/zip");
        assertThat(uploaded.statusCode()).as(uploaded.body()).isEqualTo(201);
        String digest = JSON.readTree(uploaded.body()).get("digest").asText();

        float[][] input = {{1, 2, 3, 4}, {-1, 0.5f, 0, 2}};
        float[][] expected;
        Path direct = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "model-files-");
        try {
            for (Map.Entry<String, byte[]> f : files.entrySet()) {
                Files.createDirectories(direct.resolve(f.getKey()).getParent());
                Files.write(direct.resolve(f.getKey()), f.getValue());
            }
            OrtEnvironment env = OrtEnvironment.getEnvironment();
            try (OrtSession session = env.createSession(direct.resolve("external.onnx").toString(), new OrtSession.SessionOptions());
                 OnnxTensor x = OnnxTensor.createTensor(env, input);
                 OrtSession.Result r = session.run(Map.of("x", x))) {
                expected = (float[][]) r.get(0).getValue();
            }
        } finally {
            try (Stream<Path> all = Files.walk(direct)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
            }
        }

        ObjectNode batch = JSON.createObjectNode().put("variant", digest);
        ObjectNode part = batch.putArray("inputs").addObject().put("name", "x").put("datatype", "FP32").putArray("parts").addObject();
        part.putArray("shape").add(2).add(4);
        ArrayNode data = part.putArray("data");
        for (float[] row : input) for (float v : row) data.add(v);
        URI worker = e2e.suite().workers().get(0).url();
        HttpResponse<String> served = HTTP.send(e2e.suite().credentials().sign(HttpRequest.newBuilder(worker.resolve("/internal/v1/batches")))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(batch.toString())).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(served.statusCode()).as(served.body()).isEqualTo(200);
        JsonNode got = JSON.readTree(served.body()).get("outputs").get(0).get("parts").get(0).get("data");
        assertThat(got.size()).isEqualTo(6);
        for (int i = 0; i < 6; i++) assertThat((float) got.get(i).asDouble()).isEqualTo(expected[i / 3][i % 3]);
    }
}
