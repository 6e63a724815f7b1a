package io.baton.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

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
import io.baton.commons.runtime.ResidentMemory;

/**
 * Models whose cost the request decides, run on a real worker: a {@code Loop} with an input trip count is cancelled
 * at its batch's deadline (or at {@code baton.worker.max-run-time} when the batch names none) and the device serves
 * the next batch; an {@code Expand} to [n, n] gives its memory back after the run.
 */
@org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability(tracing = false)
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.worker.device-id=cpu-bounds", "baton.worker.intra-op-threads=1", "baton.worker.max-run-time=8s"})
class WorkerRunBoundsTest {

    /** Trips at which the loop would run for minutes (about 0.5 s per million on one core). */
    static final float FOREVER = 1e9f;

    static Path artifacts;
    static String loop;
    static String expand;

    @Autowired
    TestRestTemplate http;

    @BeforeAll
    static void writeModels() throws Exception {
        artifacts = Files.createTempDirectory("worker-bounds");
        loop = TestModels.store(artifacts, InputDrivenCostModels.loop().toBytes());
        expand = TestModels.store(artifacts, InputDrivenCostModels.expand().toBytes());
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

    private ResponseEntity<JsonNode> run(String digest, float x, Long timeoutMs) {
        String body = "{\"variant\":\"" + digest + "\",\"inputs\":[{\"name\":\"x\",\"datatype\":\"FP32\","
                + "\"parts\":[{\"shape\":[1,1],\"data\":[" + x + "]}]}]"
                + (timeoutMs == null ? "" : ",\"timeoutMs\":" + timeoutMs) + "}";
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.APPLICATION_JSON);
        return http.exchange("/internal/v1/batches", HttpMethod.POST, new HttpEntity<>(body, headers), JsonNode.class);
    }

    private static float y(ResponseEntity<JsonNode> answer) {
        assertThat(answer.getStatusCode().value()).as(String.valueOf(answer.getBody())).isEqualTo(200);
        return answer.getBody().get("outputs").get(0).get("parts").get(0).get("data").get(0).floatValue();
    }

    private static void assertCancelled(ResponseEntity<JsonNode> answer, String limit) {
        assertThat(answer.getStatusCode().value()).as(String.valueOf(answer.getBody())).isEqualTo(422);
        JsonNode problem = answer.getBody();
        assertThat(problem.get("type").asText()).isEqualTo("urn:baton:problem:run-cancelled");
        assertThat(problem.get("detail").asText()).contains("cancelled at its deadline after").contains(limit);
        assertThat(problem.get("elapsedMs").asLong()).isGreaterThanOrEqualTo(problem.get("timeoutMs").asLong());
    }

    @Test
    void aLoopDrivenByItsInputIsCancelledAtTheBatchDeadlineAndTheSessionGoesOn() {
        assertThat(y(run(loop, 3, null))).as("x + sum(x) + max(x) trips").isEqualTo(9f);

        ResponseEntity<JsonNode> cancelled = run(loop, FOREVER, 300L);
        assertCancelled(cancelled, "the batch's timeoutMs: 300 ms");

        assertThat(y(run(loop, 4, 10_000L))).as("the same session, after the cancellation").isEqualTo(12f);
    }

    @Test
    void aBatchWithoutTimeoutIsCancelledAtTheWorkersMaxRunTime() {
        assertCancelled(run(loop, FOREVER, null), "baton.worker.max-run-time: 8000 ms");
        assertCancelled(run(loop, FOREVER, 600_000L), "baton.worker.max-run-time: 8000 ms");
    }

    @Test
    void batchesQueuedBehindALoopingOneAreServedOnceItIsCancelled() throws Exception {
        CompletableFuture<ResponseEntity<JsonNode>> hostile = CompletableFuture.supplyAsync(() -> run(loop, FOREVER, 500L));
        // the honest batch waits for the device behind the looping one, then runs
        await().pollDelay(Duration.ofMillis(50)).atMost(Duration.ofSeconds(5)).until(() -> true);
        ResponseEntity<JsonNode> honest = run(loop, 2, 20_000L);
        assertCancelled(hostile.get(), "the batch's timeoutMs: 500 ms");
        assertThat(y(honest)).isEqualTo(6f);
    }

    @Test
    void aBatchWhoseDeadlinePassesWhileItWaitsForTheDeviceIsNotRun() throws Exception {
        CompletableFuture<ResponseEntity<JsonNode>> hostile = CompletableFuture.supplyAsync(() -> run(loop, FOREVER, 1_500L));
        await().pollDelay(Duration.ofMillis(300)).atMost(Duration.ofSeconds(5)).until(() -> true);
        ResponseEntity<JsonNode> late = run(loop, 2, 100L);
        assertThat(late.getStatusCode().value()).as(String.valueOf(late.getBody())).isEqualTo(422);
        assertThat(late.getBody().get("detail").asText()).contains("was not run: its deadline passed");
        assertCancelled(hostile.get(), "the batch's timeoutMs: 1500 ms");
    }

    @Test
    void cancellationsAndTheProcessesResidentSetAreExported() {
        assertCancelled(run(loop, FOREVER, 200L), "the batch's timeoutMs: 200 ms");
        String prometheus = http.getForObject("/actuator/prometheus", String.class);
        assertThat(prometheus).containsPattern("baton_worker_batch_cancelled_total\\{[^}]*\\} [1-9]")
                .containsPattern("baton_worker_process_resident_bytes\\{[^}]*\\} [1-9]");
    }

    @Test
    void aNonPositiveTimeoutIs400() {
        ResponseEntity<JsonNode> answer = run(loop, 1, 0L);
        assertThat(answer.getStatusCode().value()).isEqualTo(400);
        assertThat(answer.getBody().get("field").asText()).isEqualTo("timeoutMs");
    }

    @Test
    void memoryAnExpandingRunTookIsGivenBackAfterIt() {
        int n = 12_000; // one 576 MB buffer
        long bytes = 4L * n * n;
        assertThat(y(run(expand, 2, null))).isEqualTo(6f);
        long before = ResidentMemory.bytes();
        assertThat(y(run(expand, n, null))).as("n² ones summed in FP32").isGreaterThan((float) n * n / 2);
        long after = ResidentMemory.bytes();
        System.out.printf("expand n=%d: resident %d MB before, %d MB after%n", n, before >> 20, after >> 20);
        assertThat(after - before).as("resident growth after a run that allocated %d MB (before %d MB, after %d MB)",
                bytes >> 20, before >> 20, after >> 20).isLessThan(bytes / 4);
    }
}
