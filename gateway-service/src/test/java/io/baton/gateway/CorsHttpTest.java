package io.baton.gateway;

import static io.baton.gateway.GatewaySecurityHttpTest.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

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

import io.baton.gateway.support.StubRegistry;

/**
 * {@code baton.gateway.cors.allowed-origins} set: preflights and simple requests from those origins are answered with
 * CORS headers (a preflight needs no key), any other origin gets 403. The registry here is unreachable (its port
 * closed) and no bootstrap key is configured, so whether the admin routes are open cannot be known: 503, not 401.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.gateway.cors.allowed-origins=" + CorsHttpTest.ADMIN_PAGE + ", http://localhost:5173",
        "baton.gateway.health-timeout=200ms"})
class CorsHttpTest {

    static final String ADMIN_PAGE = "https://admin.example.com";
    static final ObjectMapper JSON = new ObjectMapper();

    @DynamicPropertySource
    static void deadRegistry(DynamicPropertyRegistry properties) {
        StubRegistry gone = new StubRegistry();
        String url = gone.url();
        gone.close();
        properties.add("baton.gateway.registry-url", () -> url);
        properties.add("baton.gateway.scheduler-url", () -> url);
    }

    @LocalServerPort
    int port;

    final HttpClient http = HttpClient.newHttpClient();

    @Test
    void aPreflightFromAnAllowedOriginIsAnsweredWithoutAKey() throws Exception {
        for (String path : new String[] {"/v1/api-keys", "/v2/models/fashion/infer"}) {
            HttpResponse<String> r = preflight(path, ADMIN_PAGE, "POST", "x-api-key,content-type");
            assertThat(r.statusCode()).as(path).isEqualTo(200);
            assertThat(r.headers().firstValue("Access-Control-Allow-Origin")).contains(ADMIN_PAGE);
            assertThat(r.headers().firstValue("Access-Control-Allow-Methods").orElse("")).contains("POST");
            assertThat(r.headers().firstValue("Access-Control-Allow-Headers").orElse("").toLowerCase())
                    .contains("x-api-key").contains("content-type");
            assertThat(r.headers().firstValue("Access-Control-Allow-Credentials")).isEmpty();
        }
        assertThat(preflight("/v1/applications", "http://localhost:5173", "DELETE", "authorization")
                .headers().firstValue("Access-Control-Allow-Origin")).contains("http://localhost:5173");
    }

    @Test
    void otherOriginsMethodsAndHeadersAreRefused() throws Exception {
        HttpResponse<String> evil = preflight("/v1/api-keys", "https://evil.example", "POST", "x-api-key");
        assertProblem(evil, 403, "cors-refused");
        assertThat(JSON.readTree(evil.body()).get("field").asText()).isEqualTo("Origin");
        assertThat(evil.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
        assertProblem(preflight("/v1/api-keys", ADMIN_PAGE, "PATCH", "x-api-key"), 403, "cors-refused");
        assertProblem(preflight("/v1/api-keys", ADMIN_PAGE, "POST", "x-secret"), 403, "cors-refused");

        HttpResponse<String> simple = send(HttpRequest.newBuilder(uri("/v2/health/live"))
                .header("Origin", "https://evil.example").GET());
        assertProblem(simple, 403, "cors-refused");
    }

    @Test
    void aSimpleRequestFromAnAllowedOriginCarriesTheHeaders() throws Exception {
        HttpResponse<String> r = send(HttpRequest.newBuilder(uri("/v2/health/live")).header("Origin", ADMIN_PAGE).GET());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Access-Control-Allow-Origin")).contains(ADMIN_PAGE);
        assertThat(r.headers().firstValue("Access-Control-Expose-Headers").orElse("")).contains("Location");
        // no Origin: not a cross-origin request, nothing added
        HttpResponse<String> plain = send(HttpRequest.newBuilder(uri("/v2/health/live")).GET());
        assertThat(plain.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
    }

    @Test
    void anUnreachableRegistryMakesKeyChecks503() throws Exception {
        HttpResponse<String> none = send(HttpRequest.newBuilder(uri("/v1/applications")).GET());
        assertProblem(none, 503, "registry-unavailable");
        JsonNode problem = JSON.readTree(none.body());
        assertThat(problem.get("detail").asText()).contains("registry unreachable");
        String key = "bk_" + "Z".repeat(43);
        HttpResponse<String> keyed = send(HttpRequest.newBuilder(uri("/v1/applications")).header("X-API-Key", key).GET());
        assertProblem(keyed, 503, "registry-unavailable");
        assertThat(keyed.body()).doesNotContain(key);
        HttpResponse<String> infer = send(HttpRequest.newBuilder(uri("/v2/models/fashion/infer"))
                .header("X-API-Key", key).POST(HttpRequest.BodyPublishers.ofString("{}")));
        assertThat(infer.statusCode()).isEqualTo(503);
        assertThat(JSON.readTree(infer.body()).get("error").asText()).contains("registry unreachable");
    }

    HttpResponse<String> preflight(String path, String origin, String method, String headers) throws Exception {
        return send(HttpRequest.newBuilder(uri(path)).header("Origin", origin)
                .header("Access-Control-Request-Method", method).header("Access-Control-Request-Headers", headers)
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody()));
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
