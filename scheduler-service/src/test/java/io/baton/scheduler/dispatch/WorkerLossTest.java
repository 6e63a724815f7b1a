package io.baton.scheduler.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.scheduler.membership.WorkerRegistry;
import io.baton.scheduler.support.LinearModel;
import io.baton.commons.test.RegistryStub;
import io.baton.scheduler.support.WorkerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A worker killed (SIGKILL) in the middle of a steady load: every request still ends answered, served by the
 * worker that is left or refused with a reason, and the dead worker is evicted.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "baton.scheduler.worker-timeout=3s", "baton.scheduler.eviction-interval=100ms"})
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WorkerLossTest {

    private static final RegistryStub REGISTRY = RegistryStub.started();

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
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final List<WorkerProcess> processes = new ArrayList<>();

    @AfterAll
    void stop() throws Exception {
        for (WorkerProcess p : processes) p.close();
        REGISTRY.close();
    }

    /** Serves requests until {@code count} workers have each answered one: their models loaded, their JITs warm. */
    private void warmUp(URI self, int count) throws Exception {
        java.util.Set<String> answered = new java.util.HashSet<>();
        for (int round = 0; round < 50 && answered.size() < count; round++) {
            List<CompletableFuture<HttpResponse<String>>> burst = new ArrayList<>();
            for (int i = 0; i < 8; i++) burst.add(infer(self, i));
            for (CompletableFuture<HttpResponse<String>> r : burst) {
                HttpResponse<String> answer = r.get(30, TimeUnit.SECONDS);
                if (answer.statusCode() == 200) answered.add(json.readTree(answer.body()).path("workerId").asText());
            }
        }
    }

    private CompletableFuture<HttpResponse<String>> infer(URI self, int i) {
        return http.sendAsync(HttpRequest.newBuilder(URI.create(self + "/internal/v1/infer"))
                .header("Content-Type", "application/json").timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofString("""
                        {"application":"lin","inputs":[{"name":"x","datatype":"FP32","shape":[1,4],"data":[1,2,3,%d]}]}"""
                        .formatted(i))).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void killingAWorkerUnderLoadLeavesNoRequestUnanswered() throws Exception {
        String digest = new LinearModel(1f).writeTo(dir.resolve("artifacts"));
        REGISTRY.put("lin", RegistryStub.singleApp("lin", "symphony", 1500, "v1", digest,
                new double[][] {{1, 1.0}, {8, 1.4}, {32, 2.6}}));
        URI self = URI.create("http://127.0.0.1:" + port);
        WorkerProcess doomed = WorkerProcess.start("cpu-doomed", dir.resolve("artifacts"), self, dir.resolve("logs"));
        WorkerProcess survivor = WorkerProcess.start("cpu-survivor", dir.resolve("artifacts"), self, dir.resolve("logs"));
        processes.add(doomed);
        processes.add(survivor);
        WorkerProcess.awaitLive(workers, 2, processes, Duration.ofSeconds(90));

        warmUp(self, 2);

        // About 200 requests a second for 3 s; the doomed worker dies after 1 s.
        List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
        long start = System.nanoTime();
        boolean killed = false;
        for (int i = 0; i < 600; i++) {
            long due = start + i * 5_000_000L;
            while (System.nanoTime() < due) Thread.onSpinWait();
            if (!killed && i == 200) {
                doomed.kill();
                killed = true;
            }
            answers.add(infer(self, i));
        }

        Map<String, Integer> outcomes = new TreeMap<>();
        int servedBySurvivorAfterKill = 0;
        Map<Integer, Integer> timeline = new TreeMap<>();
        for (int i = 0; i < answers.size(); i++) {
            HttpResponse<String> r = answers.get(i).get(30, TimeUnit.SECONDS); // none hangs
            JsonNode body = json.readTree(r.body());
            if (r.statusCode() == 200) {
                outcomes.merge("200", 1, Integer::sum);
                if (i > 400 && body.path("workerId").asText().equals("cpu-survivor")) servedBySurvivorAfterKill++;
            } else {
                // A refusal names its kind and says why.
                assertThat(r.statusCode()).as(r.body()).isIn(502, 503);
                assertThat(body.path("type").asText()).as(r.body()).isIn("urn:baton:problem:dropped",
                        "urn:baton:problem:worker-failed");
                assertThat(body.path("detail").asText()).isNotBlank();
                outcomes.merge(r.statusCode() + " " + body.path("reason").asText(body.path("type").asText()), 1, Integer::sum);
                timeline.merge(i / 50, 1, Integer::sum);
            }
        }
        System.out.println("WorkerLossTest outcomes: " + outcomes + " refusals per 50 requests sent: " + timeline);
        // How many are served depends on how loaded this machine is; that the survivor serves after the kill does not.
        assertThat(outcomes.getOrDefault("200", 0)).as(outcomes.toString()).isPositive();
        assertThat(servedBySurvivorAfterKill).as("requests after the kill are served by the worker left").isPositive();
        long evictedBy = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (workers.live().size() != 1 && System.nanoTime() < evictedBy) Thread.sleep(100);
        assertThat(workers.live()).extracting(w -> w.workerId()).containsExactly("cpu-survivor");
    }
}
