package io.baton.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The admin routes when the profiler and the scheduler cannot be reached: a 503 problem naming which, at once. */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class AdminUpstreamDownHttpTest {

    static final String DOWN = "http://127.0.0.1:" + closedPort();

    static int closedPort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort(); // closed again at once: nothing listens there
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        properties.add("baton.gateway.profiler-url", () -> DOWN);
        properties.add("baton.gateway.scheduler-url", () -> DOWN);
        // A bootstrap key settles the key check here, so the registry (down too) is never asked.
        properties.add("baton.gateway.api-keys", () -> KEY);
    }

    static final String KEY = "upstream-down-test-key";

    @LocalServerPort
    int port;

    @Test
    void unreachableUpstreamsAreA503NamingThem() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        for (String[] c : new String[][] {{"/v1/profiling-jobs", "profiler"}, {"/v1/metrics/summary", "scheduler"},
                {"/v1/workers", "scheduler"}}) {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + c[0]))
                    .header("X-API-Key", KEY).GET().build(), HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).as(c[0]).isEqualTo(503);
            assertThat(r.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/problem+json");
            JsonNode problem = new ObjectMapper().readTree(r.body());
            assertThat(problem.get("type").asText()).isEqualTo("urn:baton:problem:" + c[1] + "-unavailable");
            assertThat(problem.get("detail").asText()).startsWith(c[1] + " unreachable at " + DOWN);
            assertThat(problem.get("instance").asText()).isEqualTo(c[0]);
        }
    }
}
