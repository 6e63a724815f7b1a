package io.baton.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.gateway.support.RawHttp;
import io.baton.gateway.support.StubRegistry;
import io.baton.gateway.support.StubScheduler;
import io.baton.gateway.support.StubUpstreams;

/**
 * The gateway forwards exactly the path it authorised: a path with a dot segment ({@code .}, {@code ..}, also encoded
 * as {@code %2e}) or an encoded slash or backslash is refused with 400 naming the problem, and nothing reaches the
 * registry. Sent over a raw socket, since HTTP clients remove dot segments before sending.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class PathGuardHttpTest {

    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();
    static final StubRegistry REGISTRY = UPSTREAMS.registry();
    static final StubScheduler SCHEDULER = UPSTREAMS.scheduler();
    static final ObjectMapper JSON = new ObjectMapper();

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
    }

    @LocalServerPort
    int port;

    @Test
    void dotSegmentsAreRefusedOnTheAdminRoutesAndNothingIsForwarded() throws Exception {
        for (String path : List.of("/v1/applications/../api-keys", "/v1/applications/%2e%2e/api-keys",
                "/v1/applications/%2E%2E/api-keys", "/v1/applications/.%2e/api-keys", "/v1/./api-keys",
                "/v1/applications/..;x=1/api-keys", "/v2/health/../../v1/api-keys", "/v1/applications/..")) {
            RawHttp.Answer a = RawHttp.get("127.0.0.1", port, path, 5_000);
            assertThat(a.status()).as(path).isEqualTo(400);
            assertThat(a.body()).as(path).doesNotContain("<html").doesNotContain("Exception");
            JsonNode body = JSON.readTree(a.body());
            String message = body.has("detail") ? body.get("detail").asText() : body.get("error").asText();
            assertThat(message).as(path).contains("dot segment");
        }
        RawHttp.Answer admin = RawHttp.get("127.0.0.1", port, "/v1/applications/../api-keys", 5_000);
        assertThat(admin.header("Content-Type")).startsWith("application/problem+json");
        assertThat(JSON.readTree(admin.body()).get("detail").asText())
                .isEqualTo("the path /v1/applications/../api-keys has a dot segment ('..'); send the path without them");
        assertThat(REGISTRY.seen).noneMatch(s -> s.uri().contains("api-keys") || s.uri().contains(".."));
    }

    @Test
    void encodedSlashesAndBackslashesAreRefused() throws Exception {
        for (String path : List.of("/v1/applications%2f..%2fapi-keys", "/v1/applications/a%2Fb",
                "/v1/applications/a%5cb", "/v2/models/a%2fb/infer")) {
            RawHttp.Answer a = RawHttp.get("127.0.0.1", port, path, 5_000);
            assertThat(a.status()).as(path).isEqualTo(400);
            assertThat(a.body()).as(path).doesNotContain("<html");
        }
        assertThat(REGISTRY.seen).noneMatch(s -> s.uri().contains("api-keys") || s.uri().contains("a/b"));
    }

    @Test
    void anOrdinaryPathIsForwardedAsWritten() throws Exception {
        RawHttp.Answer a = RawHttp.get("127.0.0.1", port, "/v1/plans/x.y?z=.", 5_000);
        assertThat(a.status()).as(a.body()).isEqualTo(200);
        assertThat(REGISTRY.seen).anyMatch(s -> s.uri().equals("/v1/plans/x.y?z=."));
    }
}
