package io.baton.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.baton.cli.suite.DemoApplications;
import io.baton.cli.suite.JsonHttp;
import io.baton.cli.zoo.ValidationSet;
import io.baton.e2e.support.DirectOrt;
import io.baton.e2e.support.E2eSuite;
import io.baton.e2e.support.Oip;
import io.baton.e2e.support.SuiteExtension;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Inference through the gateway ({@code POST /v2/models/{app}/infer}, Open Inference Protocol v2), the scheduler and
 * the workers, for the single-model, ensemble and pipeline demo applications, each answer compared with direct ONNX
 * Runtime runs of the same ONNX files: the variant that served (single), the mean of the base models (ensemble),
 * features then a head (pipeline).
 */
@ExtendWith(SuiteExtension.class)
class InferenceIT {
    /** Float32 results of the same graph in two ONNX Runtime sessions (batch sizes may differ): equal up to rounding. */
    static final float TOLERANCE = 1e-5f;
    static E2eSuite e2e;
    static Oip oip;
    static DirectOrt ort;

    @BeforeAll
    static void suite(E2eSuite suite) {
        e2e = suite;
        oip = new Oip(suite);
        ort = new DirectOrt();
        warmUp();
    }

    /**
     * One request per application until each has answered 200 (at most 30 tries each): the first batch of a variant
     * on a worker pays its load and a cold JIT, which can outlast a 100 ms SLO on this machine. What these tests
     * check is what a warm suite answers; a cold request is answered too, late or refused, never left hanging.
     */
    static void warmUp() {
        for (String app : List.of("fashion-single", "fashion-ensemble", "fashion-pipeline")) {
            for (int attempt = 0; attempt < 30; attempt++) {
                if (oip.infer(app, 0, 1).status() == 200) break;
            }
        }
    }

    @AfterAll
    static void closeOrt() throws Exception {
        if (ort != null) ort.close();
    }

    float[] direct(String model, int first, int count) throws Exception {
        ValidationSet vs = e2e.validation();
        return ort.run(e2e.onnx(model), DirectOrt.rows(vs.examples(), vs.dims(), first, count), DirectOrt.shape(count, vs.dims()));
    }

    static void assertClose(float[] actual, float[] expected, String what) {
        assertThat(actual).as(what).hasSameSizeAs(expected);
        for (int i = 0; i < expected.length; i++) assertThat(actual[i]).as("%s [%d]", what, i).isCloseTo(expected[i], within(TOLERANCE));
    }

    static boolean close(float[] a, float[] b) {
        if (a.length != b.length) return false;
        for (int i = 0; i < a.length; i++) if (Math.abs(a[i] - b[i]) > TOLERANCE) return false;
        return true;
    }

    /**
     * The variants of a single-model application whose direct output equals the answer: the one the response names
     * ({@code model_version}) when it names one of them, else every one that matches (there must be at least one).
     */
    List<String> servedBy(JsonNode response, float[] answer, int first, int count) throws Exception {
        List<String> candidates = e2e.variants("fashion-single").stream().map(DemoApplications.VariantRef::name).toList();
        String named = response.path("model_version").asText("");
        List<String> matching = new ArrayList<>();
        for (String v : candidates.contains(named) ? List.of(named) : candidates) {
            if (close(answer, direct(v, first, count))) matching.add(v);
        }
        return matching;
    }

    @Test
    void aSingleModelApplicationAnswersWhatOnnxRuntimeComputes() throws Exception {
        for (int i = 0; i < 8; i++) {
            JsonHttp.Response r = oip.infer("fashion-single", i, 1);
            float[] p = Oip.probabilities(r, "fashion-single", 1);
            assertThat(r.json().path("id").asText()).as("the request's id is echoed").isEqualTo("e2e-" + i + "-1");
            assertThat(servedBy(r.json(), p, i, 1)).as("image %d: a variant whose direct run gives %s", i, r.body()).isNotEmpty();
        }
    }

    /**
     * A request with the client's {@code traceparent} answers its trace id, and its timeline holds spans measured by
     * the gateway, the scheduler and the worker that ran it.
     */
    @Test
    void aTracedRequestAnswersItsTraceIdAndItsTimelineSpansEveryService() throws Exception {
        String traceId = "4bf92f3577b34da6a3ce929d0e0e" + String.format("%04x", (int) (System.nanoTime() & 0xffff));
        ObjectNode request = oip.request(3, 2).put("id", "e2e-traced-" + traceId);
        java.net.http.HttpClient client = java.net.http.HttpClient.newHttpClient();
        java.net.http.HttpResponse<String> answer = client.send(java.net.http.HttpRequest.newBuilder(
                        e2e.suite().gateway().resolve("/v2/models/fashion-single/infer"))
                .header("Content-Type", "application/json")
                .header("traceparent", "00-" + traceId + "-00f067aa0ba902b7-01")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString(JsonHttp.JSON.writeValueAsString(request)))
                .build(), java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        assertThat(JsonHttp.JSON.readTree(answer.body()).at("/parameters/trace_id").asText()).isEqualTo(traceId);

        java.net.http.HttpResponse<String> timeline = client.send(java.net.http.HttpRequest.newBuilder(
                        e2e.suite().gateway().resolve("/v1/requests/e2e-traced-" + traceId + "/timeline"))
                .header("X-API-Key", E2eSuite.ADMIN_KEY).GET().build(), java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(timeline.statusCode()).as(timeline.body()).isEqualTo(200);
        JsonNode t = JsonHttp.JSON.readTree(timeline.body());
        assertThat(t.path("trace_id").asText()).isEqualTo(traceId);
        assertThat(t.path("outcome").asText()).isEqualTo("served");
        List<String> spans = new ArrayList<>();
        for (JsonNode span : t.path("spans")) spans.add(span.path("service").asText() + ":" + span.path("name").asText());
        assertThat(spans).as(timeline.body()).contains("gateway:admission", "scheduler:queue", "scheduler:dispatch",
                "scheduler:transfer", "worker:execution");
    }

    @Test
    void aRequestOfSeveralImagesGetsOneRowPerImage() throws Exception {
        JsonHttp.Response r = oip.infer("fashion-single", 10, 4);
        float[] p = Oip.probabilities(r, "fashion-single", 4);
        assertThat(servedBy(r.json(), p, 10, 4)).as(r.body()).isNotEmpty();
    }

    @Test
    void anEnsembleAnswersTheMeanOfItsBaseModels() throws Exception {
        List<String> base = e2e.app("fashion-ensemble").baseModels();
        for (int i = 0; i < 4; i++) {
            JsonHttp.Response r = oip.infer("fashion-ensemble", i, 1);
            float[] p = Oip.probabilities(r, "fashion-ensemble", 1);
            // Without an ensemble profile every base model runs; once one is stored (SchembleLiveIT, AdminPageIT),
            // Schemble may leave out a model whose absence costs nothing in the query's bin. Either way the answer
            // is the mean of the base models the response names.
            List<String> ran = List.of(r.json().path("parameters").path("variant").asText().split(","));
            assertThat(base).as(r.body()).containsAll(ran);
            float[] mean = new float[10];
            for (String b : ran) {
                float[] d = direct(b, i, 1);
                for (int c = 0; c < 10; c++) mean[c] += d[c] / ran.size();
            }
            assertClose(p, mean, "image " + i + ": mean of " + ran);
        }
    }

    @Test
    void aPipelineFeedsItsFeaturesToAHead() throws Exception {
        var stages = e2e.app("fashion-pipeline").stages();
        String features = stages.get(0).variants().get(0);
        for (int i = 0; i < 4; i++) {
            float[] p = Oip.probabilities(oip.infer("fashion-pipeline", i, 1), "fashion-pipeline", 1);
            float[] f = direct(features, i, 1);
            List<String> heads = new ArrayList<>();
            for (String head : stages.get(1).variants()) {
                if (close(p, ort.run(e2e.onnx(head), f, new long[] {1, f.length}))) heads.add(head);
            }
            // Two heads can agree to float precision on a confident image, so at least one must match.
            assertThat(heads).as("image %d: %s then one of %s gives the answer", i, features, stages.get(1).variants()).isNotEmpty();
        }
    }

    @Test
    void anUnmeetableDeadlineIsRefusedAtOnceWithTheReason() {
        ObjectNode request = oip.request(0, 1);
        request.putObject("parameters").put("timeout", 1); // microseconds, as Triton's schedule-policy extension has it
        JsonHttp.Response r = oip.post("/v2/models/fashion-single/infer", request);
        assertThat(Oip.refusal(r)).containsIgnoringCase("deadline");
    }

    @Test
    void anUnknownApplicationIs404WithAnOipError() {
        JsonHttp.Response r = oip.infer("no-such-app", 0, 1);
        assertThat(r.status()).isEqualTo(404);
        assertThat(Oip.refusal(r)).contains("no-such-app");
    }

    @Test
    void aTensorOfTheWrongShapeIs400NamingIt() {
        ObjectNode request = oip.request(0, 1);
        ((com.fasterxml.jackson.databind.node.ArrayNode) request.path("inputs").path(0).path("shape")).set(2, 27);
        JsonHttp.Response r = oip.post("/v2/models/fashion-single/infer", request);
        assertThat(r.status()).isEqualTo(400);
        assertThat(Oip.refusal(r)).contains("input");
    }

    @Test
    void metadataReadinessAndTheRepositoryIndexListEveryApplication() {
        assertThat(oip.get("/v2/health/live").status()).isEqualTo(200);
        assertThat(oip.get("/v2/health/ready").status()).isEqualTo(200);
        for (String app : e2e.registered().applications()) {
            assertThat(oip.get("/v2/models/" + app + "/ready").status()).as(app).isEqualTo(200);
            JsonNode meta = oip.get("/v2/models/" + app).json();
            assertThat(meta.path("name").asText()).isEqualTo(app);
            assertThat(meta.path("inputs").path(0).path("name").asText()).isEqualTo("input");
            assertThat(meta.path("inputs").path(0).path("datatype").asText()).isEqualTo("FP32");
            assertThat(meta.path("outputs").path(0).path("name").asText()).isEqualTo("probabilities");
        }
        JsonHttp.Response index = oip.post("/v2/repository/index", Map.of());
        assertThat(index.status()).isEqualTo(200);
        List<String> ready = new ArrayList<>();
        index.json().forEach(m -> {
            if ("READY".equals(m.path("state").asText())) ready.add(m.path("name").asText());
        });
        assertThat(ready).containsAll(e2e.registered().applications());
    }
}
