package io.baton.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.baton.cli.suite.JsonHttp;
import io.baton.cli.zoo.ValidationSet;
import io.baton.e2e.support.ApplicationCopy;
import io.baton.e2e.support.DirectOrt;
import io.baton.e2e.support.E2eSuite;
import io.baton.e2e.support.Oip;
import io.baton.e2e.support.SuiteExtension;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * SneakPeek live on the real suite, every service and the measured profiles real: {@code fashion-peek}, the demo's
 * single-model application again (its variants, artifacts, validation set and measured profiles, per-class recall
 * included) with policy {@code sneakpeek}. The gateway finds each request's k nearest neighbours in the validation set
 * (HNSW) and sends the label counts; the scheduler's SneakPeek engine plans each window and picks the variant. Every
 * answer is checked against a direct ONNX Runtime run of the variant it names.
 */
@ExtendWith(SuiteExtension.class)
class SneakPeekLiveIT {
    static final String SOURCE = "fashion-single", APP = "fashion-peek";
    static E2eSuite e2e;
    static Oip oip;
    static DirectOrt ort;

    @BeforeAll
    static void registerTheApplication(E2eSuite suite) throws Exception {
        e2e = suite;
        oip = new Oip(suite);
        ort = new DirectOrt();
        ObjectNode params = JsonHttp.JSON.createObjectNode().put("evidenceDataset", "validation").put("k", 5);
        if (ApplicationCopy.register(e2e, SOURCE, APP, "sneakpeek", params)) {
            URI registry = e2e.suite().registry();
            JsonNode dataset = e2e.http().get(registry.resolve("/v1/applications/" + SOURCE + "/datasets/validation")).json();
            ObjectNode copy = JsonHttp.JSON.createObjectNode();
            for (String f : List.of("name", "inputsDigest", "labelsDigest", "sampleCount", "inputSpec")) copy.set(f, dataset.get(f));
            ApplicationCopy.created(e2e.http().post(registry.resolve("/v1/applications/" + APP + "/datasets"), copy), "dataset");
        }
        for (int attempt = 0; attempt < 30; attempt++) {
            if (oip.infer(APP, 0, 1).status() == 200) break; // warm: the index is built on the first request
        }
    }

    @AfterAll
    static void closeOrt() throws Exception {
        if (ort != null) ort.close();
    }

    void assertOutputOfTheNamedVariant(JsonHttp.Response r, int image) throws Exception {
        ApplicationCopy.assertAnswerOfTheNamedVariant(e2e, ort, SOURCE, APP, r, image);
    }

    @Test
    void eachRequestCarriesItsNeighboursLabelsAndRunsTheVariantSneakPeekChose() throws Exception {
        ValidationSet vs = e2e.validation();
        for (int i = 0; i < 6; i++) {
            JsonHttp.Response r = oip.infer(APP, i, 1);
            assertOutputOfTheNamedVariant(r, i);
            JsonNode parameters = r.json().path("parameters");
            long[] counts = Arrays.stream(parameters.path("evidence").asText().split(",")).mapToLong(Long::parseLong).toArray();
            assertThat(counts).as("k = 5 neighbours over 10 classes: %s", r.body()).hasSize(10);
            assertThat(Arrays.stream(counts).sum()).isEqualTo(5);
            // The validation image itself is in the index: its own label is among its neighbours'.
            assertThat(counts[vs.labels()[i]]).as("image %d (label %d): %s", i, vs.labels()[i], r.body()).isPositive();
            assertThat(parameters.path("evidence_ms").asDouble()).isPositive();
        }
        JsonNode readiness = e2e.http().get(e2e.suite().scheduler().resolve("/internal/v1/applications/" + APP)).json();
        assertThat(readiness.path("servedBy").asText()).isEqualTo("sneakpeek");
    }

    @Test
    void aBurstIsPlannedInWindowsAndRunsGrouped() throws Exception {
        int burst = 24;
        ExecutorService pool = Executors.newFixedThreadPool(burst);
        try {
            List<Future<JsonHttp.Response>> answers = new ArrayList<>();
            for (int i = 0; i < burst; i++) {
                ObjectNode body = oip.request(20 + i, 1);
                body.putObject("parameters").put("timeout", 1_000_000); // µs: what is checked is the plan, not this machine's speed
                answers.add(pool.submit(() -> oip.post("/v2/models/" + APP + "/infer", body)));
            }
            int served = 0;
            List<String> refusals = new ArrayList<>();
            for (int i = 0; i < burst; i++) {
                JsonHttp.Response r = answers.get(i).get();
                if (r.status() != 200) refusals.add(r.status() + " " + r.body());
                else refusals.add("OK " + r.json().path("parameters"));
                if (r.status() == 200) {
                    served++;
                    assertOutputOfTheNamedVariant(r, 20 + i);
                } else {
                    assertThat(Oip.refusal(r)).isNotBlank();
                }
            }
            String sch = e2e.http().get(e2e.suite().scheduler().resolve("/actuator/prometheus")).body();
            String dbg = String.join("\n", sch.lines().filter(l -> l.contains("fashion-peek") || l.contains("baton_model_swap")).toList());
            assertThat(served).as("most of a burst of %d within the SLO; refused: %s\nSCRAPE %s", burst, refusals, dbg).isGreaterThan(burst / 2);
        } finally {
            pool.shutdownNow();
        }
        String scrape = e2e.http().get(e2e.suite().scheduler().resolve("/actuator/prometheus")).body();
        assertThat(scrape).contains("baton_sneakpeek_estimated_accuracy_count{application=\"" + APP + "\"");
    }

    /**
     * A swap on the live path: with every variant of the application unloaded from the workers (their
     * {@code DELETE /internal/v1/models/{digest}}), the next requests' batches wait for a real load, which the
     * scheduler counts in {@code baton_model_swaps_total} and times in {@code baton_model_swap_seconds}; the answers
     * are still the variant's ONNX Runtime outputs, and the gateway's evidence search shows in its own metric.
     */
    @Test
    void unloadedVariantsAreSwappedBackInAndTheSwapsShowInTheSchedulersMetrics() throws Exception {
        double before = metricSum(schedulerScrape(), "baton_model_swaps_total");
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        int unloaded = 0;
        for (JsonNode v : e2e.http().get(e2e.suite().registry().resolve("/v1/applications/" + APP)).json().path("variants")) {
            String digest = v.path("artifactDigest").asText();
            for (var worker : e2e.suite().workers()) {
                HttpResponse<String> r = http.send(e2e.suite().credentials().sign(HttpRequest.newBuilder(worker.url().resolve("/internal/v1/models/" + digest)))
                        .DELETE().timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
                assertThat(r.statusCode()).as("unloading %s: %s", digest, r.body()).isIn(200, 404);
                if (r.statusCode() == 200) unloaded++;
            }
        }
        assertThat(unloaded).as("the earlier requests left at least one variant resident").isPositive();
        for (int i = 0; i < 4; i++) {
            ObjectNode body = oip.request(50 + i, 1);
            body.putObject("parameters").put("timeout", 1_000_000); // µs: the load is what is checked, not its speed
            JsonHttp.Response r = oip.post("/v2/models/" + APP + "/infer", body);
            assertThat(r.status()).as(r.body()).isEqualTo(200);
            assertOutputOfTheNamedVariant(r, 50 + i);
        }
        String scrape = schedulerScrape();
        assertThat(metricSum(scrape, "baton_model_swaps_total")).as("swaps after unloading").isGreaterThan(before);
        assertThat(metricSum(scrape, "baton_model_swap_seconds_count")).isPositive();
        assertThat(metricSum(scrape, "baton_model_swap_seconds_sum")).as("a swap is timed by the worker's load").isPositive();
        String gateway = e2e.http().get(e2e.suite().gatewayManagement().resolve("/actuator/prometheus")).body();
        assertThat(metricSum(gateway, "baton_gateway_evidence_seconds_count")).isPositive();
    }

    static String schedulerScrape() {
        return e2e.http().get(e2e.suite().scheduler().resolve("/actuator/prometheus")).body();
    }

    /** The sum of a Prometheus sample family over this application's series. */
    static double metricSum(String scrape, String name) {
        return scrape.lines()
                .filter(l -> l.startsWith(name + "{") && (l.contains("application=\"" + APP + "\"") || l.contains("app=\"" + APP + "\"")))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
                .sum();
    }
}
