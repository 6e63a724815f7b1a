package io.baton.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.core.security.InternalAuth;

/**
 * A worker with internal authentication on, called over a real socket: a batch without the suite's secret or with a
 * wrong one is refused (401) and runs nothing; with it, the batch runs. Health probes stay open.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.internal.auth=required", "baton.internal.secret=" + WorkerInternalAuthTest.SECRET,
        "baton.worker.device-id=cpu-auth", "baton.worker.intra-op-threads=1", "baton.worker.memory-budget=64MB"})
class WorkerInternalAuthTest {

    static final String SECRET = "worker-test-secret-0123456789abcdef";
    static final ObjectMapper JSON = new ObjectMapper();
    static Path artifacts;
    static String digest;
    /** Only ever sent without the secret: it must never be loaded. */
    static String refusedDigest;

    @LocalServerPort
    int port;

    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void model() throws Exception {
        artifacts = Files.createTempDirectory("worker-auth-artifacts");
        digest = TestModels.store(artifacts, TestModels.dense(3, 4, 2));
        refusedDigest = TestModels.store(artifacts, TestModels.dense(4, 4, 2));
    }

    @DynamicPropertySource
    static void source(DynamicPropertyRegistry registry) {
        registry.add("baton.worker.registry-url", () -> artifacts.toUri().toString());
    }

    private HttpResponse<String> batch(String variant, String secret) throws Exception {
        String body = "{\"variant\":\"" + variant + "\",\"inputs\":[{\"name\":\"x\",\"datatype\":\"FP32\","
                + "\"parts\":[{\"shape\":[1,4],\"data\":[1,2,3,4]}]}]}";
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/internal/v1/batches"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        if (secret != null) request.header(InternalAuth.HEADER, secret);
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private int get(String path, String secret) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
        if (secret != null) request.header(InternalAuth.HEADER, secret);
        return http.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    @Test
    void aBatchWithoutTheSecretIsRefusedAndRunsNothing() throws Exception {
        HttpResponse<String> none = batch(refusedDigest, null);
        HttpResponse<String> wrong = batch(refusedDigest, "worker-test-secret-0123456789abcdeX");
        assertThat(none.statusCode()).isEqualTo(401);
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(none.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/problem+json"));
        JsonNode problem = JSON.readTree(wrong.body());
        assertThat(problem.path("status").asInt()).isEqualTo(401);
        assertThat(wrong.body()).isEqualTo(none.body()); // nothing tells a wrong secret from a missing one
        // nothing was loaded: the model list is empty (read with the secret)
        HttpResponse<String> models = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/internal/v1/models"))
                .header(InternalAuth.HEADER, SECRET).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(models.statusCode()).isEqualTo(200);
        assertThat(models.body()).doesNotContain(refusedDigest);
    }

    @Test
    void aBatchWithTheSecretRuns() throws Exception {
        HttpResponse<String> ok = batch(digest, SECRET);
        assertThat(ok.statusCode()).as(ok.body()).isEqualTo(200);
        assertThat(JSON.readTree(ok.body()).path("outputs").get(0).path("shape").toString()).isEqualTo("[1,2]");
    }

    @Test
    void probesAreOpenAndMetricsAreNot() throws Exception {
        assertThat(get("/actuator/health/readiness", null)).isEqualTo(200);
        assertThat(get("/actuator/health/liveness", null)).isEqualTo(200);
        assertThat(get("/actuator/prometheus", null)).isEqualTo(401);
        assertThat(get("/actuator/info", null)).isEqualTo(401);
        assertThat(get("/internal/v1/device", null)).isEqualTo(401);
    }
}
