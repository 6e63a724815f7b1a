package io.baton.scheduler.membership;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.core.security.InternalAuth;
import io.baton.scheduler.support.LinearModel;
import io.baton.commons.test.RegistryStub;
import io.baton.scheduler.support.WorkerProcess;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * The scheduler with internal authentication on and a real worker (its jar, the same secret) that registered on its
 * own: a stranger cannot register a worker (401 without the secret or with a wrong one), nor take the live worker's
 * id from another address even with the secret (409 naming the id); the real worker keeps serving inference, and no
 * refused registration leaves a meter labelled with its worker.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "baton.internal.auth=required", "baton.internal.secret=" + InternalAuthRegistrationTest.SECRET,
        "baton.scheduler.worker-timeout=3s", "baton.scheduler.eviction-interval=200ms", "baton.scheduler.catalog-ttl=0s"})
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@AutoConfigureObservability
class InternalAuthRegistrationTest {

    static final String SECRET = "scheduler-test-secret-0123456789ab";
    private static final RegistryStub REGISTRY = RegistryStub.started();
    private static final LinearModel MODEL = new LinearModel(1f);
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
    @Autowired
    MeterRegistry meters;

    private final ObjectMapper json = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final List<WorkerProcess> processes = new ArrayList<>();
    private URI realUrl;

    @BeforeAll
    void startWorker() throws Exception {
        String digest = MODEL.writeTo(dir.resolve("artifacts"));
        REGISTRY.put("lin", RegistryStub.singleApp("lin", "symphony", 2000, "v1", digest, PROFILE));
        processes.add(WorkerProcess.start("cpu-a", dir.resolve("artifacts"), URI.create("http://127.0.0.1:" + port),
                dir.resolve("logs"), "--baton.internal.secret=" + SECRET));
        WorkerProcess.awaitLive(workers, 1, processes, Duration.ofSeconds(90));
        realUrl = workers.find("cpu-a").orElseThrow().url();
    }

    @AfterAll
    void stop() throws Exception {
        for (WorkerProcess p : processes) p.close();
        REGISTRY.close();
    }

    @Test
    void aStrangerCannotRegisterAWorker() throws Exception {
        HttpResponse<String> none = register("fake-1", "http://127.0.0.1:9", null);
        HttpResponse<String> wrong = register("fake-1", "http://127.0.0.1:9", SECRET.replace('a', 'b'));
        assertThat(none.statusCode()).isEqualTo(401);
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(json.readTree(none.body()).path("type").asText()).isEqualTo("urn:baton:problem:unauthorized");
        assertThat(workers.find("fake-1")).isEmpty();
        assertThat(metersNaming("fake-1")).isEmpty();
        // and cannot read the membership either
        assertThat(http.send(HttpRequest.newBuilder(uri("/internal/v1/workers")).build(), HttpResponse.BodyHandlers.discarding())
                .statusCode()).isEqualTo(401);
    }

    @Test
    void aLiveWorkersIdCannotBeTakenFromAnotherAddressAndItKeepsServing() throws Exception {
        HttpResponse<String> taken = register("cpu-a", "http://127.0.0.1:9", SECRET);
        assertThat(taken.statusCode()).as(taken.body()).isEqualTo(409);
        JsonNode problem = json.readTree(taken.body());
        assertThat(problem.path("type").asText()).isEqualTo("urn:baton:problem:worker-id-taken");
        assertThat(problem.path("workerId").asText()).isEqualTo("cpu-a");
        assertThat(problem.path("detail").asText()).contains("'cpu-a'");

        Worker still = workers.find("cpu-a").orElseThrow();
        assertThat(still.url()).isEqualTo(realUrl);
        assertThat(still.live()).isTrue();
        for (int i = 0; i < 5; i++) {
            HttpResponse<String> answer = http.send(HttpRequest.newBuilder(uri("/internal/v1/infer"))
                    .header(InternalAuth.HEADER, SECRET).header("Content-Type", "application/json").timeout(Duration.ofSeconds(30))
                    .POST(HttpRequest.BodyPublishers.ofString("""
                            {"application":"lin","inputs":[{"name":"x","datatype":"FP32","shape":[1,4],"data":[1,2,3,%d]}]}"""
                            .formatted(i))).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        }
        assertThat(metersNaming("http://127.0.0.1:9")).isEmpty();
    }

    @Test
    void theSameWorkerReRegisteringFromItsOwnAddressIsAccepted() throws Exception {
        HttpResponse<String> again = register("cpu-a", realUrl.toString(), SECRET);
        assertThat(again.statusCode()).as(again.body()).isEqualTo(200);
        assertThat(workers.find("cpu-a").orElseThrow().url()).isEqualTo(realUrl);
    }

    @Test
    void probesStayOpen() throws Exception {
        assertThat(http.send(HttpRequest.newBuilder(uri("/actuator/health/readiness")).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode()).isEqualTo(200);
        assertThat(http.send(HttpRequest.newBuilder(uri("/actuator/prometheus")).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode()).isEqualTo(401);
    }

    private List<Meter> metersNaming(String value) {
        return meters.getMeters().stream()
                .filter(m -> m.getId().getTags().stream().anyMatch(t -> t.getValue().equals(value))).toList();
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private HttpResponse<String> register(String id, String url, String secret) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri("/internal/v1/workers"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(WorkerHttp.registration(id, url)));
        if (secret != null) request.header(InternalAuth.HEADER, secret);
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
