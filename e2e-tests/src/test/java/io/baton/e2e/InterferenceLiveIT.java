package io.baton.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.baton.cli.suite.JsonHttp;
import io.baton.e2e.support.ApplicationCopy;
import io.baton.e2e.support.DirectOrt;
import io.baton.e2e.support.E2eSuite;
import io.baton.e2e.support.Oip;
import io.baton.e2e.support.SuiteExtension;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Interference-aware routing live on the real suite, every service and the measured profiles real: {@code fashion-itf},
 * the demo's single-model application again (its variants, artifacts and the profiles the real profiler measured,
 * interference features included) with policy {@code interference}. Requests go through the gateway's OIP route; the
 * scheduler's interference engine routes them over the live workers with the plan it makes from measured rates and the
 * profiled features. Every answer is checked against a direct ONNX Runtime run of the variant it names.
 */
@ExtendWith(SuiteExtension.class)
class InterferenceLiveIT {
    static final String SOURCE = "fashion-single", APP = "fashion-itf";
    static E2eSuite e2e;
    static Oip oip;
    static DirectOrt ort;

    @BeforeAll
    static void registerTheApplication(E2eSuite suite) throws Exception {
        e2e = suite;
        oip = new Oip(suite);
        ort = new DirectOrt();
        ApplicationCopy.register(e2e, SOURCE, APP, "interference", null);
    }

    @AfterAll
    static void closeOrt() throws Exception {
        if (ort != null) ort.close();
    }

    void assertOutputOfTheNamedVariant(JsonHttp.Response r, int image) throws Exception {
        ApplicationCopy.assertAnswerOfTheNamedVariant(e2e, ort, SOURCE, APP, r, image);
    }

    @Test
    void theProfilersFeaturesReachThePolicyWhichPlansForTheMeasuredRate() throws Exception {
        // The real profiler measured each variant's features, pressure included, and the registry kept them.
        JsonNode app = e2e.http().get(e2e.suite().registry().resolve("/v1/applications/" + APP)).json();
        for (JsonNode v : app.path("variants")) {
            for (JsonNode p : v.path("profiles")) {
                JsonNode f = p.path("interference");
                assertThat(f.path("sensitivity").asDouble()).as("%s: %s", v.path("name"), p).isPositive();
                assertThat(f.path("pressure").isNumber()).as("%s: %s", v.path("name"), p).isTrue();
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<JsonHttp.Response>> answers = new ArrayList<>();
            List<Integer> images = new ArrayList<>();
            long end = System.nanoTime() + 2_500_000_000L; // over two of the scheduler's 1 s epochs
            for (int i = 0; System.nanoTime() < end; i++) {
                int image = i % 200;
                images.add(image);
                ObjectNode body = oip.request(image, 1);
                body.putObject("parameters").put("timeout", 2_000_000); // µs: routing is checked, not this machine's speed
                answers.add(pool.submit(() -> oip.post("/v2/models/" + APP + "/infer", body)));
                Thread.sleep(25);
            }
            int served = 0;
            List<String> refusals = new ArrayList<>();
            for (int i = 0; i < answers.size(); i++) {
                JsonHttp.Response r = answers.get(i).get();
                if (r.status() == 200) {
                    served++;
                    assertOutputOfTheNamedVariant(r, images.get(i));
                } else {
                    refusals.add(r.status() + " " + Oip.refusal(r));
                    assertThat(Oip.refusal(r)).as(r.body()).isNotBlank();
                }
            }
            assertThat(served).as("refused: %s", refusals).isGreaterThan(answers.size() * 9 / 10);
        } finally {
            pool.shutdownNow();
        }
        JsonNode plans = e2e.http().get(e2e.suite().scheduler().resolve("/v1/interference/plan")).json();
        JsonNode plan = plans.get(0);
        e2e.log().println("interference plan: " + plan);
        assertThat(plan.path("policy").asText()).as(plans.toString()).isEqualTo("interference");
        assertThat(plan.path("predicting").asBoolean()).as(plan.toString()).isTrue();
        assertThat(plan.path("plans").asInt()).as("planned for the measured rate: %s", plan).isPositive();
        List<String> models = new ArrayList<>();
        plan.path("models").forEach(m -> models.add(m.asText()));
        assertThat(models).as(plan.toString()).allMatch(m -> m.startsWith(APP + "/"));
        assertThat(plan.path("ratesPerSec").get(0).asDouble()).as(plan.toString()).isPositive();
        assertThat(plan.path("devices").size()).as(plan.toString()).isPositive();
        JsonNode readiness = e2e.http().get(e2e.suite().scheduler().resolve("/internal/v1/applications/" + APP)).json();
        assertThat(readiness.path("servedBy").asText()).isEqualTo("interference");
    }
}
