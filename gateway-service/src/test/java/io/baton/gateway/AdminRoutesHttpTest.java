package io.baton.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.gateway.support.RecordingUpstream;
import io.baton.gateway.support.StubRegistry;

/**
 * The routes the admin page uses, over real HTTP: {@code /v1/profiling-jobs/**} to the profiler, planning, workers
 * and the metrics summary to the scheduler, everything else under {@code /v1} to the registry, all behind the API
 * key; and the page itself at {@code /admin/}. The browser drives the page against the real services in e2e-tests'
 * {@code AdminPageIT}.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class AdminRoutesHttpTest {

    static final StubRegistry REGISTRY = new StubRegistry();
    static final RecordingUpstream PROFILER = new RecordingUpstream("profiler");
    static final RecordingUpstream SCHEDULER = new RecordingUpstream("scheduler");
    static final String KEY = "admin-page-key";
    static final ObjectMapper JSON = new ObjectMapper();

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        properties.add("baton.gateway.registry-url", REGISTRY::url);
        properties.add("baton.gateway.scheduler-url", SCHEDULER::url);
        properties.add("baton.gateway.profiler-url", PROFILER::url);
        properties.add("baton.gateway.api-keys", () -> KEY);
        properties.add("baton.gateway.admin-timeout", () -> "1s");
    }

    @AfterAll
    static void stopStubs() {
        REGISTRY.close();
        PROFILER.close();
        SCHEDULER.close();
    }

    @LocalServerPort
    int port;

    final HttpClient http = HttpClient.newHttpClient();

    HttpResponse<String> send(String method, String path, String json, boolean withKey) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) b.header("Content-Type", "application/json");
        if (withKey) b.header("X-API-Key", KEY);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    JsonNode answered(String method, String path, String json, String upstream) throws Exception {
        HttpResponse<String> r = send(method, path, json, true);
        assertThat(r.statusCode()).as(method + " " + path + ": " + r.body()).isEqualTo(200);
        JsonNode body = JSON.readTree(r.body());
        assertThat(body.get("upstream").asText()).as(method + " " + path).isEqualTo(upstream);
        return body;
    }

    @Test
    void profilingJobsGoToTheProfilerUnchanged() throws Exception {
        String job = "{\"application\":\"fashion\",\"batchSizes\":[1,2]}";
        JsonNode submitted = answered("POST", "/v1/profiling-jobs", job, "profiler");
        assertThat(submitted.get("uri").asText()).isEqualTo("/v1/profiling-jobs");
        RecordingUpstream.Seen seen = PROFILER.last();
        assertThat(seen.method()).isEqualTo("POST");
        assertThat(seen.body()).isEqualTo(job);
        assertThat(seen.contentType()).isEqualTo("application/json");
        assertThat(seen.apiKeyHeader()).isNull(); // the key stays at the gateway

        assertThat(answered("GET", "/v1/profiling-jobs", null, "profiler").get("uri").asText())
                .isEqualTo("/v1/profiling-jobs");
        assertThat(answered("GET", "/v1/profiling-jobs/abc-1?verbose=true", null, "profiler").get("uri").asText())
                .isEqualTo("/v1/profiling-jobs/abc-1?verbose=true");
        assertThat(answered("POST", "/v1/profiling-jobs/abc-1/cancel", null, "profiler").get("method").asText())
                .isEqualTo("POST");
        assertThat(answered("DELETE", "/v1/profiling-jobs/abc-1", null, "profiler").get("method").asText())
                .isEqualTo("DELETE");
    }

    @Test
    void planningWorkersAndMetricsGoToTheSchedulerAndStoredPlansToTheRegistry() throws Exception {
        String input = "{\"alphaMs\":1.2,\"betaMs\":6,\"sloMs\":50,\"rate\":2000}";
        JsonNode planned = answered("POST", "/v1/plans/symphony-sizing", input, "scheduler");
        assertThat(planned.get("uri").asText()).isEqualTo("/v1/plans/symphony-sizing");
        assertThat(SCHEDULER.last().body()).isEqualTo(input);

        assertThat(answered("GET", "/v1/workers", null, "scheduler").get("uri").asText())
                .isEqualTo("/internal/v1/workers");
        assertThat(answered("GET", "/v1/workers/cpu-0", null, "scheduler").get("uri").asText())
                .isEqualTo("/internal/v1/workers/cpu-0");
        assertThat(answered("GET", "/v1/metrics/summary", null, "scheduler").get("uri").asText())
                .isEqualTo("/internal/v1/metrics/summary");
        assertThat(answered("GET", "/v1/metrics/history?since=2026-01-01T12:00:00Z", null, "scheduler").get("uri")
                .asText()).isEqualTo("/internal/v1/metrics/history?since=2026-01-01T12:00:00Z");

        // The stored plans stay the registry's: listing, reading one, storing one.
        int before = REGISTRY.seen.size();
        assertThat(send("GET", "/v1/plans?policy=ipa", null, true).statusCode()).isEqualTo(200);
        assertThat(send("GET", "/v1/plans/7", null, true).statusCode()).isEqualTo(200);
        assertThat(send("POST", "/v1/plans", "{\"policy\":\"ipa\",\"plan\":{}}", true).statusCode()).isEqualTo(201);
        assertThat(REGISTRY.seen.subList(before, REGISTRY.seen.size())).extracting(StubRegistry.Seen::uri)
                .containsExactly("/v1/plans?policy=ipa", "/v1/plans/7", "/v1/plans");
    }

    @Test
    void everyAdminRouteNeedsTheKey() throws Exception {
        for (String[] call : new String[][] {{"GET", "/v1/profiling-jobs"}, {"POST", "/v1/plans/ipa"},
                {"GET", "/v1/workers"}, {"GET", "/v1/metrics/summary"}, {"GET", "/v1/metrics/history"}}) {
            HttpResponse<String> r = send(call[0], call[1], call[0].equals("POST") ? "{}" : null, false);
            assertThat(r.statusCode()).as(call[1]).isEqualTo(401);
            assertThat(JSON.readTree(r.body()).get("field").asText()).isEqualTo("X-API-Key");
        }
    }

    @Test
    void anUpstreamsProblemComesBackAsItSentItAndASlowOneIsA504() throws Exception {
        HttpResponse<String> missing = send("GET", "/v1/profiling-jobs/missing", null, true);
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/problem+json");
        JsonNode problem = JSON.readTree(missing.body());
        assertThat(problem.get("detail").asText()).isEqualTo("no such thing in profiler");
        assertThat(problem.get("field").asText()).isEqualTo("id");

        HttpResponse<String> slow = send("GET", "/v1/workers/slow", null, true);
        assertThat(slow.statusCode()).isEqualTo(504);
        JsonNode timeout = JSON.readTree(slow.body());
        assertThat(timeout.get("type").asText()).isEqualTo("urn:baton:problem:scheduler-timeout");
        assertThat(timeout.get("detail").asText()).contains("scheduler gave no answer within 1000 ms");
    }

    @Test
    void theAdminPageIsServedWithoutAKeyUnderAStrictContentSecurityPolicy() throws Exception {
        HttpResponse<String> bare = send("GET", "/admin", null, false);
        assertThat(bare.statusCode()).isEqualTo(302);
        assertThat(bare.headers().firstValue("Location").orElseThrow()).endsWith("/admin/");

        HttpResponse<String> page = send("GET", "/admin/", null, false);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/html");
        assertThat(page.body()).contains("<title>Baton admin</title>").contains("js/main.js");
        assertThat(page.headers().firstValue("Content-Security-Policy").orElseThrow())
                .contains("default-src 'none'").contains("script-src 'self'").contains("connect-src 'self'");
        assertThat(page.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
        // Nothing the page loads comes from elsewhere (there is no internet where it runs).
        assertThat(page.body()).doesNotContain("http://").doesNotContain("https://");

        for (String asset : new String[] {"/admin/js/main.js", "/admin/js/chart.js", "/admin/admin.css"}) {
            HttpResponse<String> r = send("GET", asset, null, false);
            assertThat(r.statusCode()).as(asset).isEqualTo(200);
            assertThat(r.body()).as(asset).doesNotContain("https://").doesNotContain("http://");
        }
        assertThat(send("GET", "/admin/js/main.js", null, false).headers().firstValue("Content-Type").orElseThrow())
                .contains("javascript");
    }
}
