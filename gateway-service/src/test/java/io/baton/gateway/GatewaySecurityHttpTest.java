package io.baton.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.gateway.support.Apps;
import io.baton.gateway.support.StubRegistry;
import io.baton.gateway.support.StubScheduler;
import io.baton.gateway.support.StubUpstreams;

/**
 * API keys, size limits, closed CORS and quiet logs, over real HTTP: a bootstrap key configured, registry keys issued
 * by the registry's stand-in, inference-auth required, verdicts cached for an hour (so only a change made through
 * this gateway shows at once), debug logging of requests on.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.gateway.api-keys=" + GatewaySecurityHttpTest.BOOTSTRAP,
        "baton.gateway.inference-auth=required",
        "baton.gateway.api-key-cache-ttl=1h",
        "baton.gateway.max-upload-size=4KB",
        "baton.gateway.max-infer-request-size=2KB",
        "logging.level.io.baton=DEBUG",
        "logging.level.org.springframework.web=TRACE"})
@ExtendWith(OutputCaptureExtension.class)
class GatewaySecurityHttpTest {

    static final String BOOTSTRAP = "bootstrap-key-4a1d9e0c27";
    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();
    static final StubRegistry REGISTRY = UPSTREAMS.registry();
    static final StubScheduler SCHEDULER = UPSTREAMS.scheduler();
    static final ObjectMapper JSON = new ObjectMapper();
    static final String INFER_BODY = """
            {"inputs": [{"name": "x", "shape": [1, 4], "datatype": "FP32", "data": [1, 2, 3, 4]}]}""";

    static {
        Apps.install(REGISTRY, SCHEDULER);
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
    }

    @LocalServerPort
    int port;

    /** actuator's info and prometheus are served on the management port only */
    @org.springframework.beans.factory.annotation.Autowired
    io.baton.gateway.edge.ManagementConnector management;

    final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void healthyKeyStore() {
        REGISTRY.keyStoreFailing = false;
    }

    // ---- admin routes ----

    @Test
    void adminRoutesTakeTheBootstrapKeyAndRegistryKeysWithTheAdminScope() throws Exception {
        String admin = REGISTRY.issueKey("ops", "admin");
        String infer = REGISTRY.issueKey("app", "infer");

        assertProblem(send(get("/v1/applications")), 401, "unauthorized");
        assertProblem(send(get("/v1/applications").header("X-API-Key", "guess")), 401, "unauthorized");
        assertThat(send(get("/v1/applications").header("X-API-Key", BOOTSTRAP)).statusCode()).isEqualTo(200);
        assertThat(send(get("/v1/applications").header("Authorization", "Bearer " + BOOTSTRAP)).statusCode())
                .isEqualTo(200);
        assertThat(send(get("/v1/applications").header("X-API-Key", admin)).statusCode()).isEqualTo(200);
        assertThat(send(get("/v1/applications").header("Authorization", "bearer " + admin)).statusCode())
                .isEqualTo(200);
        HttpResponse<String> forbidden = send(get("/v1/applications").header("X-API-Key", infer));
        assertProblem(forbidden, 403, "forbidden");
        assertThat(JSON.readTree(forbidden.body()).get("detail").asText()).contains("admin scope")
                .contains(infer.substring(0, 11)).doesNotContain(infer);
        String unknown = "bk_" + "A".repeat(43);
        assertProblem(send(get("/v1/applications").header("X-API-Key", unknown)), 401, "unauthorized");

        // The key stays at the gateway: neither header reaches the registry.
        send(post("/v1/plans", "{}").header("Authorization", "Bearer " + admin));
        StubRegistry.Seen seen = REGISTRY.seen.get(REGISTRY.seen.size() - 1);
        assertThat(seen.uri()).isEqualTo("/v1/plans");
        assertThat(seen.apiKeyHeader()).isNull();
        assertThat(seen.authorization()).isNull();
    }

    @Test
    void verdictsAreCachedAndARevocationThroughTheGatewayTakesEffectAtOnce() throws Exception {
        String admin = REGISTRY.issueKey("short-lived", "admin");
        int before = REGISTRY.keyChecks.get();
        for (int i = 0; i < 3; i++) {
            assertThat(send(get("/v1/applications").header("X-API-Key", admin)).statusCode()).isEqualTo(200);
        }
        assertThat(REGISTRY.keyChecks.get()).isEqualTo(before + 1); // asked once, then cached

        HttpResponse<String> revoked = send(HttpRequest.newBuilder(uri("/v1/api-keys/" + REGISTRY.idOf(admin)))
                .header("X-API-Key", BOOTSTRAP).DELETE());
        assertThat(revoked.statusCode()).isEqualTo(204);
        assertProblem(send(get("/v1/applications").header("X-API-Key", admin)), 401, "unauthorized");
    }

    @Test
    void aKeyStoreThatCannotAnswerIs503NotA401() throws Exception {
        String fresh = REGISTRY.issueKey("fresh", "admin", "infer");
        REGISTRY.keyStoreFailing = true;
        HttpResponse<String> admin = send(get("/v1/applications").header("X-API-Key", fresh));
        assertProblem(admin, 503, "registry-unavailable");
        assertThat(JSON.readTree(admin.body()).get("detail").asText()).contains("API keys cannot be checked");
        HttpResponse<String> infer = send(post("/v2/models/fashion/infer", INFER_BODY).header("X-API-Key", fresh));
        assertThat(infer.statusCode()).isEqualTo(503);
        assertThat(JSON.readTree(infer.body()).get("error").asText()).contains("API keys cannot be checked");
        // the bootstrap key needs no registry
        assertThat(send(get("/v1/applications").header("X-API-Key", BOOTSTRAP)).statusCode()).isEqualTo(200);
    }

    // ---- inference routes (inference-auth: required) ----

    @Test
    void inferenceNeedsAKeyWithTheInferOrAdminScopeButHealthProbesDoNot() throws Exception {
        String infer = REGISTRY.issueKey("client", "infer");
        String admin = REGISTRY.issueKey("operator", "admin");

        HttpResponse<String> none = send(post("/v2/models/fashion/infer", INFER_BODY));
        assertThat(none.statusCode()).isEqualTo(401);
        assertThat(none.headers().firstValue("WWW-Authenticate")).contains("Bearer");
        assertThat(JSON.readTree(none.body()).get("error").asText()).contains("infer scope").contains("X-API-Key");
        assertThat(send(get("/v2/models/fashion")).statusCode()).isEqualTo(401);
        assertThat(send(get("/v2")).statusCode()).isEqualTo(401);
        HttpResponse<String> wrong = send(post("/v2/models/fashion/infer", INFER_BODY).header("X-API-Key", "nope"));
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(JSON.readTree(wrong.body()).get("error").asText()).contains("not accepted");

        HttpResponse<String> served = send(post("/v2/models/fashion/infer", INFER_BODY).header("X-API-Key", infer));
        assertThat(served.statusCode()).as(served.body()).isEqualTo(200);
        assertThat(JSON.readTree(served.body()).get("model_name").asText()).isEqualTo("fashion");
        assertThat(send(post("/v2/models/fashion/infer", INFER_BODY).header("Authorization", "Bearer " + admin))
                .statusCode()).isEqualTo(200);
        assertThat(send(get("/v2/models/fashion").header("X-API-Key", BOOTSTRAP)).statusCode()).isEqualTo(200);

        assertThat(send(get("/v2/health/live")).statusCode()).isEqualTo(200);
        assertThat(send(get("/v2/health/ready")).statusCode()).isEqualTo(200);
        assertThat(send(get("/actuator/health")).statusCode()).isEqualTo(200);
    }

    @Test
    void theTraceSettingsNeedAKeyWithTheAdminScopeAndRefuseAsTheProtocolDoes() throws Exception {
        String infer = REGISTRY.issueKey("tracing-client", "infer");
        String admin = REGISTRY.issueKey("tracing-operator", "admin");
        for (String path : List.of("/v2/trace/setting", "/v2/models/fashion/trace/setting")) {
            HttpResponse<String> none = send(post(path, "{\"trace_rate\": \"1\"}"));
            assertThat(none.statusCode()).as(path).isEqualTo(401);
            assertThat(JSON.readTree(none.body()).get("error").asText()).contains("admin scope");
            HttpResponse<String> inferOnly = send(get(path).header("X-API-Key", infer));
            assertThat(inferOnly.statusCode()).as(path).isEqualTo(403);
            assertThat(JSON.readTree(inferOnly.body()).get("error").asText()).contains("admin scope");
            HttpResponse<String> read = send(get(path).header("X-API-Key", admin));
            assertThat(read.statusCode()).as(read.body()).isEqualTo(200);
            assertThat(JSON.readTree(read.body()).get("trace_mode").asText()).isEqualTo("opentelemetry");
        }
    }

    // ---- size limits ----

    @Test
    void anAdminBodyPastTheLimitIs413BeforeTheRegistrySeesIt() throws Exception {
        int seenBefore = REGISTRY.seen.size();
        byte[] big = new byte[8 * 1024];
        HttpResponse<String> declared = send(HttpRequest.newBuilder(uri("/v1/artifacts?type=data"))
                .header("X-API-Key", BOOTSTRAP).header("Content-Type", "application/octet-stream")
                .POST(HttpRequest.BodyPublishers.ofByteArray(big)));
        assertProblem(declared, 413, "too-large");
        JsonNode problem = JSON.readTree(declared.body());
        assertThat(problem.get("detail").asText()).contains("8192 bytes").contains("4096 bytes")
                .contains("baton.gateway.max-upload-size");
        assertThat(problem.get("field").asText()).isEqualTo("body");
        assertThat(REGISTRY.seen).hasSize(seenBefore); // nothing was sent on

        HttpResponse<String> chunked = send(HttpRequest.newBuilder(uri("/v1/artifacts?type=data"))
                .header("X-API-Key", BOOTSTRAP).header("Content-Type", "application/octet-stream")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big))));
        assertProblem(chunked, 413, "too-large");
        assertThat(JSON.readTree(chunked.body()).get("detail").asText()).contains("4096 bytes");

        byte[] small = new byte[3 * 1024];
        small[0] = 7;
        HttpResponse<String> fits = send(HttpRequest.newBuilder(uri("/v1/artifacts?type=data"))
                .header("X-API-Key", BOOTSTRAP).header("Content-Type", "application/octet-stream")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(small))));
        assertThat(fits.statusCode()).isEqualTo(201);
        assertThat(REGISTRY.seen.get(REGISTRY.seen.size() - 1).body()).isEqualTo(small);
    }

    @Test
    void anInferenceBodyPastTheLimitIs413() throws Exception {
        String padded = INFER_BODY.replace("{\"inputs\"", "{\"id\": \"" + "p".repeat(3000) + "\", \"inputs\"");
        HttpResponse<String> declared = send(post("/v2/models/fashion/infer", padded).header("X-API-Key", BOOTSTRAP));
        assertThat(declared.statusCode()).isEqualTo(413);
        assertThat(JSON.readTree(declared.body()).get("error").asText()).contains("2048 bytes")
                .contains("baton.gateway.max-infer-request-size");
        HttpResponse<String> chunked = send(HttpRequest.newBuilder(uri("/v2/models/fashion/infer"))
                .header("X-API-Key", BOOTSTRAP).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(padded.getBytes()))));
        assertThat(chunked.statusCode()).isEqualTo(413);
        assertThat(JSON.readTree(chunked.body()).get("error").asText()).contains("2048 bytes");
    }

    // ---- CORS closed, secrets unexposed ----

    @Test
    void withNoOriginsConfiguredNoCorsHeaderIsEverSent() throws Exception {
        for (String path : List.of("/v2/models/fashion/infer", "/v1/applications", "/v2/health/live")) {
            HttpResponse<String> preflight = send(HttpRequest.newBuilder(uri(path))
                    .header("Origin", "https://evil.example").header("Access-Control-Request-Method", "POST")
                    .header("Access-Control-Request-Headers", "x-api-key,content-type")
                    .method("OPTIONS", HttpRequest.BodyPublishers.noBody()));
            assertThat(preflight.headers().map().keySet()).as(path)
                    .noneMatch(h -> h.toLowerCase().startsWith("access-control-"));
        }
        HttpResponse<String> simple = send(get("/v2/health/live").header("Origin", "https://evil.example"));
        assertThat(simple.statusCode()).isEqualTo(200);
        assertThat(simple.headers().map().keySet()).noneMatch(h -> h.toLowerCase().startsWith("access-control-"));
    }

    @Test
    void actuatorShowsNeitherKeysNorTheEnvironment() throws Exception {
        for (String endpoint : List.of("/actuator/env", "/actuator/configprops", "/actuator/heapdump",
                "/actuator/loggers", "/actuator/beans")) {
            assertThat(send(get(endpoint)).statusCode()).as(endpoint).isEqualTo(404);
        }
        String info = send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + management.port() + "/actuator/info"))).body();
        assertThat(info).contains("inferenceAuth").doesNotContain(BOOTSTRAP);
    }

    @Test
    void noKeyReachesTheLog(CapturedOutput output) throws Exception {
        String admin = REGISTRY.issueKey("logged-admin", "admin");
        String infer = REGISTRY.issueKey("logged-infer", "infer");
        send(get("/v1/applications").header("X-API-Key", admin));
        send(get("/v1/applications").header("Authorization", "Bearer " + BOOTSTRAP));
        send(get("/v1/applications").header("X-API-Key", infer)); // 403
        send(get("/v1/applications").header("X-API-Key", admin + "x")); // 401
        send(post("/v2/models/fashion/infer", INFER_BODY).header("X-API-Key", infer));
        send(post("/v2/models/fashion/infer", INFER_BODY).header("Authorization", "Bearer wrong-" + BOOTSTRAP));
        REGISTRY.keyStoreFailing = true;
        send(get("/v1/applications").header("X-API-Key", REGISTRY.issueKey("unchecked", "admin")));

        assertThat(output.getAll()).as("request logging was on").contains("/v1/applications")
                .contains("answered 403");
        for (String key : List.of(admin, infer, BOOTSTRAP, admin.substring(11), infer.substring(11))) {
            assertThat(output.getAll()).doesNotContain(key);
        }
    }

    // ---- helpers ----

    static void assertProblem(HttpResponse<String> r, int status, String slug) throws Exception {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
        assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
        JsonNode body = JSON.readTree(r.body());
        assertThat(body.get("type").asText()).isEqualTo("urn:baton:problem:" + slug);
        assertThat(body.get("status").asInt()).isEqualTo(status);
        assertThat(body.get("detail").asText()).isNotBlank();
        if (status == 401) {
            assertThat(r.headers().firstValue("WWW-Authenticate")).contains("Bearer");
        }
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
