package io.baton.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.core.schemble.difficulty.DifficultyPredictor;
import io.baton.gateway.support.Apps;
import io.baton.gateway.support.StubRegistry;
import io.baton.gateway.support.StubScheduler;
import io.baton.gateway.support.StubUpstreams;

/**
 * A {@code schemble} ensemble through the gateway: the difficulty Enricher runs, ONE query-level call goes to the
 * scheduler with the query's score and what is left of its deadline, and the outputs of the members that ran are
 * averaged (the others count as missing); the response names the members that ran and those skipped. A rejection is
 * the scheduler's drop; an ensemble with another policy still calls the scheduler once per base model. (Ported from
 * a helper's parallel implementation to main's route: the query-level path needs a stored ensemble profile.)
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class GatewaySchembleHttpTest {

    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();
    static final StubRegistry REGISTRY = UPSTREAMS.registry();
    static final StubScheduler SCHEDULER = UPSTREAMS.scheduler();
    static final ObjectMapper JSON = new ObjectMapper();
    static final DifficultyPredictor PREDICTOR = GatewayDifficultyHttpTest.predictor(4, 3);
    static final double BUDGET_MS = 10_000;

    static {
        String x4 = Apps.spec("x", "FP32", "[-1,4]"), probs = Apps.spec("probs", "FP32", "[-1,2]");
        Map<String, StubScheduler.Model> models = Map.of(
                "a", new StubScheduler.Model(List.of("x"), List.of("probs"), in -> Map.of("probs", new double[] {0.8, 0.2})),
                "b", new StubScheduler.Model(List.of("x"), List.of("probs"), in -> Map.of("probs", new double[] {0.4, 0.6})),
                "c", new StubScheduler.Model(List.of("x"), List.of("probs"), in -> Map.of("probs", new double[] {0.0, 1.0})));
        for (String app : List.of("sch", "sch-busy", "plain")) {
            String policy = app.equals("plain") ? "symphony" : "schemble";
            REGISTRY.application(app, Apps.application(app, "ensemble", "{}", BUDGET_MS, x4, probs,
                    Apps.variant("a", 0, x4, probs), Apps.variant("b", 0, x4, probs), Apps.variant("c", 0, x4, probs))
                    .replace("\"policy\":\"symphony\"", "\"policy\":\"" + policy + "\""));
            SCHEDULER.application(app, "ensemble", models);
        }
        REGISTRY.ensembleProfile("sch", "{\"models\":[\"a\",\"b\",\"c\"],\"predictorDigest\":\"p\"}")
                .artifact("p", PREDICTOR.toOnnx("predictor", Map.of()).toBytes());
        REGISTRY.ensembleProfile("sch-busy", "{\"models\":[\"a\",\"b\",\"c\"]}");
        SCHEDULER.ensembleMembers("sch", List.of("a", "c"));
        SCHEDULER.refuse("sch-busy", new StubScheduler.Refusal(503, "dropped", "REJECTED_BY_POLICY",
                "query rejected by schemble: rejected by the scheduling policy"));
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
    }

    @LocalServerPort
    int port;

    final HttpClient http = HttpClient.newHttpClient();

    @Test
    void oneQueryLevelCallAndTheMembersThatRanAreAveraged() throws Exception {
        HttpResponse<String> r = infer("sch");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode answer = JSON.readTree(r.body());
        // a = [0.8, 0.2] and c = [0, 1] ran; b did not: the mean of a and c.
        assertThat(answer.at("/outputs/0/data/0").asDouble()).isCloseTo(0.4, within(1e-6));
        assertThat(answer.at("/outputs/0/data/1").asDouble()).isCloseTo(0.6, within(1e-6));
        assertThat(answer.at("/parameters/variant").asText()).isEqualTo("a,c");
        assertThat(answer.at("/parameters/skipped").asText()).isEqualTo("b");
        List<JsonNode> calls = SCHEDULER.callsFor("sch");
        assertThat(calls).hasSize(1);
        JsonNode call = calls.get(0);
        assertThat(call.has("variant")).isFalse();
        double score = Math.max(0, PREDICTOR.forward(new float[] {0.1f, 0.9f, 0.3f, 0.5f}, 1).scores()[0]);
        assertThat(call.get("difficulty").asDouble()).isCloseTo(score, within(1e-5));
        assertThat(answer.at("/parameters/difficulty").asDouble()).isCloseTo(score, within(1e-5));
        assertThat(call.get("timeoutMs").asDouble())
                .isLessThanOrEqualTo(BUDGET_MS - answer.at("/parameters/difficulty_ms").asDouble());
    }

    @Test
    void aQuerySchembleRejectsIsTheSchedulersDrop() throws Exception {
        HttpResponse<String> r = infer("sch-busy");
        assertThat(r.statusCode()).isEqualTo(503);
        assertThat(JSON.readTree(r.body()).get("error").asText()).contains("REJECTED_BY_POLICY");
        assertThat(SCHEDULER.callsFor("sch-busy")).hasSize(1);
    }

    @Test
    void anEnsembleWithAnotherPolicyStillCallsEachBaseModel() throws Exception {
        HttpResponse<String> r = infer("plain");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        List<JsonNode> calls = SCHEDULER.callsFor("plain");
        assertThat(calls).hasSize(3).allSatisfy(c -> assertThat(c.has("variant")).isTrue());
        assertThat(JSON.readTree(r.body()).at("/outputs/0/data/0").asDouble()).isCloseTo(0.4, within(1e-6));
    }

    HttpResponse<String> infer(String app) throws IOException, InterruptedException {
        String body = "{\"inputs\": [{\"name\": \"x\", \"shape\": [1, 4], \"datatype\": \"FP32\", \"data\": [0.1, 0.9, 0.3, 0.5]}]}";
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v2/models/" + app + "/infer"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
