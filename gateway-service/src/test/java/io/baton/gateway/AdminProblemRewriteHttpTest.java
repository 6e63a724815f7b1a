package io.baton.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;

import io.baton.gateway.support.StubHttp;

/**
 * An upstream's problem body passed through on {@code /v1}: its {@code instance} is the path the client called, not
 * the upstream's internal one, and Spring's "No static resource" for an unknown route reads as a plain "no such
 * route". Any other problem field, and every other answer, passes as it came.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class AdminProblemRewriteHttpTest {

    /** Answers as a Spring Boot service does: 404 problems with its own path as the instance. */
    static final class Upstream extends StubHttp {
        @Override
        protected void handle(HttpExchange exchange) throws Exception {
            String path = exchange.getRequestURI().getPath();
            if (path.equals("/internal/v1/workers/nope")) {
                problem(exchange, 404, "not-found", "no worker nope", "\"instance\":\"" + path + "\"");
            } else if (path.equals("/internal/v1/workers")) {
                json(exchange, 200, "{\"workers\":[],\"instance\":\"/internal/v1/workers\"}");
            } else {
                send(exchange, 404, "application/problem+json", ("{\"type\":\"about:blank\",\"title\":\"Not Found\","
                        + "\"status\":404,\"detail\":\"No static resource " + path.substring(1) + ".\",\"instance\":\""
                        + path + "\"}").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
        }
    }

    static final Upstream UPSTREAM = new Upstream();
    static final String KEY = "problem-rewrite-test-key";

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        properties.add("baton.gateway.registry-url", UPSTREAM::url);
        properties.add("baton.gateway.scheduler-url", UPSTREAM::url);
        properties.add("baton.gateway.api-keys", () -> KEY);
    }

    @AfterAll
    static void stop() {
        UPSTREAM.close();
    }

    @LocalServerPort
    int port;

    final HttpClient http = HttpClient.newHttpClient();

    @Test
    void anUpstreamProblemNamesThePathTheClientCalled() throws Exception {
        JsonNode problem = get("/v1/workers/nope", 404);
        assertThat(problem.get("instance").asText()).isEqualTo("/v1/workers/nope");
        assertThat(problem.get("detail").asText()).isEqualTo("no worker nope");
        assertThat(problem.get("type").asText()).isEqualTo("urn:baton:problem:not-found");
        // not a problem: passed as it came
        assertThat(get("/v1/workers", 200).get("instance").asText()).isEqualTo("/internal/v1/workers");
    }

    @Test
    void anUnknownV1RouteIsAPlainNoSuchRoute() throws Exception {
        JsonNode problem = get("/v1/nope", 404);
        assertThat(problem.get("detail").asText()).isEqualTo("no such route: GET /v1/nope");
        assertThat(problem.get("instance").asText()).isEqualTo("/v1/nope");
    }

    JsonNode get(String path, int status) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("X-API-Key", KEY).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + " -> " + r.body()).isEqualTo(status);
        if (status >= 400) {
            assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
            assertThat(r.body()).doesNotContain("java.", "Exception", "<html");
        }
        return new ObjectMapper().readTree(r.body());
    }
}
