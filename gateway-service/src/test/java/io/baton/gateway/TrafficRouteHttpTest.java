package io.baton.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.baton.gateway.support.RecordingUpstream;
import io.baton.gateway.support.StubRegistry;

/**
 * {@code GET /v1/traffic} over real HTTP: passed to the scheduler's {@code /internal/v1/traffic} with its query, behind
 * the API key; a bad {@code since} is a 400 problem naming it, and never reaches the scheduler.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class TrafficRouteHttpTest {

    static final StubRegistry REGISTRY = new StubRegistry();
    static final RecordingUpstream SCHEDULER = new RecordingUpstream("scheduler");
    static final String KEY = "traffic-key";
    static final ObjectMapper JSON = new ObjectMapper();

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        properties.add("baton.gateway.registry-url", REGISTRY::url);
        properties.add("baton.gateway.scheduler-url", SCHEDULER::url);
        properties.add("baton.gateway.api-keys", () -> KEY);
    }

    @AfterAll
    static void stopStubs() {
        REGISTRY.close();
        SCHEDULER.close();
    }

    @LocalServerPort
    int port;

    final HttpClient http = HttpClient.newHttpClient();

    HttpResponse<String> get(String path, boolean withKey) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).GET();
        if (withKey) b.header("X-API-Key", KEY);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void passedToTheSchedulersRecordingWithItsSince() throws Exception {
        for (String since : new String[] {"", "?since=2026-11-27T10:00:00Z", "?since=1795000000000"}) {
            HttpResponse<String> r = get("/v1/traffic" + since, true);
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            assertThat(JSON.readTree(r.body()).get("uri").asText()).isEqualTo("/internal/v1/traffic" + since);
        }
    }

    @Test
    void aBadSinceIsA400NamingItAndTheKeyIsNeeded() throws Exception {
        int before = SCHEDULER.seen.size();
        HttpResponse<String> bad = get("/v1/traffic?since=last-tuesday", true);
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(bad.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/problem+json");
        JsonNode problem = JSON.readTree(bad.body());
        assertThat(problem.get("field").asText()).isEqualTo("since");
        assertThat(problem.get("detail").asText()).contains("ISO-8601", "last-tuesday");
        assertThat(SCHEDULER.seen).hasSize(before);

        HttpResponse<String> anonymous = get("/v1/traffic", false);
        assertThat(anonymous.statusCode()).isEqualTo(401);
    }
}
