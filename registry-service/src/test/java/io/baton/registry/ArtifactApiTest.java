package io.baton.registry;

import static io.baton.registry.ApplicationApiTest.app;
import static io.baton.registry.ApplicationApiTest.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.TestPropertySource;

import com.fasterxml.jackson.databind.JsonNode;

import io.baton.registry.support.OnnxModels;
import io.baton.registry.support.PostgresHttpTest;

/** The content-addressed artifact store over real HTTP: bytes round trip, dedup, and every refusal. */
@TestPropertySource(properties = "baton.registry.max-upload-size=64KB")
class ArtifactApiTest extends PostgresHttpTest {

    @LocalServerPort
    int port;

    @Test
    void anUploadedModelComesBackByteForByteWithItsSignature() throws Exception {
        byte[] model = OnnxModels.identity("round-trip", OnnxModels.FLOAT, -1, 1, 28, 28);
        ResponseEntity<JsonNode> created = upload("onnx", model);
        assertThat(created.getStatusCode()).isEqualTo(HttpStatus.CREATED);
        String digest = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(model));
        JsonNode body = created.getBody();
        assertThat(body.get("digest").asText()).isEqualTo(digest);
        assertThat(created.getHeaders().getLocation()).hasToString("/v1/artifacts/" + digest);
        assertThat(body.get("sizeBytes").asLong()).isEqualTo(model.length);
        assertThat(body.get("mediaType").asText()).isEqualTo("onnx");
        assertThat(body.get("inputs").toString())
                .isEqualTo("[{\"name\":\"x\",\"datatype\":\"FP32\",\"shape\":[-1,1,28,28]}]");
        assertThat(body.get("outputs").get(0).get("name").asText()).isEqualTo("y");

        ResponseEntity<byte[]> content = http.getForEntity("/v1/artifacts/" + digest + "/content", byte[].class);
        assertThat(content.getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(content.getBody()).isEqualTo(model);
        assertThat(content.getHeaders().getETag()).isEqualTo("\"" + digest + "\"");
        assertThat(get("/v1/artifacts/" + digest).getBody().get("sizeBytes").asLong()).isEqualTo(model.length);
        assertThat(get("/v1/artifacts/sha256:" + digest.toUpperCase()).getStatusCode()).isEqualTo(HttpStatus.OK);
    }

    @Test
    void theSameBytesTwiceAreStoredOnce() throws Exception {
        byte[] model = OnnxModels.identity("dedup", OnnxModels.INT64, -1, 3);
        ResponseEntity<JsonNode> first = upload("onnx", model);
        ResponseEntity<JsonNode> second = upload("onnx", model);
        assertThat(first.getStatusCode()).isEqualTo(HttpStatus.CREATED);
        assertThat(second.getStatusCode()).isEqualTo(HttpStatus.OK);
        String digest = first.getBody().get("digest").asText();
        assertThat(second.getBody().get("digest").asText()).isEqualTo(digest);
        assertThat(first.getBody().get("inputs").get(0).get("datatype").asText()).isEqualTo("INT64");

        try (Stream<Path> files = Files.walk(artifactDir)) {
            assertThat(files.filter(Files::isRegularFile).filter(p -> p.getFileName().toString().startsWith(digest)))
                    .hasSize(1);
        }
        try (Stream<Path> staging = Files.list(artifactDir.resolve("tmp"))) {
            assertThat(staging).isEmpty();
        }
        JsonNode page = get("/v1/artifacts?size=100").getBody();
        long copies = 0;
        for (JsonNode item : page.get("items")) if (item.get("digest").asText().equals(digest)) copies++;
        assertThat(copies).isEqualTo(1);
    }

    @Test
    void aFileOnnxRuntimeCannotOpenIs422WithItsError() {
        ResponseEntity<JsonNode> garbage = upload("onnx", "this is not a model".getBytes());
        assertProblem(garbage, HttpStatus.UNPROCESSABLE_ENTITY, "body");
        assertThat(garbage.getBody().get("detail").asText()).startsWith("ONNX Runtime cannot open the model: ")
                .hasSizeGreaterThan("ONNX Runtime cannot open the model: ".length() + 5);

        byte[] valid = OnnxModels.identity("truncated", OnnxModels.FLOAT, -1, 4);
        byte[] truncated = java.util.Arrays.copyOf(valid, valid.length - 7);
        assertProblem(upload("onnx", truncated), HttpStatus.UNPROCESSABLE_ENTITY, "body");
        try (Stream<Path> staging = Files.list(artifactDir.resolve("tmp"))) {
            assertThat(staging).isEmpty(); // nothing kept of a refused upload
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        assertProblem(upload("zip", valid), HttpStatus.BAD_REQUEST, "type");
        assertProblem(upload("onnx", new byte[0]), HttpStatus.BAD_REQUEST, "body");
        assertProblem(get("/v1/artifacts/" + "a".repeat(64)), HttpStatus.NOT_FOUND, "digest");
        assertProblem(get("/v1/artifacts/xyz"), HttpStatus.BAD_REQUEST, "digest");
    }

    @Test
    void anOversizedUploadIs413WithOrWithoutContentLength() throws Exception {
        byte[] big = new byte[100 * 1024];
        new Random(3).nextBytes(big);
        assertProblem(upload("data", big), HttpStatus.PAYLOAD_TOO_LARGE, "body");

        // Chunked (no Content-Length): refused while streaming, once past the limit.
        HttpRequest chunked = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v1/artifacts?type=data"))
                .header("Content-Type", "application/octet-stream")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big)))
                .build();
        HttpResponse<String> response = HttpClient.newHttpClient().send(chunked, HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(413);
        assertThat(response.body()).contains("\"field\":\"body\"");

        byte[] justUnder = java.util.Arrays.copyOf(big, 64 * 1024);
        assertThat(upload("data", justUnder).getStatusCode()).isEqualTo(HttpStatus.CREATED);
    }

    @Test
    void tensorSpecsThatDoNotMatchTheModelAre422() {
        post("/v1/applications", app("specs", "single"));
        String digest = uploadModel(OnnxModels.identity("specs", OnnxModels.FLOAT, -1, 4));
        String declared = """
            {"name":"%s","artifactDigest":"%s",
             "inputs":[{"name":"%s","datatype":"%s","shape":%s}]}
            """;
        assertProblem(post("/v1/applications/specs/variants", declared.formatted("a", digest, "x", "FP32", "[-1,5]")),
                HttpStatus.UNPROCESSABLE_ENTITY, "inputs[0].shape");
        assertProblem(post("/v1/applications/specs/variants", declared.formatted("b", digest, "x", "INT64", "[-1,4]")),
                HttpStatus.UNPROCESSABLE_ENTITY, "inputs[0].datatype");
        assertProblem(post("/v1/applications/specs/variants", declared.formatted("c", digest, "image", "FP32", "[-1,4]")),
                HttpStatus.UNPROCESSABLE_ENTITY, "inputs[0].name");
        assertProblem(post("/v1/applications/specs/variants", declared.formatted("d", digest, "x", "FP32", "[-1,4,1]")),
                HttpStatus.UNPROCESSABLE_ENTITY, "inputs[0].shape");
        // declaring a fixed batch size where the model leaves it free is fine
        assertThat(post("/v1/applications/specs/variants", declared.formatted("e", digest, "x", "FP32", "[8,4]"))
                .getStatusCode()).isEqualTo(HttpStatus.CREATED);

        // a model whose own tensors do not fit the application's (pixels FP32[-1,4])
        String wide = uploadModel(OnnxModels.identity("wide", OnnxModels.FLOAT, -1, 6));
        assertProblem(post("/v1/applications/specs/variants", "{\"name\":\"w\",\"artifactDigest\":\"" + wide + "\"}"),
                HttpStatus.UNPROCESSABLE_ENTITY, "inputs[0]");
        String data = upload("data", new byte[] {1, 2, 3}).getBody().get("digest").asText();
        assertProblem(post("/v1/applications/specs/variants", "{\"name\":\"d\",\"artifactDigest\":\"" + data + "\"}"),
                HttpStatus.UNPROCESSABLE_ENTITY, "artifactDigest");
    }

    @Test
    void aValidationDatasetIsStoredAsBlobsAndChecked() {
        post("/v1/applications", app("valset", "single"));
        int count = 5;
        ByteBuffer inputs = ByteBuffer.allocate(count * 4 * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < count * 4; i++) inputs.putFloat(i * 0.5f);
        ByteBuffer labels = ByteBuffer.allocate(count * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < count; i++) labels.putInt(i % 4);
        String inputsDigest = upload("data", inputs.array()).getBody().get("digest").asText();
        String labelsDigest = upload("data", labels.array()).getBody().get("digest").asText();
        String body = """
            {"name":"%s","inputsDigest":"%s","labelsDigest":"%s","sampleCount":%d,
             "inputSpec":{"name":"pixels","datatype":"FP32","shape":[%d,4]}}
            """;
        ResponseEntity<JsonNode> created = post("/v1/applications/valset/datasets",
                body.formatted("val", inputsDigest, labelsDigest, count, count));
        assertThat(created.getStatusCode()).isEqualTo(HttpStatus.CREATED);
        assertThat(created.getBody().get("sampleCount").asInt()).isEqualTo(count);
        ResponseEntity<byte[]> back = http.getForEntity("/v1/artifacts/" + inputsDigest + "/content", byte[].class);
        assertThat(back.getBody()).isEqualTo(inputs.array());

        assertProblem(post("/v1/applications/valset/datasets", body.formatted("val", inputsDigest, labelsDigest, count, count)),
                HttpStatus.CONFLICT, "name");
        assertProblem(post("/v1/applications/valset/datasets", body.formatted("v2", inputsDigest, labelsDigest, 4, 4)),
                HttpStatus.UNPROCESSABLE_ENTITY, "inputsDigest");
        assertProblem(post("/v1/applications/valset/datasets", body.formatted("v3", inputsDigest, labelsDigest, count, 4)),
                HttpStatus.BAD_REQUEST, "inputSpec.shape");
        ByteBuffer badLabels = ByteBuffer.allocate(count * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < count; i++) badLabels.putInt(i == 3 ? 9 : 0);
        String badDigest = upload("data", badLabels.array()).getBody().get("digest").asText();
        assertProblem(post("/v1/applications/valset/datasets", body.formatted("v4", inputsDigest, badDigest, count, count)),
                HttpStatus.UNPROCESSABLE_ENTITY, "labelsDigest");

        assertProblem(delete("/v1/applications/valset"), HttpStatus.CONFLICT, null); // the dataset uses it
        assertProblem(delete("/v1/artifacts/" + labelsDigest), HttpStatus.CONFLICT, null);
        assertThat(get("/v1/applications/valset/datasets").getBody().get("totalItems").asInt()).isEqualTo(1);
        assertThat(delete("/v1/applications/valset/datasets/val").getStatusCode()).isEqualTo(HttpStatus.NO_CONTENT);
        assertThat(delete("/v1/applications/valset").getStatusCode()).isEqualTo(HttpStatus.NO_CONTENT);
    }
}
