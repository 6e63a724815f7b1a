package io.baton.worker;

import static org.assertj.core.api.Assertions.assertThat;

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

import io.baton.worker.artifact.Digests;

/**
 * A worker whose registry (a stand-in of its own, apart from the scheduler's) stops: a model it has loaded keeps
 * serving batches; a model it has not loaded is refused with 502 {@code artifact-source}, the detail naming the
 * registry and that it is unreachable, which the scheduler passes on as the worker's answer.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.worker.device-id=cpu-reg-down", "baton.worker.intra-op-threads=1"})
class WorkerRegistryDownTest {

    static FakeControlPlane registry;
    static FakeControlPlane scheduler;
    static String cached;
    static String notCached;

    @Autowired
    TestRestTemplate http;

    @BeforeAll
    static void start() throws Exception {
        registry = new FakeControlPlane();
        scheduler = new FakeControlPlane();
        byte[] first = TestModels.dense(3, 8, 4);
        byte[] second = TestModels.dense(5, 8, 4);
        cached = Digests.sha256(first);
        notCached = Digests.sha256(second);
        registry.artifacts.put(cached, first);
        registry.artifacts.put(notCached, second);
    }

    @AfterAll
    static void stop() {
        registry.close();
        scheduler.close();
    }

    @DynamicPropertySource
    static void urls(DynamicPropertyRegistry properties) {
        properties.add("baton.worker.registry-url", () -> registry.url());
        properties.add("baton.worker.scheduler-url", () -> scheduler.url() + "/");
    }

    @Test
    void aLoadedModelServesOnAndAnUnloadedOneIsRefusedNamingTheRegistry() {
        assertThat(batch(cached).getStatusCode().value()).isEqualTo(200);
        String registryUrl = registry.url();

        registry.close();

        ResponseEntity<JsonNode> served = batch(cached);
        assertThat(served.getStatusCode().value()).as("%s", served.getBody()).isEqualTo(200);
        ResponseEntity<JsonNode> refused = batch(notCached);
        assertThat(refused.getStatusCode().value()).as("%s", refused.getBody()).isEqualTo(502);
        assertThat(refused.getBody().path("type").asText()).endsWith("artifact-source");
        assertThat(refused.getBody().path("detail").asText()).contains("registry at " + registryUrl)
                .contains("unreachable");
    }

    ResponseEntity<JsonNode> batch(String digest) {
        String body = "{\"variant\":\"" + digest + "\",\"inputs\":[{\"name\":\"x\",\"datatype\":\"FP32\","
                + "\"parts\":[{\"shape\":[1,8],\"data\":[1,2,3,4,5,6,7,8]}]}]}";
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.APPLICATION_JSON);
        return http.exchange("/internal/v1/batches", HttpMethod.POST, new HttpEntity<>(body, headers), JsonNode.class);
    }
}
