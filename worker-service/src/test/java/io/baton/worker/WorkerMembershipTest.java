package io.baton.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;

import io.baton.worker.artifact.Digests;
import io.baton.worker.grpc.WorkerGrpcServer;

/**
 * A worker pointed at a registry and a scheduler over HTTP (one fake control plane serving both): it fetches
 * artifacts through the registry's route, registers, sends heartbeats, re-registers when forgotten, and rides out
 * a scheduler that fails.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.worker.device-id=gpu-7", "baton.worker.heartbeat-interval=100ms", "baton.worker.intra-op-threads=1"})
class WorkerMembershipTest {

    static FakeControlPlane controlPlane;
    static String dense;

    @Autowired
    TestRestTemplate http;

    @LocalServerPort
    int port;

    @Autowired
    WorkerGrpcServer grpc;

    @BeforeAll
    static void start() throws Exception {
        controlPlane = new FakeControlPlane();
        byte[] model = TestModels.dense(3, 8, 4);
        dense = Digests.sha256(model);
        controlPlane.artifacts.put(dense, model);
    }

    @AfterAll
    static void stop() {
        controlPlane.close();
    }

    @DynamicPropertySource
    static void urls(DynamicPropertyRegistry registry) {
        registry.add("baton.worker.registry-url", () -> controlPlane.url());
        registry.add("baton.worker.scheduler-url", () -> controlPlane.url() + "/");
    }

    ResponseEntity<JsonNode> batch(String digest) {
        String body = "{\"variant\":\"" + digest + "\",\"inputs\":[{\"name\":\"x\",\"datatype\":\"FP32\","
                + "\"parts\":[{\"shape\":[1,8],\"data\":[1,2,3,4,5,6,7,8]}]}]}";
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.APPLICATION_JSON);
        return http.exchange("/internal/v1/batches", HttpMethod.POST, new HttpEntity<>(body, headers), JsonNode.class);
    }

    @Test
    void registersThenSendsHeartbeatsNamingItsModels() {
        await().atMost(Duration.ofSeconds(20)).until(() -> !controlPlane.registrations.isEmpty());
        JsonNode registration = controlPlane.registrations.get(0);
        assertThat(registration.get("workerId").asText()).isEqualTo("gpu-7");
        assertThat(registration.get("url").asText()).isEqualTo("http://127.0.0.1:" + port);
        // the port its batches over gRPC listen on: any free one, as its HTTP port is
        assertThat(registration.get("grpcPort").asInt()).isEqualTo(grpc.port()).isPositive().isNotEqualTo(port);
        assertThat(registration.get("device").get("kind").asText()).isEqualTo("cpu");
        assertThat(registration.get("device").get("memoryBudgetBytes").asLong()).isEqualTo(1L << 30);

        assertThat(batch(dense).getStatusCode().value()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(20)).until(() -> controlPlane.heartbeats.stream()
                .anyMatch(h -> h.get("models").toString().contains(dense)));
        JsonNode beat = controlPlane.heartbeats.get(controlPlane.heartbeats.size() - 1);
        assertThat(beat.get("workerId").asText()).isEqualTo("gpu-7");
        assertThat(beat.get("residentBytes").asLong()).isPositive();
        assertThat(beat.get("memoryBudgetBytes").asLong()).isEqualTo(1L << 30);
        assertThat(beat.has("sentAt")).isTrue();
    }

    /**
     * The model cache's estimate ({@code residentBytes}) counts model footprints only, a few MB here; the scheduler
     * also gets the process's real resident set, which is what a model that allocates at run time makes grow.
     */
    @Test
    void heartbeatsCarryTheProcessesResidentSetAsProcReadsIt() throws Exception {
        await().atMost(Duration.ofSeconds(20)).until(() -> !controlPlane.heartbeats.isEmpty());
        JsonNode beat = controlPlane.heartbeats.get(controlPlane.heartbeats.size() - 1);
        long reported = beat.get("processResidentBytes").asLong();
        long vmRss = 0;
        for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                vmRss = Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        assertThat(vmRss).as("this JVM (the worker's process) has a resident set").isPositive();
        assertThat(reported).as("reported %d MB, /proc says %d MB", reported >> 20, vmRss >> 20)
                .isBetween(vmRss / 2, vmRss * 2);
        assertThat(reported).as("the whole process, not the model cache's estimate")
                .isGreaterThan(beat.get("residentBytes").asLong());
    }

    @Test
    void registersAgainWhenTheSchedulerForgetsIt() {
        await().atMost(Duration.ofSeconds(20)).until(() -> !controlPlane.heartbeats.isEmpty());
        int before = controlPlane.registrations.size();
        controlPlane.knownWorkers.clear(); // a scheduler restart
        await().atMost(Duration.ofSeconds(20)).until(() -> controlPlane.registrations.size() > before);
    }

    @Test
    void ridesOutAFailingScheduler() {
        await().atMost(Duration.ofSeconds(20)).until(() -> !controlPlane.heartbeats.isEmpty());
        controlPlane.schedulerStatus = 503;
        try {
            int beats = controlPlane.heartbeats.size();
            await().pollDelay(Duration.ofMillis(500)).atMost(Duration.ofSeconds(5))
                    .until(() -> http.getForEntity("/actuator/health", String.class).getStatusCode().is2xxSuccessful());
            assertThat(batch(dense).getStatusCode().value()).isEqualTo(200);
            assertThat(controlPlane.heartbeats).hasSize(beats);
        } finally {
            controlPlane.schedulerStatus = 200;
        }
        int beats = controlPlane.heartbeats.size();
        await().atMost(Duration.ofSeconds(20)).until(() -> controlPlane.heartbeats.size() > beats);
    }

    @Test
    void fetchesArtifactsFromTheRegistryAndRefusesBadOnes() {
        ResponseEntity<JsonNode> unknown = batch("cd".repeat(32));
        assertThat(unknown.getStatusCode().value()).isEqualTo(404);
        assertThat(unknown.getBody().get("detail").asText()).contains(controlPlane.url());

        String liar = "ef".repeat(32);
        controlPlane.artifacts.put(liar, TestModels.dense(4, 8, 4)); // bytes that do not hash to the name
        ResponseEntity<JsonNode> refused = batch(liar);
        assertThat(refused.getStatusCode().value()).isEqualTo(502);
        assertThat(refused.getBody().get("detail").asText()).contains("refusing it");
    }
}
