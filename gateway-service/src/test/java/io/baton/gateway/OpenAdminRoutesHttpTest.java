package io.baton.gateway;

import static io.baton.gateway.GatewaySecurityHttpTest.assertProblem;
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

import io.baton.gateway.support.Apps;
import io.baton.gateway.support.StubRegistry;
import io.baton.gateway.support.StubScheduler;
import io.baton.gateway.support.StubUpstreams;

/**
 * No bootstrap key and nothing cached (TTL 0): the admin routes are open exactly while the registry has no active
 * key, and close as soon as it has one; inference stays open (optional) but a key sent must be valid.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "baton.gateway.api-key-cache-ttl=0s")
class OpenAdminRoutesHttpTest {

    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();
    static final StubRegistry REGISTRY = UPSTREAMS.registry();
    static final StubScheduler SCHEDULER = UPSTREAMS.scheduler();
    static final String INFER_BODY = GatewaySecurityHttpTest.INFER_BODY;

    static {
        Apps.install(REGISTRY, SCHEDULER);
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
    }

    @LocalServerPort
    int port;

    final HttpClient http = HttpClient.newHttpClient();

    @Test
    void adminRoutesAreOpenOnlyUntilTheFirstKeyIsActive() throws Exception {
        REGISTRY.revokeAll();
        assertThat(send(get("/v1/applications")).statusCode()).isEqualTo(200);
        assertProblem(send(get("/v1/applications").header("X-API-Key", "made-up")), 401, "unauthorized");

        String admin = REGISTRY.issueKey("first", "admin");
        assertProblem(send(get("/v1/applications")), 401, "unauthorized");
        assertThat(send(get("/v1/applications").header("X-API-Key", admin)).statusCode()).isEqualTo(200);

        REGISTRY.revokeAll();
        assertThat(send(get("/v1/applications")).statusCode()).isEqualTo(200);
    }

    @Test
    void optionalInferenceNeedsNoKeyButRefusesAWrongOne() throws Exception {
        String infer = REGISTRY.issueKey("client", "infer");
        assertThat(send(post("/v2/models/fashion/infer", INFER_BODY)).statusCode()).isEqualTo(200);
        assertThat(send(post("/v2/models/fashion/infer", INFER_BODY).header("X-API-Key", infer)).statusCode())
                .isEqualTo(200);
        HttpResponse<String> wrong = send(post("/v2/models/fashion/infer", INFER_BODY).header("X-API-Key", "bad"));
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(wrong.body()).contains("\"error\"");
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
