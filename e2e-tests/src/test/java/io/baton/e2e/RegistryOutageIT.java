package io.baton.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.baton.cli.suite.JsonHttp;
import io.baton.cli.suite.ServiceProcess;
import io.baton.e2e.support.E2eSuite;
import io.baton.e2e.support.Oip;
import io.baton.e2e.support.SuiteExtension;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The registry killed (SIGKILL, as a crash) under load: every inference request is still answered 200 from what the
 * gateway and the scheduler hold (their caches' TTLs pass during the outage) and the models the workers have loaded;
 * an admin write meanwhile is a 503 problem naming the registry; once the registry is started again (same port, same
 * PostgreSQL schema, by the suite) a write succeeds and what was committed before is intact. The registry is
 * restarted in any case, so the shared suite is whole again for the other tests.
 */
@ExtendWith(SuiteExtension.class)
class RegistryOutageIT {
    static final String APP = "fashion-single";
    static final double RATE = 10, SECONDS = 8, KILL_AT = 1;
    static final long TIMEOUT_MICROS = 8_000_000;
    static E2eSuite e2e;

    @BeforeAll
    static void suite(E2eSuite suite) {
        e2e = suite;
    }

    record Sent(double atSeconds, CompletableFuture<JsonHttp.Response> answer) {}

    @Test
    void inferenceIsServedThroughARegistryCrashAndNothingCommittedIsLost() throws Exception {
        JsonNode before = e2e.http().get(e2e.suite().registry().resolve("/v1/applications/" + APP)).json();
        preloadEveryVariantOnEveryWorker(before);
        Oip oip = new Oip(e2e);
        warmUp(oip); // the gateway and the scheduler have read the application, and are past their first requests

        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        JsonHttp.Response writeWhileDown;
        List<Sent> sent = new ArrayList<>();
        ServiceProcess registry = e2e.suite().processes().stream().filter(p -> p.name().equals("registry")).findFirst().orElseThrow();
        try {
            long start = System.nanoTime();
            boolean killed = false;
            for (int i = 0; i < RATE * SECONDS; i++) {
                long due = start + (long) (i / RATE * 1e9);
                while (System.nanoTime() < due) Thread.sleep(1);
                if (!killed && i / RATE >= KILL_AT) {
                    registry.kill(); // SIGKILL, as a crash; the suite keeps its place to restart it
                    killed = true;
                }
                HttpRequest request = HttpRequest.newBuilder(e2e.suite().gateway().resolve("/v2/models/" + APP + "/infer"))
                        .timeout(Duration.ofSeconds(30)).header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(JsonHttp.JSON.writeValueAsString(
                                patient(oip, i % e2e.validation().size()))))
                        .build();
                sent.add(new Sent(i / RATE, client.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                        .handle((r, e) -> e != null ? new JsonHttp.Response(0, String.valueOf(e))
                                : new JsonHttp.Response(r.statusCode(), r.body()))));
            }
            assertThat(killed).isTrue();
            writeWhileDown = admin(client, "POST", "/v1/applications", probeApplication());
        } finally {
            e2e.suite().restart(registry); // same port, database and artifact directory
        }

        List<String> notServed = new ArrayList<>();
        for (Sent s : sent) {
            JsonHttp.Response r = s.answer().get();
            if (r.status() == 200) {
                Oip.probabilities(r, APP, 1);
            } else {
                notServed.add(String.format(java.util.Locale.ROOT, "%.2f s: %d %s", s.atSeconds(), r.status(), r.body()));
            }
        }
        assertThat(notServed).as("requests not served (registry killed at %.1f s, of %d sent)", KILL_AT, sent.size())
                .isEmpty();
        assertThat(writeWhileDown.status()).as(writeWhileDown.body()).isEqualTo(503);
        assertThat(writeWhileDown.json().path("type").asText()).isEqualTo("urn:baton:problem:registry-unavailable");
        assertThat(writeWhileDown.json().path("detail").asText()).startsWith("registry unreachable at");

        JsonHttp.Response created = admin(client, "POST", "/v1/applications", probeApplication());
        try {
            assertThat(created.status()).as(created.body()).isEqualTo(201);
            JsonNode after = e2e.http().get(e2e.suite().registry().resolve("/v1/applications/" + APP)).json();
            assertThat(after.path("variants")).isEqualTo(before.path("variants"));
            assertThat(after.path("version")).isEqualTo(before.path("version"));
            Oip.probabilities(oip.post("/v2/models/" + APP + "/infer", patient(oip, 0)), APP, 1);
        } finally {
            admin(client, "DELETE", "/v1/applications/registry-outage-probe", null);
        }
    }

    /**
     * A request of one image with a deadline of {@link #TIMEOUT_MICROS}: what is tested is the registry's absence,
     * and on a busy test machine the application's own SLO would drop some requests for their deadline instead.
     */
    private static ObjectNode patient(Oip oip, int image) {
        ObjectNode request = oip.request(image, 1);
        request.putObject("parameters").put("timeout", TIMEOUT_MICROS);
        return request;
    }

    /** Sends requests until one is served (a cold suite's first ones may miss their deadline), at most 50. */
    private static void warmUp(Oip oip) {
        JsonHttp.Response r = null;
        for (int i = 0; i < 50 && (r == null || r.status() != 200); i++) {
            r = oip.post("/v2/models/" + APP + "/infer", patient(oip, i % e2e.validation().size()));
        }
        Oip.probabilities(r, APP, 1);
    }

    /** Workers fetch a model from the registry on first use: load them all now, as a warm suite has them. */
    private static void preloadEveryVariantOnEveryWorker(JsonNode app) {
        for (ServiceProcess worker : e2e.suite().workers()) {
            for (JsonNode v : app.path("variants")) {
                URI load = worker.url().resolve("/internal/v1/models/" + v.path("artifactDigest").asText() + "/load");
                JsonHttp.Response r = e2e.http().post(load, JsonHttp.JSON.createObjectNode());
                assertThat(r.status()).as("preload on %s: %s", worker.name(), r.body()).isBetween(200, 299);
            }
        }
    }

    private static String probeApplication() {
        return """
            {"name":"registry-outage-probe","kind":"single","policy":"symphony","sloMs":100,
             "inputs":[{"name":"pixels","datatype":"FP32","shape":[-1,4]}],
             "outputs":[{"name":"logits","datatype":"FP32","shape":[-1,4]}]}""";
    }

    private static JsonHttp.Response admin(HttpClient client, String method, String path, String json) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(e2e.suite().gateway().resolve(path)).timeout(Duration.ofSeconds(30))
                .header("X-API-Key", E2eSuite.ADMIN_KEY)
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) b.header("Content-Type", "application/json");
        HttpResponse<String> r = client.send(b.build(), HttpResponse.BodyHandlers.ofString());
        return new JsonHttp.Response(r.statusCode(), r.body());
    }
}
