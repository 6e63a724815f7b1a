package io.baton.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.baton.core.security.InternalAuth;
import io.baton.gateway.support.Apps;
import io.baton.gateway.support.RecordingUpstream;
import io.baton.gateway.support.StubRegistry;
import io.baton.gateway.support.StubScheduler;
import io.baton.gateway.support.StubUpstreams;

/**
 * The gateway presents the suite's internal secret on every call to the registry, the scheduler and the profiler
 * (inference, key verification, admin pass-through), and a client cannot put its own in its place: a header a client
 * sends under that name is replaced, never passed on. Real HTTP to stand-ins that record the header.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.internal.auth=required", "baton.internal.secret=" + GatewayInternalSecretHttpTest.SECRET,
        "baton.gateway.api-keys=" + GatewayInternalSecretHttpTest.KEY})
class GatewayInternalSecretHttpTest {

    static final String SECRET = "gateway-test-secret-0123456789abcd";
    static final String KEY = "bootstrap-key-internal-7f3a";
    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();
    static final StubRegistry REGISTRY = UPSTREAMS.registry();
    static final StubScheduler SCHEDULER = UPSTREAMS.scheduler();
    static final RecordingUpstream PROFILER = new RecordingUpstream("profiler");

    static {
        Apps.install(REGISTRY, SCHEDULER);
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
        properties.add("baton.gateway.profiler-url", PROFILER::url);
    }

    @AfterAll
    static void stopProfiler() {
        PROFILER.close();
    }

    @LocalServerPort
    int port;

    final HttpClient http = HttpClient.newHttpClient();

    HttpResponse<String> send(String method, String path, String body, String key) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header(InternalAuth.HEADER, "forged-by-a-client-0123456789")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) b.header("Content-Type", "application/json");
        if (key != null) b.header("X-API-Key", key);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void everyUpstreamCallCarriesTheSuitesSecretAndNeverTheClients() throws Exception {
        String issued = REGISTRY.issueKey("infer-client", "infer");
        HttpResponse<String> infer = send("POST", "/v2/models/fashion/infer",
                "{\"inputs\": [{\"name\": \"x\", \"shape\": [1, 4], \"datatype\": \"FP32\", \"data\": [1, 2, 3, 4]}]}", issued);
        assertThat(infer.statusCode()).as(infer.body()).isEqualTo(200);
        assertThat(send("GET", "/v1/applications", null, KEY).statusCode()).isEqualTo(200);
        assertThat(send("GET", "/v1/profiling-jobs", null, KEY).statusCode()).isEqualTo(200);
        assertThat(send("GET", "/v1/workers", null, KEY).statusCode()).isLessThan(500);

        assertThat(REGISTRY.internalSecrets).as("registry: applications, key verification, admin").isNotEmpty()
                .allMatch(SECRET::equals);
        assertThat(SCHEDULER.internalSecrets).as("scheduler: inference, admin").isNotEmpty().allMatch(SECRET::equals);
        assertThat(PROFILER.internalSecrets).as("profiler: admin").isNotEmpty().allMatch(SECRET::equals);
    }
}
