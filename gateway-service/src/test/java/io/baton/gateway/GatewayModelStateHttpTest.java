package io.baton.gateway;

import static io.baton.gateway.support.Apps.application;
import static io.baton.gateway.support.Apps.spec;
import static io.baton.gateway.support.Apps.variant;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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

import io.baton.gateway.support.StubProfiler;
import io.baton.gateway.support.StubRegistry;
import io.baton.gateway.support.StubScheduler;
import io.baton.gateway.support.StubUpstreams;

/**
 * A model's state on its metadata and readiness routes, from the scheduler's readiness (each variant's
 * {@code profile}) and the profiler's queued or running jobs: profiled, profiling or unprofiled; a model served
 * unprofiled is ready.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class GatewayModelStateHttpTest {

    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();
    static final StubRegistry REGISTRY = UPSTREAMS.registry();
    static final StubScheduler SCHEDULER = UPSTREAMS.scheduler();
    static final StubProfiler PROFILER = new StubProfiler();
    static final ObjectMapper JSON = new ObjectMapper();

    static {
        String x = spec("x", "FP32", "[-1,4]"), y = spec("y", "FP32", "[-1,2]");
        for (String app : new String[] {"done", "mixed", "fresh", "older", "unknown"}) {
            REGISTRY.application(app, application(app, "single", "{}", 1000, x, y, variant("a", 0, x, y),
                    variant("b", 0, x, y)));
            SCHEDULER.application(app, "single", Map.of());
        }
        SCHEDULER.state("done", state("done", "READY", "\"profiled\"", "\"profiled\""));
        // a profiled, b unprofiled and covered by a running job
        SCHEDULER.state("mixed", state("mixed", "READY", "\"profiled\"", "\"unprofiled\""));
        // nothing profiled, no job: the scheduler serves it work-conserving
        SCHEDULER.state("fresh", state("fresh", "READY", "\"unprofiled\"", "\"unprofiled\""));
        // a scheduler that does not say "profile": only profiled variants serve
        SCHEDULER.state("older", "{\"application\":\"older\",\"state\":\"UNAVAILABLE\",\"reason\":\"no variant is "
                + "profiled yet\",\"liveWorkers\":1,\"variants\":[{\"name\":\"a\",\"digest\":\"d\",\"profiled\":false},"
                + "{\"name\":\"b\",\"digest\":\"d\",\"profiled\":false}]}");
        PROFILER.jobs("[{\"id\":\"j2\",\"state\":\"running\",\"application\":\"mixed\",\"variants\":[\"b\"]},"
                + "{\"id\":\"j1\",\"state\":\"succeeded\",\"application\":\"fresh\",\"variants\":[\"a\",\"b\"]},"
                + "{\"id\":\"j0\",\"state\":\"queued\",\"application\":\"unknown\",\"variants\":[\"a\"]}]");
    }

    private static String state(String app, String state, String a, String b) {
        return "{\"application\":\"" + app + "\",\"state\":\"" + state + "\",\"reason\":null,\"liveWorkers\":1,"
                + "\"variants\":[{\"name\":\"a\",\"digest\":\"d\",\"profiled\":" + a.equals("\"profiled\"")
                + ",\"profile\":" + a + "},{\"name\":\"b\",\"digest\":\"d\",\"profiled\":" + b.equals("\"profiled\"")
                + ",\"profile\":" + b + "}]}";
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
        properties.add("baton.gateway.profiler-url", PROFILER::url);
    }

    @AfterAll
    static void stopProfiler() {
        PROFILER.close();
    }

    @LocalServerPort
    int port;

    final HttpClient http = HttpClient.newHttpClient();

    @Test
    void metadataSaysWhichStateTheModelAndEachVersionIsIn() throws Exception {
        JsonNode done = get("/v2/models/done", 200);
        assertThat(done.get("state").asText()).isEqualTo("profiled");
        assertThat(done.get("version_states").toString()).isEqualTo("{\"a\":\"profiled\",\"b\":\"profiled\"}");
        JsonNode mixed = get("/v2/models/mixed", 200);
        assertThat(mixed.get("state").asText()).isEqualTo("profiling");
        assertThat(mixed.get("version_states").toString()).isEqualTo("{\"a\":\"profiled\",\"b\":\"profiling\"}");
        assertThat(get("/v2/models/mixed/versions/a", 200).get("state").asText()).isEqualTo("profiled");
        assertThat(get("/v2/models/mixed/versions/b", 200).get("state").asText()).isEqualTo("profiling");
        // a finished job covers nothing any more
        JsonNode fresh = get("/v2/models/fresh", 200);
        assertThat(fresh.get("state").asText()).isEqualTo("unprofiled");
        assertThat(fresh.get("version_states").toString()).isEqualTo("{\"a\":\"unprofiled\",\"b\":\"unprofiled\"}");
        assertThat(get("/v2/models/older", 200).get("state").asText()).isEqualTo("unprofiled");
        // the scheduler does not know it yet: nothing profiled; a queued job covers a
        JsonNode unknown = get("/v2/models/unknown", 200);
        assertThat(unknown.get("state").asText()).isEqualTo("profiling");
        assertThat(unknown.get("version_states").toString()).isEqualTo("{\"a\":\"profiling\",\"b\":\"unprofiled\"}");
    }

    @Test
    void anUnprofiledModelTheSchedulerServesIsReady() throws Exception {
        JsonNode fresh = get("/v2/models/fresh/ready", 200);
        assertThat(fresh.get("ready").asBoolean()).isTrue();
        assertThat(fresh.get("state").asText()).isEqualTo("unprofiled");
        JsonNode version = get("/v2/models/fresh/versions/b/ready", 200);
        assertThat(version.get("state").asText()).isEqualTo("unprofiled");
        JsonNode mixed = get("/v2/models/mixed/versions/b/ready", 200);
        assertThat(mixed.get("state").asText()).isEqualTo("profiling");
        assertThat(get("/v2/models/done/ready", 200).get("state").asText()).isEqualTo("profiled");

        // an older scheduler serves only profiled variants
        JsonNode older = get("/v2/models/older/versions/a/ready", 503);
        assertThat(older.get("state").asText()).isEqualTo("unprofiled");
        assertThat(older.get("error").asText()).isEqualTo("model 'older' version 'a' is not ready: variant a is not "
                + "profiled yet");
    }

    @Test
    void theRepositoryIndexCarriesEachModelsStateBesideTritonsReadiness() throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + "/v2/repository/index")).POST(HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        Map<String, JsonNode> index = new java.util.TreeMap<>();
        JSON.readTree(r.body()).forEach(entry -> index.put(entry.get("name").asText(), entry));
        assertThat(index).containsOnlyKeys("done", "mixed", "fresh", "older", "unknown");
        // the same states as each model's metadata, under Triton's name, state and reason
        for (String name : index.keySet()) {
            JsonNode meta = get("/v2/models/" + name, 200);
            assertThat(index.get(name).get("model_state")).as(name).isEqualTo(meta.get("state"));
            assertThat(index.get(name).get("version_states")).as(name).isEqualTo(meta.get("version_states"));
        }
        assertThat(index.get("mixed").get("state").asText()).isEqualTo("READY");
        assertThat(index.get("mixed").get("model_state").asText()).isEqualTo("profiling");
        assertThat(index.get("mixed").get("version_states").toString())
                .isEqualTo("{\"a\":\"profiled\",\"b\":\"profiling\"}");
        assertThat(index.get("older").get("state").asText()).isEqualTo("UNAVAILABLE");
        assertThat(index.get("older").get("reason").asText()).contains("no variant is profiled yet");
        assertThat(index.get("older").get("model_state").asText()).isEqualTo("unprofiled");
        assertThat(index.get("done").get("model_state").asText()).isEqualTo("profiled");
        assertThat(index.get("unknown").get("model_state").asText()).isEqualTo("profiling");
    }

    private JsonNode get(String path, int status) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
        return JSON.readTree(r.body());
    }
}
