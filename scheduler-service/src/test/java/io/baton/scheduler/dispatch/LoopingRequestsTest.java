package io.baton.scheduler.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.core.onnx.InputDrivenCostModels;
import io.baton.scheduler.membership.WorkerRegistry;
import io.baton.scheduler.support.LinearModel;
import io.baton.commons.test.RegistryStub;
import io.baton.scheduler.support.WorkerProcess;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;

/**
 * Requests whose model loops for as long as their input says, through the real scheduler to one real worker: the
 * worker cancels each batch at the time the scheduler gave it and says so, the requests are answered with that reason,
 * the worker's circuit breaker stays closed (a cancelled run is the batch's fault, not the worker's), and the honest
 * application beside them is served.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        // The grace is what the worker has past the deadline to say it cancelled; a loaded machine needs more than 500 ms.
        "baton.scheduler.catalog-ttl=0s", "baton.scheduler.worker-call-grace=2s"})
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LoopingRequestsTest {

    private static final RegistryStub REGISTRY = RegistryStub.started();
    private static final double[][] PROFILE = {{1, 1.0}, {2, 1.1}, {4, 1.2}, {8, 1.4}, {16, 1.8}, {32, 2.6}};

    @DynamicPropertySource
    static void registry(DynamicPropertyRegistry properties) {
        properties.add("baton.scheduler.registry-url", () -> REGISTRY.url().toString());
    }

    @TempDir
    static Path dir;
    @LocalServerPort
    int port;
    @Autowired
    WorkerRegistry workers;
    @Autowired
    WorkerClient workerClient;

    private final ObjectMapper json = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private WorkerProcess worker;

    @BeforeAll
    void start() throws Exception {
        Path artifacts = dir.resolve("artifacts");
        Files.createDirectories(artifacts);
        byte[] loop = InputDrivenCostModels.loop().toBytes();
        String loopDigest = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(loop));
        Files.write(artifacts.resolve(loopDigest + ".onnx"), loop);
        REGISTRY.put("loop", RegistryStub.singleApp("loop", "symphony", 1000, "v1", loopDigest, PROFILE)
                .replace("[-1,4]", "[-1,1]").replace("[-1,3]", "[-1,1]"));
        String lin = new LinearModel(1f).writeTo(artifacts);
        REGISTRY.put("lin", RegistryStub.singleApp("lin", "symphony", 2000, "v1", lin, PROFILE));
        worker = WorkerProcess.start("cpu-loop", artifacts, URI.create("http://127.0.0.1:" + port), dir.resolve("logs"));
        WorkerProcess.awaitLive(workers, 1, List.of(worker), Duration.ofSeconds(90));
    }

    @AfterAll
    void stop() throws Exception {
        if (worker != null) worker.close();
        REGISTRY.close();
    }

    private CompletableFuture<HttpResponse<String>> infer(String body) {
        return http.sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/internal/v1/infer"))
                .header("Content-Type", "application/json").timeout(Duration.ofSeconds(60))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void loopingRequestsAreCancelledAtTheirTimeAndTheWorkerStaysInService() throws Exception {
        List<CompletableFuture<HttpResponse<String>>> hostile = new ArrayList<>();
        long start = System.nanoTime();
        for (int i = 0; i < 4; i++) {
            // 10^9 trips: minutes on one core
            hostile.add(infer("""
                    {"application":"loop","timeoutMs":800,"inputs":[{"name":"x","datatype":"FP32","shape":[1,1],"data":[1e9]}]}"""));
            Thread.sleep(20);
        }
        int cancelled = 0;
        for (CompletableFuture<HttpResponse<String>> h : hostile) {
            HttpResponse<String> r = h.get();
            JsonNode problem = json.readTree(r.body());
            if (r.statusCode() == 503) { // queued behind a looping batch, its deadline became unmeetable: the policy's
                assertThat(problem.get("reason").asText()).as(r.body()).isEqualTo("DEADLINE_UNMEETABLE");
                continue;
            }
            assertThat(r.statusCode()).as(r.body()).isEqualTo(502);
            assertThat(problem.get("detail").asText()).contains("answered 422").contains("cancelled at its deadline after");
            cancelled++;
        }
        assertThat(cancelled).as("the first looping batch at least ran and was cancelled").isPositive();
        System.out.printf("4 looping requests answered within %d ms (%d cancelled on the worker)%n",
                (System.nanoTime() - start) / 1_000_000, cancelled);
        assertThat(workerClient.breaker("cpu-loop").getState()).isEqualTo(CircuitBreaker.State.CLOSED);

        List<CompletableFuture<HttpResponse<String>>> honest = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            honest.add(infer("""
                    {"application":"lin","inputs":[{"name":"x","datatype":"FP32","shape":[1,4],"data":[1,2,3,%d]}]}"""
                    .formatted(i)));
        }
        for (CompletableFuture<HttpResponse<String>> h : honest) {
            HttpResponse<String> r = h.get();
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        }
        assertThat(workerClient.breaker("cpu-loop").getState()).isEqualTo(CircuitBreaker.State.CLOSED);
    }
}
