package io.baton.gateway;

import static org.assertj.core.api.Assertions.assertThat;

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

import io.baton.gateway.support.Apps;
import io.baton.gateway.support.RawHttp;
import io.baton.gateway.support.StubRegistry;
import io.baton.gateway.support.StubScheduler;
import io.baton.gateway.support.StubUpstreams;

/**
 * The read deadlines, with a minimum rate low enough (1 byte per second) that only they can refuse: an inference body
 * still arriving past its application's SLO (1 s here) is 408 in the OIP body; an admin upload still arriving past
 * {@code max-read-time} (2 s here) is 408 as a problem, and the registry is told nothing of it.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.gateway.edge.body.min-rate=1B", "baton.gateway.edge.body.rate-grace=200ms",
        "baton.gateway.edge.body.max-read-time=2s"})
class BodyDeadlineHttpTest {

    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();
    static final StubRegistry REGISTRY = UPSTREAMS.registry();
    static final StubScheduler SCHEDULER = UPSTREAMS.scheduler();
    static final ObjectMapper JSON = new ObjectMapper();

    static {
        String x = Apps.spec("x", "FP32", "[-1,2]"), y = Apps.spec("y", "FP32", "[-1,1]");
        REGISTRY.application("sum", Apps.application("sum", "single", "{}", 1_000, x, y, Apps.variant("m", 0, x, y)));
        SCHEDULER.application("sum", "single", Map.of("m", new StubScheduler.Model(List.of("x"), List.of("y"),
                in -> Map.of("y", new double[] {in.get("x")[0] + in.get("x")[1]}))));
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
    }

    @LocalServerPort
    int port;

    @Test
    void anInferenceBodyStillArrivingPastItsSloIs408() throws Exception {
        try (RawHttp.SlowSenders slow = new RawHttp.SlowSenders("127.0.0.51", port, "/v2/models/sum/infer", 1, 1_000,
                200)) {
            RawHttp.Answer a = slow.answers(10_000).get(0);
            assertThat(a.status()).as(a.body()).isEqualTo(408);
            assertThat(a.header("Connection")).isEqualTo("close");
            assertThat(JSON.readTree(a.body()).get("error").asText())
                    .startsWith("the request body was not received in time");
        }
        assertThat(SCHEDULER.callsFor("sum")).isEmpty();
    }

    @Test
    void anAdminUploadStillArrivingPastTheReadTimeIs408AsAProblem() throws Exception {
        try (RawHttp.SlowSenders slow = new RawHttp.SlowSenders("127.0.0.52", port, "/v1/artifacts?type=onnx", 1,
                100_000, 200)) {
            RawHttp.Answer a = slow.answers(10_000).get(0);
            assertThat(a.status()).as(a.body()).isEqualTo(408);
            assertThat(a.header("Content-Type")).startsWith("application/problem+json");
            JsonNode problem = JSON.readTree(a.body());
            assertThat(problem.get("status").asInt()).isEqualTo(408);
            assertThat(problem.get("instance").asText()).isEqualTo("/v1/artifacts");
            assertThat(problem.get("detail").asText()).startsWith("the request body was not received in time");
        }
        assertThat(REGISTRY.seen).noneMatch(s -> s.uri().startsWith("/v1/artifacts"));
    }
}
