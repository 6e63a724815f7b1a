package io.baton.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
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

import io.baton.core.onnx.InputDrivenCostModels;

/**
 * A {@code Loop} that keeps 4 kB per trip, asked for 200,000 trips (800 MB), on a worker whose runs may grow its
 * resident memory by 64 MB: the run is cancelled once it has grown past that, the answer names the bound, and the
 * same session then serves a small batch.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.worker.device-id=cpu-memory", "baton.worker.intra-op-threads=1", "baton.worker.max-run-memory=64MB"})
class WorkerRunMemoryBoundTest {

    static Path artifacts;
    static String loop;

    @Autowired
    TestRestTemplate http;

    @BeforeAll
    static void writeModel() throws Exception {
        artifacts = Files.createTempDirectory("worker-memory-bound");
        loop = TestModels.store(artifacts, InputDrivenCostModels.accumulatingLoop().toBytes());
    }

    @AfterAll
    static void removeModel() throws Exception {
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

    private ResponseEntity<JsonNode> run(float x) {
        String body = "{\"variant\":\"" + loop + "\",\"inputs\":[{\"name\":\"x\",\"datatype\":\"FP32\","
                + "\"parts\":[{\"shape\":[1,1],\"data\":[" + x + "]}]}],\"timeoutMs\":120000}";
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.APPLICATION_JSON);
        return http.exchange("/internal/v1/batches", HttpMethod.POST, new HttpEntity<>(body, headers), JsonNode.class);
    }

    @Test
    void aRunThatKeepsGrowingIsCancelledPastTheMemoryBoundAndTheSessionGoesOn() {
        ResponseEntity<JsonNode> grown = run(200_000);
        assertThat(grown.getStatusCode().value()).as(String.valueOf(grown.getBody())).isEqualTo(422);
        assertThat(grown.getBody().get("type").asText()).isEqualTo("urn:baton:problem:run-cancelled");
        assertThat(grown.getBody().get("detail").asText()).contains("resident memory grew by")
                .contains("past the bound of 64 MB (baton.worker.max-run-memory)");

        ResponseEntity<JsonNode> small = run(3);
        assertThat(small.getStatusCode().value()).as(String.valueOf(small.getBody())).isEqualTo(200);
        // x + 1024 * (0 + 1 + 2)
        assertThat(small.getBody().get("outputs").get(0).get("parts").get(0).get("data").get(0).floatValue())
                .isEqualTo(3f + 1024 * 3);
    }
}
