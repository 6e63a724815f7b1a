package io.baton.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
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
import io.baton.gateway.support.StubSchedulerGrpc;
import io.baton.gateway.support.StubUpstreams;
import io.baton.internal.grpc.EnsembleQueryCall;

/**
 * A {@code schemble} ensemble through a gateway given the schedulers' gRPC intakes: its one query-level call goes over
 * {@code SchedulerEnsembles.Query} on a real port, every base model's input as raw bytes, and nothing over HTTP; the
 * members that ran are averaged as over HTTP, and a drop inside the answer is the scheduler's drop.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class GatewaySchembleGrpcTest {

    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();
    static final StubRegistry REGISTRY = UPSTREAMS.registry();
    static final StubScheduler SCHEDULER = UPSTREAMS.scheduler();
    static final StubSchedulerGrpc GRPC = new StubSchedulerGrpc(SCHEDULER);
    static final ObjectMapper JSON = new ObjectMapper();

    static {
        String x4 = Apps.spec("x", "FP32", "[-1,4]"), probs = Apps.spec("probs", "FP32", "[-1,2]");
        Map<String, StubScheduler.Model> models = Map.of(
                "a", new StubScheduler.Model(List.of("x"), List.of("probs"), in -> Map.of("probs", new double[] {0.8, 0.2})),
                "b", new StubScheduler.Model(List.of("x"), List.of("probs"), in -> Map.of("probs", new double[] {0.4, 0.6})),
                "c", new StubScheduler.Model(List.of("x"), List.of("probs"), in -> Map.of("probs", new double[] {0.0, 1.0})));
        for (String app : List.of("sch", "sch-busy")) {
            REGISTRY.application(app, Apps.application(app, "ensemble", "{}", 10_000, x4, probs,
                    Apps.variant("a", 0, x4, probs), Apps.variant("b", 0, x4, probs), Apps.variant("c", 0, x4, probs))
                    .replace("\"policy\":\"symphony\"", "\"policy\":\"schemble\""));
            SCHEDULER.application(app, "ensemble", models);
            REGISTRY.ensembleProfile(app, "{\"models\":[\"a\",\"b\",\"c\"]}");
        }
        SCHEDULER.ensembleMembers("sch", List.of("a", "c"));
        SCHEDULER.refuse("sch-busy", new StubScheduler.Refusal(503, "dropped", "REJECTED_BY_POLICY",
                "query rejected by schemble: rejected by the scheduling policy"));
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
        properties.add("baton.gateway.scheduler-grpc-url", GRPC::target);
    }

    @AfterAll
    static void close() {
        GRPC.close();
    }

    @LocalServerPort
    int port;

    final HttpClient http = HttpClient.newHttpClient();

    @Test
    void theQueryTravelsOverGrpcAsRawBytesAndTheMembersThatRanAreAveraged() throws Exception {
        HttpResponse<String> r = infer("sch");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode answer = JSON.readTree(r.body());
        assertThat(answer.at("/outputs/0/data/0").asDouble()).isCloseTo(0.4, within(1e-6));
        assertThat(answer.at("/outputs/0/data/1").asDouble()).isCloseTo(0.6, within(1e-6));
        assertThat(answer.at("/parameters/variant").asText()).isEqualTo("a,c");
        assertThat(answer.at("/parameters/skipped").asText()).isEqualTo("b");
        List<EnsembleQueryCall> calls = GRPC.ensembleCalls.stream().filter(c -> c.getApplication().equals("sch")).toList();
        assertThat(calls).hasSize(1);
        EnsembleQueryCall call = calls.get(0);
        assertThat(call.getMembersCount()).isEqualTo(3);
        assertThat(call.getMembers(0).getInputs(0).getData().size()).as("four floats as 16 raw bytes").isEqualTo(16);
        assertThat(call.getTimeoutMs()).isPositive().isLessThanOrEqualTo(10_000);
        assertThat(GRPC.calls).as("no per-member inference calls").isEmpty();
    }

    @Test
    void aDropInsideTheAnswerIsTheSchedulersDrop() throws Exception {
        HttpResponse<String> r = infer("sch-busy");
        assertThat(r.statusCode()).isEqualTo(503);
        assertThat(JSON.readTree(r.body()).get("error").asText()).contains("REJECTED_BY_POLICY");
        assertThat(GRPC.ensembleCalls.stream().filter(c -> c.getApplication().equals("sch-busy"))).hasSize(1);
    }

    private HttpResponse<String> infer(String app) throws Exception {
        String body = "{\"inputs\": [{\"name\": \"x\", \"shape\": [1, 4], \"datatype\": \"FP32\", \"data\": [0.1, 0.9, 0.3, 0.5]}]}";
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v2/models/" + app + "/infer"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
