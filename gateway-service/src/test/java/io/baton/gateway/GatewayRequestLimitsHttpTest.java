package io.baton.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.AfterEach;
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
import io.baton.gateway.support.StubScheduler;
import io.baton.gateway.support.StubUpstreams;

/**
 * The per-request caps on the OIP infer route, over real HTTP, with caps small enough to cross: tensor elements and
 * bytes (413) and the client's {@code timeout} (400), each refused with the OIP error naming the cap and its key, and
 * nothing sent to the scheduler; a request within every cap is served.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.gateway.request-limits.max-elements=12", "baton.gateway.request-limits.max-tensor-bytes=40B",
        "baton.gateway.request-limits.max-timeout=2s"})
class GatewayRequestLimitsHttpTest {

    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();
    static final StubRegistry REGISTRY = UPSTREAMS.registry();
    static final StubScheduler SCHEDULER = UPSTREAMS.scheduler();
    static final ObjectMapper JSON = new ObjectMapper();

    static {
        Apps.install(REGISTRY, SCHEDULER);
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
    }

    @AfterEach
    void forgetCalls() {
        SCHEDULER.calls.clear();
    }

    @LocalServerPort
    int port;

    final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<String> infer(int rows, Long timeoutUs) throws Exception {
        StringBuilder data = new StringBuilder();
        for (int i = 0; i < rows * 4; i++) data.append(i == 0 ? "" : ",").append(1);
        String body = "{" + (timeoutUs == null ? "" : "\"parameters\": {\"timeout\": " + timeoutUs + "}, ")
                + "\"inputs\": [{\"name\": \"x\", \"shape\": [" + rows + ", 4], \"datatype\": \"FP32\", \"data\": ["
                + data + "]}]}";
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v2/models/fashion/infer"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static String error(HttpResponse<String> r, int status) throws Exception {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
        assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
        JsonNode body = JSON.readTree(r.body());
        // the error, and the trace the refused request was given
        assertThat(body.fieldNames()).toIterable().containsExactly("error", "parameters");
        assertThat(body.at("/parameters/trace_id").asText()).matches("[0-9a-f]{32}");
        return body.get("error").asText();
    }

    @Test
    void aRequestWithinEveryCapIsServed() throws Exception {
        assertThat(infer(2, 2_000_000L).statusCode()).isEqualTo(200);
        assertThat(SCHEDULER.callsFor("fashion")).hasSize(1);
    }

    @Test
    void tooManyElementsIs413NamingTheCap() throws Exception {
        assertThat(error(infer(4, null), 413)).contains("16 elements").contains("cap of 12")
                .contains("baton.gateway.request-limits.max-elements");
        assertThat(SCHEDULER.calls).isEmpty();
    }

    @Test
    void tooManyBytesIs413NamingTheCap() throws Exception {
        // 12 elements: within max-elements; 48 bytes of FP32: past max-tensor-bytes
        assertThat(error(infer(3, null), 413)).contains("48 bytes").contains("cap of 40 bytes")
                .contains("baton.gateway.request-limits.max-tensor-bytes");
        assertThat(SCHEDULER.calls).isEmpty();
    }

    @Test
    void aTimeoutPastTheCapIs400NamingTheCap() throws Exception {
        assertThat(error(infer(1, 3_000_000L), 400)).contains("parameters.timeout is 3000000 microseconds")
                .contains("cap of 2000000 microseconds").contains("baton.gateway.request-limits.max-timeout");
        assertThat(error(infer(1, 1_000_000_000_000L), 400)).contains("baton.gateway.request-limits.max-timeout");
        assertThat(SCHEDULER.calls).isEmpty();
    }
}
