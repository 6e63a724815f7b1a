package io.baton.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.gateway.support.Apps;
import io.baton.gateway.support.StubRegistry;
import io.baton.gateway.support.StubUpstreams;

/**
 * The gateway with its registry stand-in stopped, over real HTTP: application definitions and API-key verdicts it
 * read before are served past their TTL (a TTL of zero here: each of them has expired before the registry stops), so
 * inference with a key checked before goes on; a key never checked is a 503 naming the registry (not a 401), as is an
 * application never read; admin writes answer a 503 problem naming the registry; the repository index lists what the
 * registry named last.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.gateway.inference-auth=required",
        "baton.gateway.app-cache-ttl=0s",
        "baton.gateway.api-key-cache-ttl=0s",
        "baton.gateway.api-key-outage-grace=1h"})
class GatewayRegistryDownHttpTest {

    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();
    static final StubRegistry REGISTRY = UPSTREAMS.registry();
    static final ObjectMapper JSON = new ObjectMapper();
    static final String INFER_BODY = """
            {"inputs": [{"name": "x", "shape": [1, 4], "datatype": "FP32", "data": [1, 2, 3, 4]}]}""";

    static {
        Apps.install(REGISTRY, UPSTREAMS.scheduler());
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
    }

    @LocalServerPort
    int port;

    final HttpClient http = HttpClient.newHttpClient();

    @Test
    void servesWhatItHoldsAndRefusesTheRestWithAReasonWhileTheRegistryIsDown() throws Exception {
        String infer = REGISTRY.issueKey("app", "infer");
        String admin = REGISTRY.issueKey("ops", "admin");
        String neverChecked = REGISTRY.issueKey("late", "infer");
        HttpResponse<String> before = send(post("/v2/models/fashion/infer", INFER_BODY).header("X-API-Key", infer));
        assertThat(before.statusCode()).as(before.body()).isEqualTo(200);
        assertThat(send(get("/v1/applications").header("X-API-Key", admin)).statusCode()).isEqualTo(200);
        assertThat(send(post("/v2/repository/index", "{}").header("X-API-Key", infer)).statusCode()).isEqualTo(200);

        String x4 = Apps.spec("x", "FP32", "[-1,4]");
        String probs2 = Apps.spec("probs", "FP32", "[-1,2]");
        REGISTRY.application("unread", Apps.application("unread", "single", "{}", 10_000, x4, probs2,
                Apps.variant("only", 0, x4, probs2))); // registered after the index: the gateway never read it

        REGISTRY.close();

        for (int i = 0; i < 3; i++) {
            HttpResponse<String> served = send(post("/v2/models/fashion/infer", INFER_BODY).header("X-API-Key", infer));
            assertThat(served.statusCode()).as(served.body()).isEqualTo(200);
            assertThat(JSON.readTree(served.body()).at("/outputs/0/data/0").asDouble()).isEqualTo(10.0);
        }
        HttpResponse<String> metadata = send(get("/v2/models/fashion").header("X-API-Key", infer));
        assertThat(metadata.statusCode()).as(metadata.body()).isEqualTo(200);
        HttpResponse<String> index = send(post("/v2/repository/index", "{}").header("X-API-Key", infer));
        assertThat(index.statusCode()).as(index.body()).isEqualTo(200);
        assertThat(index.body()).contains("\"fashion\"");

        HttpResponse<String> unchecked = send(post("/v2/models/fashion/infer", INFER_BODY)
                .header("X-API-Key", neverChecked));
        assertThat(unchecked.statusCode()).as(unchecked.body()).isEqualTo(503);
        assertThat(JSON.readTree(unchecked.body()).path("error").asText())
                .contains("API keys cannot be checked").contains("registry unreachable").doesNotContain(neverChecked);

        HttpResponse<String> neverRead = send(post("/v2/models/unread/infer", INFER_BODY).header("X-API-Key", infer));
        assertThat(neverRead.statusCode()).as(neverRead.body()).isEqualTo(503);
        assertThat(JSON.readTree(neverRead.body()).path("error").asText()).contains("registry unreachable");

        HttpResponse<String> write = send(post("/v1/applications", "{\"name\":\"new\"}").header("X-API-Key", admin));
        assertThat(write.statusCode()).as(write.body()).isEqualTo(503);
        assertThat(write.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/problem+json");
        JsonNode problem = JSON.readTree(write.body());
        assertThat(problem.path("type").asText()).isEqualTo("urn:baton:problem:registry-unavailable");
        assertThat(problem.path("detail").asText()).startsWith("registry unreachable at " + REGISTRY.url());
        assertThat(problem.path("instance").asText()).isEqualTo("/v1/applications");
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    HttpRequest.Builder get(String path) {
        return HttpRequest.newBuilder(uri(path)).GET();
    }

    HttpRequest.Builder post(String path, String json) {
        return HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
    }

    HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
