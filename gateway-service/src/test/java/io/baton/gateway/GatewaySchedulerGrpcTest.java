package io.baton.gateway;

import static io.baton.gateway.support.Apps.application;
import static io.baton.gateway.support.Apps.spec;
import static io.baton.gateway.support.Apps.variant;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.gateway.support.StubRegistry;
import io.baton.gateway.support.StubScheduler;
import io.baton.gateway.support.StubSchedulerGrpc;
import io.baton.internal.grpc.InferCall;

/**
 * A gateway given the schedulers' gRPC intakes ({@code baton.gateway.scheduler-grpc-url}) sends inference there, to
 * real gRPC ports: tensors as raw bytes with the suite's secret; a refusal inside the answer is mapped as the same
 * HTTP problem is (a drop's 503 with its reason, a bad request's 400); and the leader is followed as over HTTP (a
 * standby's not-leader sends the call to the leader it names, a scheduler that is gone to the other, no leader is
 * a 503 with the reason).
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = "baton.internal.secret=" + GatewaySchedulerGrpcTest.SECRET)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class GatewaySchedulerGrpcTest {

    static final String SECRET = "gateway-grpc-test-secret-0123456789";
    static final StubRegistry REGISTRY = new StubRegistry();
    static final StubScheduler A = new StubScheduler();
    static final StubScheduler B = new StubScheduler();
    static final StubSchedulerGrpc GA = new StubSchedulerGrpc(A);
    static final StubSchedulerGrpc GB = new StubSchedulerGrpc(B);
    static final ObjectMapper JSON = new ObjectMapper();

    static {
        String x = spec("x", "FP32", "[-1,4]"), p = spec("probs", "FP32", "[-1,2]");
        REGISTRY.application("app", application("app", "single", "{}", 10_000, x, p, variant("m", 0, x, p)));
        for (StubScheduler s : List.of(A, B)) {
            s.application("app", "single", Map.of("m", new StubScheduler.Model(List.of("x"), List.of("probs"),
                    in -> Map.of("probs", new double[] {in.get("x")[0], 2}))));
        }
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        properties.add("baton.gateway.registry-url", REGISTRY::url);
        properties.add("baton.gateway.scheduler-url", () -> A.url() + "," + B.url() + "/");
        properties.add("baton.gateway.scheduler-grpc-url", () -> GA.target() + ",grpc://" + GB.target());
    }

    @AfterAll
    static void close() {
        GA.close();
        GB.close();
        REGISTRY.close();
        A.close();
        B.close();
    }

    @LocalServerPort
    int port;

    final HttpClient http = HttpClient.newHttpClient();

    HttpResponse<String> infer(float first) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v2/models/app/infer"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"inputs\":[{\"name\":\"x\",\"datatype\":\"FP32\","
                                + "\"shape\":[1,4],\"data\":[" + first + ",2,3,4]}]}")).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    @Order(1)
    void inferenceTravelsOverGrpcAsRawBytesWithTheSecret() throws Exception {
        HttpResponse<String> r = infer(1.5f);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode answer = JSON.readTree(r.body());
        assertThat(answer.at("/outputs/0/name").asText()).isEqualTo("probs");
        assertThat(answer.at("/outputs/0/data/0").asDouble()).isEqualTo(1.5);
        assertThat(answer.at("/outputs/0/data/1").asDouble()).isEqualTo(2.0);
        assertThat(GA.callsFor("app")).hasSize(1);
        InferCall call = GA.callsFor("app").get(0);
        assertThat(call.getInputs(0).getData().size()).as("four floats as 16 raw bytes").isEqualTo(16);
        assertThat(call.getInputs(0).getShapeList()).containsExactly(1L, 4L);
        assertThat(call.getTimeoutMs()).isPositive();
        assertThat(GA.secrets).containsOnly(SECRET);
    }

    @Test
    @Order(2)
    void refusalsInsideTheAnswerAreMappedAsTheirHttpProblems() throws Exception {
        A.refuse("app", new StubScheduler.Refusal(503, "dropped", "SHED_FOR_BATCH", "shed"));
        try {
            HttpResponse<String> dropped = infer(1);
            assertThat(dropped.statusCode()).as(dropped.body()).isEqualTo(503);
            assertThat(JSON.readTree(dropped.body()).get("error").asText()).endsWith("(SHED_FOR_BATCH)");
            A.refuse("app", new StubScheduler.Refusal(400, "invalid-request", null, "inputs[0]: not as the model has it"));
            HttpResponse<String> bad = infer(1);
            assertThat(bad.statusCode()).as(bad.body()).isEqualTo(400);
            assertThat(JSON.readTree(bad.body()).get("error").asText()).contains("inputs[0]: not as the model has it");
        } finally {
            A.refuse("app", null);
        }
        assertThat(infer(1).statusCode()).isEqualTo(200);
    }

    @Test
    @Order(3)
    void aStandbyNamingTheLeaderSendsTheCallThereAndTheGatewayStays() throws Exception {
        A.standbyFor = B.url();
        int before = GA.calls.size();
        HttpResponse<String> r = infer(1);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(GB.callsFor("app")).hasSize(1);
        assertThat(infer(1).statusCode()).isEqualTo(200);
        assertThat(GB.callsFor("app")).hasSize(2);
        assertThat(GA.calls).as("asked once, then left for the leader").hasSize(before + 1);
    }

    @Test
    @Order(4)
    void withNoLeaderTheRequestIsRefusedWithTheReason() throws Exception {
        A.standbyFor = "";
        B.standbyFor = "";
        HttpResponse<String> r = infer(1);
        assertThat(r.statusCode()).isEqualTo(503);
        assertThat(JSON.readTree(r.body()).get("error").asText()).contains("no scheduler leads");
    }

    @Test
    @Order(5)
    void aSchedulerThatIsGoneIsLeftForTheOther() throws Exception {
        A.standbyFor = B.url();
        B.standbyFor = null;
        assertThat(infer(1).statusCode()).isEqualTo(200);
        assertThat(GB.calls).isNotEmpty();
        A.standbyFor = null; // A takes over as B's process goes: B's gRPC port refuses
        GB.close();
        int before = GA.calls.size();
        for (int i = 0; i < 3; i++) {
            HttpResponse<String> r = infer(1);
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        }
        assertThat(GA.calls.size()).isEqualTo(before + 3);
    }
}
