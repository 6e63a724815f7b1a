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
import java.util.SplittableRandom;

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
 * Schemble's difficulty predictor served at the edge: for a {@code schemble} ensemble whose ensemble profile names a
 * predictor, the gateway runs it (ONNX Runtime) on each request's input before calling the scheduler, answers the
 * scores it computes and the time it took, and gives the scheduler only what is left of the deadline; without a
 * predictor, a predictor that does not fit, or another policy, the request is served as before.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class GatewayDifficultyHttpTest {

    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();
    static final StubRegistry REGISTRY = UPSTREAMS.registry();
    static final StubScheduler SCHEDULER = UPSTREAMS.scheduler();
    static final ObjectMapper JSON = new ObjectMapper();
    static final DifficultyPredictor PREDICTOR = predictor(4, 3), MISFIT = predictor(6, 5);
    static final double BUDGET_MS = 10_000;

    static {
        String x4 = Apps.spec("x", "FP32", "[-1,4]"), probs = Apps.spec("probs", "FP32", "[-1,2]");
        StubScheduler.Model a = new StubScheduler.Model(List.of("x"), List.of("probs"), in -> Map.of("probs", new double[] {0.8, 0.2}));
        StubScheduler.Model b = new StubScheduler.Model(List.of("x"), List.of("probs"), in -> Map.of("probs", new double[] {0.4, 0.6}));
        for (String app : List.of("scored", "unprofiled", "misfit", "plain")) {
            String policy = app.equals("plain") ? "symphony" : "schemble";
            REGISTRY.application(app, Apps.application(app, "ensemble", "{}", BUDGET_MS, x4, probs,
                    Apps.variant("a", 0, x4, probs), Apps.variant("b", 0, x4, probs))
                    .replace("\"policy\":\"symphony\"", "\"policy\":\"" + policy + "\""));
            SCHEDULER.application(app, "ensemble", Map.of("a", a, "b", b));
        }
        REGISTRY.ensembleProfile("scored", "{\"models\":[\"a\",\"b\"],\"predictorDigest\":\"p-scored\"}")
                .artifact("p-scored", PREDICTOR.toOnnx("predictor", Map.of()).toBytes());
        REGISTRY.ensembleProfile("misfit", "{\"models\":[\"a\",\"b\"],\"predictorDigest\":\"p-misfit\"}")
                .artifact("p-misfit", MISFIT.toOnnx("predictor", Map.of()).toBytes());
        REGISTRY.ensembleProfile("plain", "{\"models\":[\"a\",\"b\"],\"predictorDigest\":\"p-scored\"}");
    }

    /** A predictor of {@code inputs} values with random weights, its score bias high enough to be positive. */
    static DifficultyPredictor predictor(int inputs, long seed) {
        DifficultyPredictor.Shape shape = new DifficultyPredictor.Shape(new int[] {inputs}, 1, 8, 2, 4);
        SplittableRandom r = new SplittableRandom(seed);
        DifficultyPredictor.Weights w = DifficultyPredictor.Weights.zeros(shape);
        for (float[] v : new float[][] {w.w1(), w.b1(), w.w2(), w.b2(), w.a(), w.bp(), w.aBias(), w.c()}) {
            for (int i = 0; i < v.length; i++) v[i] = (float) r.nextDouble(-0.5, 0.5);
        }
        return new DifficultyPredictor(shape, new DifficultyPredictor.Weights(w.w1(), w.b1(), w.w2(), w.b2(), w.a(), w.bp(),
                w.aBias(), w.c(), 3f));
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
    }

    @LocalServerPort
    int port;

    final HttpClient http = HttpClient.newHttpClient();

    @Test
    void aSchembleEnsembleAnswersEachExamplesPredictedDifficulty() throws Exception {
        float[] x = {0.1f, 0.9f, 0.3f, 0.5f, 1, 0, 0, 2};
        JsonNode answer = infer("scored", "[[0.1, 0.9, 0.3, 0.5], [1, 0, 0, 2]]", 2);
        float[] expected = PREDICTOR.forward(x, 2).scores();
        String[] scores = answer.at("/parameters/difficulty").asText().split(",");
        assertThat(scores).hasSize(2);
        for (int i = 0; i < 2; i++) assertThat(Double.parseDouble(scores[i])).isCloseTo(Math.max(0, expected[i]), within(1e-5));
        double enrichMs = answer.at("/parameters/difficulty_ms").asDouble();
        assertThat(enrichMs).isPositive();
        // The deadline started when the request came in: the predictor's time is gone from what the scheduler gets.
        for (JsonNode call : SCHEDULER.callsFor("scored")) {
            assertThat(call.get("timeoutMs").asDouble()).isLessThanOrEqualTo(BUDGET_MS - enrichMs);
        }

        JsonNode one = infer("scored", "[0.1, 0.9, 0.3, 0.5]", 1);
        assertThat(one.at("/parameters/difficulty").isNumber()).isTrue();
        assertThat(one.at("/parameters/difficulty").asDouble()).isCloseTo(Math.max(0, expected[0]), within(1e-5));
        assertThat(one.at("/outputs/0/data/0").asDouble()).isCloseTo(0.6, within(1e-6)); // still the ensemble's answer
    }

    @Test
    void withoutAFittingPredictorOrWithAnotherPolicyTheRequestIsServedUnenriched() throws Exception {
        for (String app : List.of("unprofiled", "misfit", "plain")) {
            JsonNode answer = infer(app, "[0.1, 0.9, 0.3, 0.5]", 1);
            assertThat(answer.at("/parameters/difficulty").isMissingNode()).as(app).isTrue();
            assertThat(answer.at("/outputs/0/data/1").asDouble()).as(app).isCloseTo(0.4, within(1e-6));
        }
        assertThat(REGISTRY.ensembleProfileReads.containsKey("plain")).isFalse(); // not a schemble ensemble: never asked
    }

    JsonNode infer(String app, String data, int rows) throws IOException, InterruptedException {
        String body = "{\"inputs\": [{\"name\": \"x\", \"shape\": [" + rows + ", 4], \"datatype\": \"FP32\", \"data\": " + data + "}]}";
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v2/models/" + app + "/infer"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(app + " -> " + r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }
}
