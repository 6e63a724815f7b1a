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
import java.util.HexFormat;
import java.util.List;

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
import io.baton.commons.test.RegistryStub;
import io.baton.scheduler.support.WorkerProcess;

/**
 * A request whose run a worker cancels on the run's own account (here: it grew the worker's memory past
 * {@code max-run-memory}) is answered with that reason after one worker, never tried on the next: every worker would
 * cancel it the same way, and trying each multiplied what one hostile request cost the suite. Two real workers, each
 * allowed 64 MB of growth per run; the request asks a {@code Loop} to keep 800 MB.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "baton.scheduler.catalog-ttl=0s"})
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RefusedBatchNotRetriedTest {

    private static final RegistryStub REGISTRY = RegistryStub.started();
    private static final double[][] PROFILE = {{1, 1.0}, {2, 1.1}, {4, 1.2}, {8, 1.4}};

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

    private final ObjectMapper json = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private List<WorkerProcess> processes = List.of();

    @BeforeAll
    void start() throws Exception {
        Path artifacts = dir.resolve("artifacts");
        Files.createDirectories(artifacts);
        byte[] model = InputDrivenCostModels.accumulatingLoop().toBytes();
        String digest = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(model));
        Files.write(artifacts.resolve(digest + ".onnx"), model);
        REGISTRY.put("keep", RegistryStub.singleApp("keep", "work-conserving", 60_000, "v1", digest, PROFILE)
                .replace("[-1,4]", "[-1,1]").replace("[-1,3]", "[-1,1]"));
        URI self = URI.create("http://127.0.0.1:" + port);
        processes = List.of(
                WorkerProcess.start("cpu-a", artifacts, self, dir.resolve("logs"), "--baton.worker.max-run-memory=64MB"),
                WorkerProcess.start("cpu-b", artifacts, self, dir.resolve("logs"), "--baton.worker.max-run-memory=64MB"));
        WorkerProcess.awaitLive(workers, 2, processes, Duration.ofSeconds(90));
    }

    @AfterAll
    void stop() throws Exception {
        for (WorkerProcess p : processes) p.close();
        REGISTRY.close();
    }

    @Test
    void aRunCancelledForItsOwnMemoryIsAnsweredAfterOneWorker() throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                        + "/internal/v1/infer")).header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(120)).POST(HttpRequest.BodyPublishers.ofString("""
                        {"application":"keep","timeoutMs":60000,"inputs":[{"name":"x","datatype":"FP32","shape":[1,1],"data":[200000]}]}"""))
                .build(), HttpResponse.BodyHandlers.ofString());

        assertThat(r.statusCode()).as(r.body()).isEqualTo(502);
        JsonNode problem = json.readTree(r.body());
        assertThat(problem.path("detail").asText()).as(r.body())
                .contains("answered 422")
                .contains("past the bound of 64 MB (baton.worker.max-run-memory)")
                .doesNotContain("tried");
        double ran = 0;
        for (var w : workers.live()) {
            String metrics = http.send(HttpRequest.newBuilder(w.url().resolve("/actuator/prometheus")).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            ran += metrics.lines().filter(l -> l.startsWith("baton_worker_batch_cancelled_total"))
                    .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
        }
        assertThat(ran).as("runs cancelled, over both workers").isEqualTo(1.0);
    }
}
