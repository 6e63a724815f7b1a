package io.baton.registry;

import static io.baton.registry.ApplicationApiTest.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

import com.fasterxml.jackson.databind.JsonNode;

import io.baton.core.onnx.Dim;
import io.baton.core.onnx.ExternalData;
import io.baton.core.onnx.GraphBuilder;
import io.baton.registry.support.PostgresHttpTest;

/**
 * A model with external data is uploaded as one zip archive (Content-Type application/zip) of its .onnx file and its
 * data files: a valid one is opened, stored as it came and served back as application/zip; one with a climbing entry,
 * a symbolic link, or a location outside it or past a file's end is a 422 naming what is wrong.
 */
class ModelArchiveApiTest extends PostgresHttpTest {

    /** y = x + w, w's four floats at offset 8 of weights/w.bin. */
    static byte[] model(ExternalData where) {
        GraphBuilder g = new GraphBuilder("main");
        String x = g.input("x", Dim.BATCH, Dim.of(4));
        g.output(g.add(x, g.externalWeights("w", new long[] {4}, where)), "y", Dim.BATCH, Dim.of(4));
        return g.build().toBytes();
    }

    static Map<String, byte[]> valid() {
        ByteBuffer w = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN).putLong(7);
        for (float f : new float[] {1, 2, 3, 4}) w.putFloat(f);
        Map<String, byte[]> e = new LinkedHashMap<>();
        e.put("net.onnx", model(ExternalData.at("weights/w.bin", 8, 16)));
        e.put("weights/w.bin", w.array());
        return e;
    }

    static byte[] zip(Map<String, byte[]> entries) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(e.getValue());
                zip.closeEntry();
            }
        }
        return bytes.toByteArray();
    }

    ResponseEntity<JsonNode> uploadArchive(String type, byte[] zip) {
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.parseMediaType("application/zip"));
        return http.exchange("/v1/artifacts?type=" + type, HttpMethod.POST, new HttpEntity<>(zip, headers), JsonNode.class);
    }

    @Test
    void aValidArchiveIsOpenedStoredAndServedBackAsAZip() throws Exception {
        byte[] zip = zip(valid());
        ResponseEntity<JsonNode> created = uploadArchive("onnx", zip);
        assertThat(created.getStatusCode()).as("%s", created.getBody()).isEqualTo(HttpStatus.CREATED);
        assertThat(created.getBody().get("mediaType").asText()).isEqualTo("onnx");
        assertThat(created.getBody().get("inputs").toString()).isEqualTo("[{\"name\":\"x\",\"datatype\":\"FP32\",\"shape\":[-1,4]}]");
        String digest = created.getBody().get("digest").asText();
        ResponseEntity<byte[]> content = http.getForEntity("/v1/artifacts/" + digest + "/content", byte[].class);
        assertThat(content.getBody()).isEqualTo(zip);
        assertThat(content.getHeaders().getContentType()).hasToString("application/zip");
        // as a worker asks for it (HttpArtifactSource), and as a client that only knows octet-stream does
        for (String accept : new String[] {"application/octet-stream, application/zip", "application/octet-stream"}) {
            HttpHeaders headers = new HttpHeaders();
            headers.set("Accept", accept);
            ResponseEntity<byte[]> asked = http.exchange("/v1/artifacts/" + digest + "/content", HttpMethod.GET,
                    new HttpEntity<>(headers), byte[].class);
            assertThat(asked.getStatusCode()).as(accept).isEqualTo(HttpStatus.OK);
            assertThat(asked.getBody()).isEqualTo(zip);
        }
        assertNothingLeftOpen();
    }

    @Test
    void climbingEntriesLinksAndLocationsOutsideOrPastTheEndAre422() throws Exception {
        int stored = get("/v1/artifacts").getBody().get("totalItems").asInt();
        Map<String, byte[]> climbing = valid();
        climbing.put("../escape.bin", new byte[4]);
        assertRefused(zip(climbing), "entry '../escape.bin' climbs out with '..'");

        assertRefused(symbolicLink(zip(valid()), "weights/w.bin"), "entry 'weights/w.bin' is a symbolic link");

        Map<String, byte[]> outside = valid();
        outside.put("net.onnx", model(ExternalData.at("/etc/passwd", 0, 16)));
        assertRefused(zip(outside), "graph 'main' initializer 'w': location '/etc/passwd' is an absolute path");

        Map<String, byte[]> up = valid();
        up.put("net.onnx", model(ExternalData.at("../../etc/passwd", 0, 16)));
        assertRefused(zip(up), "graph 'main' initializer 'w': location '../../etc/passwd' climbs out with '..'");

        Map<String, byte[]> past = valid();
        past.put("net.onnx", model(ExternalData.at("weights/w.bin", 16, 16)));
        assertRefused(zip(past), "graph 'main' initializer 'w': offset 16 and length 16 lie past the end of 'weights/w.bin' (24 bytes)");

        // an archive sent as a plain model (bytes not stored yet: stored ones are answered as they are), and a plain
        // model sent as an archive
        Map<String, byte[]> other = valid();
        other.put("notes.txt", "not stored yet".getBytes(StandardCharsets.UTF_8));
        ResponseEntity<JsonNode> plain = upload("onnx", zip(other));
        assertProblem(plain, HttpStatus.UNPROCESSABLE_ENTITY, "body");
        assertThat(plain.getBody().get("detail").asText()).contains("Content-Type: application/zip");
        ResponseEntity<JsonNode> notZip = uploadArchive("onnx", model(ExternalData.at("w.bin", 0, 16)));
        assertProblem(notZip, HttpStatus.UNPROCESSABLE_ENTITY, "body");
        assertThat(notZip.getBody().get("detail").asText()).startsWith("the model archive is refused: not a zip archive");
        assertProblem(uploadArchive("data", zip(valid())), HttpStatus.BAD_REQUEST, "type");
        assertThat(get("/v1/artifacts").getBody().get("totalItems").asInt()).isEqualTo(stored);
        assertNothingLeftOpen();
    }

    private void assertRefused(byte[] zip, String why) {
        ResponseEntity<JsonNode> answer = uploadArchive("onnx", zip);
        assertProblem(answer, HttpStatus.UNPROCESSABLE_ENTITY, "body");
        assertThat(answer.getBody().get("detail").asText()).isEqualTo("the model archive is refused: " + why);
    }

    private void assertNothingLeftOpen() throws IOException {
        Path open = artifactDir.resolve("open");
        if (!Files.exists(open)) return;
        try (Stream<Path> left = Files.list(open)) {
            assertThat(left).isEmpty();
        }
    }

    /** Marks a central-directory entry as a Unix symbolic link, as Info-ZIP's {@code zip --symlinks} writes one. */
    static byte[] symbolicLink(byte[] zip, String name) {
        ByteBuffer b = ByteBuffer.wrap(zip.clone()).order(ByteOrder.LITTLE_ENDIAN);
        byte[] wanted = name.getBytes(StandardCharsets.UTF_8);
        for (int p = 0; p + 46 < zip.length; p++) {
            if (b.getInt(p) != 0x02014b50) continue;
            int length = Short.toUnsignedInt(b.getShort(p + 28));
            if (length == wanted.length && Arrays.equals(zip, p + 46, p + 46 + length, wanted, 0, length)) {
                b.putShort(p + 4, (short) (3 << 8 | 20));
                b.putInt(p + 38, 0120777 << 16);
                return b.array();
            }
        }
        throw new IllegalArgumentException("no entry " + name);
    }
}
