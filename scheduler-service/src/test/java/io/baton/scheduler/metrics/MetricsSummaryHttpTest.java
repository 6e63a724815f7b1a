package io.baton.scheduler.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.core.domain.DropReason;

/**
 * {@code GET /internal/v1/metrics/summary} over real HTTP: what the serving path recorded in {@link ServingMetrics}
 * (the very bean the live engine records into), and the workers that registered.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class MetricsSummaryHttpTest {

    static final ObjectMapper JSON = new ObjectMapper();

    @Autowired
    TestRestTemplate http;

    @Autowired
    ServingMetrics metrics;

    @Test
    void perApplicationFiguresAndPerWorkerBusyOrIdle() throws Exception {
        for (int ms = 1; ms <= 100; ms++) metrics.servedOnTime("summary-app", ms, ms <= 90);
        metrics.dropped("summary-app", DropReason.DEADLINE_UNMEETABLE);
        metrics.batch("summary-app", "v1", 2);
        metrics.batch("summary-app", "v2", 4);
        metrics.queue("summary-app", () -> 5);
        register("cpu-busy");
        register("cpu-quiet");
        metrics.deviceBusy("cpu-busy");

        ResponseEntity<String> answer = http.getForEntity("/internal/v1/metrics/summary", String.class);
        assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.OK);
        JsonNode summary = JSON.readTree(answer.getBody());
        assertThat(summary.get("windowSeconds").asInt()).isEqualTo(10);

        JsonNode app = find(summary.get("applications"), "application", "summary-app");
        assertThat(app.get("goodput").asDouble()).isCloseTo(90 / 10.0, within(1e-9)); // 90 on time over 10 s
        assertThat(app.get("missRate").asDouble()).isCloseTo(11 / 101.0, within(1e-9)); // 10 late + 1 dropped
        assertThat(app.get("requestsEnded").asLong()).isEqualTo(101);
        assertThat(app.get("p99LatencyMs").asDouble()).isEqualTo(99.0); // nearest rank of 1 … 100
        assertThat(app.get("meanBatchSize").asDouble()).isEqualTo(3.0);
        assertThat(app.get("batches").asInt()).isEqualTo(2);
        assertThat(app.get("queueLength").asInt()).isEqualTo(5);

        JsonNode busy = find(summary.get("workers"), "workerId", "cpu-busy");
        assertThat(busy.get("state").asText()).isEqualTo("LIVE");
        assertThat(busy.get("deviceKind").asText()).isEqualTo("cpu");
        assertThat(busy.get("busy").asBoolean()).isTrue();
        assertThat(busy.get("runningBatches").asInt()).isEqualTo(1);
        JsonNode quiet = find(summary.get("workers"), "workerId", "cpu-quiet");
        assertThat(quiet.get("busy").asBoolean()).isFalse();
        assertThat(quiet.get("idleFraction").asDouble()).isEqualTo(1.0);

        metrics.deviceIdle("cpu-busy");
        JsonNode after = JSON.readTree(http.getForEntity("/internal/v1/metrics/summary", String.class).getBody());
        assertThat(find(after.get("workers"), "workerId", "cpu-busy").get("busy").asBoolean()).isFalse();
    }

    @Test
    void anApplicationWithNothingServedHasNoPercentile() throws Exception {
        metrics.failed("summary-failing");
        JsonNode summary = JSON.readTree(http.getForEntity("/internal/v1/metrics/summary", String.class).getBody());
        JsonNode app = find(summary.get("applications"), "application", "summary-failing");
        assertThat(app.get("missRate").asDouble()).isEqualTo(1.0);
        assertThat(app.get("goodput").asDouble()).isZero();
        assertThat(app.get("p99LatencyMs").isNull()).isTrue();
        assertThat(app.get("meanBatchSize").isNull()).isTrue();
    }

    private void register(String id) {
        String body = """
                {"workerId":"%s","url":"http://127.0.0.1:9","device":{"deviceId":"%s","kind":"cpu","provider":"cpu",\
                "cores":2,"memoryBytes":8589934592,"memoryBudgetBytes":1073741824,"intraOpThreads":1,\
                "maxConcurrentBatches":1},"models":[]}""".formatted(id, id);
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.APPLICATION_JSON);
        ResponseEntity<String> r = http.postForEntity("/internal/v1/workers", new HttpEntity<>(body, headers), String.class);
        assertThat(r.getStatusCode()).as(r.getBody()).isEqualTo(HttpStatus.OK);
    }

    private static JsonNode find(JsonNode array, String field, String value) {
        for (JsonNode n : array) if (value.equals(n.path(field).asText())) return n;
        throw new AssertionError("no element with " + field + " = " + value + " in " + array);
    }
}
