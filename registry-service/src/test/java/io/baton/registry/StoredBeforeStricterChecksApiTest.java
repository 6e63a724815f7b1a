package io.baton.registry;

import static io.baton.registry.ApplicationApiTest.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
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
import io.baton.core.onnx.OutsidePointingModels;
import io.baton.registry.artifact.ArtifactEntity;
import io.baton.registry.artifact.ArtifactRepository;
import io.baton.registry.artifact.ArtifactStore;
import io.baton.registry.persistence.TensorSignature;
import io.baton.registry.support.PostgresHttpTest;

/**
 * Bytes that a registry with weaker checks stored (an upgrade keeps its artifact directory and database) are checked
 * again when uploaded again, instead of being answered 200 as a good model: the red-team's archive whose last
 * {@code location} (/etc/passwd) hid past the sixteen entries the scanner used to keep was stored that way, and a
 * second upload after the fix still answered 200 with the stored artifact.
 */
class StoredBeforeStricterChecksApiTest extends PostgresHttpTest {

    @Autowired
    ArtifactStore store;

    @Autowired
    ArtifactRepository artifacts;

    /** Stores the bytes as an ONNX artifact the way an older registry would have, without any check. */
    private String storeUnchecked(byte[] bytes) throws Exception {
        ArtifactStore.Staged staged = store.stage(new ByteArrayInputStream(bytes), 1 << 20);
        store.commit(staged);
        artifacts.save(new ArtifactEntity(staged.digest(), ArtifactEntity.MediaType.onnx, staged.sizeBytes(),
                new TensorSignature(List.of(), List.of()), Instant.now()));
        return staged.digest();
    }

    /** y = x + w, w's location 'w.bin' of the archive, then sixteen offsets, then '/etc/passwd' (what ONNX Runtime reads). */
    static byte[] hiddenLocationArchive() throws Exception {
        List<Map.Entry<String, String>> entries = new ArrayList<>();
        entries.add(Map.entry("location", "w.bin"));
        for (int i = 0; i < 16; i++) entries.add(Map.entry("offset", "0"));
        entries.add(Map.entry("location", "/etc/passwd"));
        entries.add(Map.entry("length", "64"));
        GraphBuilder g = new GraphBuilder("main");
        String x = g.input("x", Dim.BATCH, Dim.of(16));
        g.output(g.add(x, g.externalWeights("w", new long[] {16}, new ExternalData(entries, ExternalData.EXTERNAL))), "y",
                Dim.BATCH, Dim.of(16));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            zip.putNextEntry(new ZipEntry("net.onnx"));
            zip.write(g.build().toBytes());
            zip.closeEntry();
            zip.putNextEntry(new ZipEntry("w.bin"));
            zip.write(new byte[64]);
            zip.closeEntry();
        }
        return bytes.toByteArray();
    }

    @Test
    void aStoredArchiveThatPointsOutsideIsRefusedWhenUploadedAgain() throws Exception {
        byte[] zip = hiddenLocationArchive();
        String digest = storeUnchecked(zip);
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.parseMediaType("application/zip"));
        ResponseEntity<JsonNode> answer = http.exchange("/v1/artifacts?type=onnx", HttpMethod.POST, new HttpEntity<>(zip, headers),
                JsonNode.class);
        assertProblem(answer, HttpStatus.UNPROCESSABLE_ENTITY, "body");
        assertThat(answer.getBody().get("detail").asText())
                .startsWith("these bytes are stored already (artifact " + digest + ") but are refused now: ")
                .contains("graph 'main' initializer 'w': it has 19 external_data entries; at most 16 are accepted");
    }

    @Test
    void aStoredPlainModelThatPointsOutsideIsRefusedWhenUploadedAgain() throws Exception {
        byte[] model = OutsidePointingModels.all("/etc/passwd").get(0).model();
        storeUnchecked(model);
        ResponseEntity<JsonNode> answer = upload("onnx", model);
        assertProblem(answer, HttpStatus.UNPROCESSABLE_ENTITY, "body");
        assertThat(answer.getBody().get("detail").asText()).contains("but are refused now: the model points outside itself: "
                + "graph 'main' initializer 'w' points outside the model: location '/etc/passwd'");
    }

    @Test
    void aStoredGoodModelIsStillAnswered200() throws Exception {
        GraphBuilder g = new GraphBuilder("main");
        String x = g.input("x", Dim.BATCH, Dim.of(4));
        g.output(g.add(x, g.weights("w", new long[] {4}, new float[] {1, 2, 3, 4})), "y", Dim.BATCH, Dim.of(4));
        byte[] model = g.build().toBytes();
        assertThat(upload("onnx", model).getStatusCode()).isEqualTo(HttpStatus.CREATED);
        assertThat(upload("onnx", model).getStatusCode()).isEqualTo(HttpStatus.OK);
    }
}
