package io.baton.profiler;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;

import io.baton.core.security.InternalAuth;

/**
 * The profiler with internal authentication on, over real sockets: a job is taken up only for a caller with the
 * suite's secret (401 without it or with a wrong one, and the registry is never asked); taking it up, the profiler
 * reads the registry with the secret (a stand-in registry on loopback records the header it received).
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.internal.auth=required", "baton.internal.secret=" + InternalAuthJobTest.SECRET})
class InternalAuthJobTest {

    static final String SECRET = "profiler-test-secret-0123456789abc";
    static final ObjectMapper JSON = new ObjectMapper();
    static final List<String> SEEN_BY_REGISTRY = new CopyOnWriteArrayList<>();
    static final HttpServer REGISTRY = registry();

    static HttpServer registry() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            server.createContext("/", exchange -> {
                SEEN_BY_REGISTRY.add(String.valueOf(exchange.getRequestHeaders().getFirst(InternalAuth.HEADER)));
                byte[] body = "{\"status\":404,\"detail\":\"no application\"}".getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "application/problem+json");
                exchange.sendResponseHeaders(404, body.length);
                exchange.getResponseBody().write(body);
                exchange.close();
            });
            server.start();
            return server;
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @DynamicPropertySource
    static void registryUrl(DynamicPropertyRegistry properties) {
        properties.add("baton.profiler.registry-url", () -> "http://127.0.0.1:" + REGISTRY.getAddress().getPort());
    }

    @AfterAll
    static void stop() {
        REGISTRY.stop(0);
    }

    @LocalServerPort
    int port;

    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<String> call(String method, String path, String body, String secret) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (secret != null) request.header(InternalAuth.HEADER, secret);
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aJobIsTakenUpOnlyForTheSuiteAndReadsTheRegistryWithTheSecret() throws Exception {
        String job = "{\"application\":\"fashion\"}";
        HttpResponse<String> none = call("POST", "/v1/profiling-jobs", job, null);
        HttpResponse<String> wrong = call("POST", "/v1/profiling-jobs", job, SECRET.toUpperCase());
        assertThat(none.statusCode()).isEqualTo(401);
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(JSON.readTree(none.body()).path("title").asText()).isEqualTo("Unauthorized");
        assertThat(call("GET", "/v1/profiling-jobs", null, null).statusCode()).isEqualTo(401);
        assertThat(JSON.readTree(call("GET", "/v1/profiling-jobs", null, SECRET).body()).toString()).doesNotContain("fashion");
        assertThat(SEEN_BY_REGISTRY).isEmpty();

        // With the secret the profiler takes the job up: it asks the registry for the application, with the secret,
        // and answers what the registry said (this stand-in knows no application).
        HttpResponse<String> taken = call("POST", "/v1/profiling-jobs", job, SECRET);
        assertThat(taken.statusCode()).as(taken.body()).isEqualTo(404);
        assertThat(JSON.readTree(taken.body()).path("field").asText()).isEqualTo("application");
        assertThat(SEEN_BY_REGISTRY).isNotEmpty().allMatch(SECRET::equals);
    }

    @Test
    void probesStayOpen() throws Exception {
        assertThat(call("GET", "/actuator/health/readiness", null, null).statusCode()).isEqualTo(200);
        assertThat(call("GET", "/actuator/info", null, null).statusCode()).isEqualTo(401);
    }
}
