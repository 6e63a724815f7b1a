package io.baton.scheduler.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * {@code GET /internal/v1/metrics/history} over real HTTP: what the serving path recorded in {@link ServingMetrics},
 * sampled by the service's own {@link MetricsSampler} (its timer may take a sample too, so the figures are summed
 * over every sample that holds the application), and {@code since} checked.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class MetricsHistoryHttpTest {

    static final ObjectMapper JSON = new ObjectMapper();

    @Autowired
    TestRestTemplate http;

    @Autowired
    ServingMetrics metrics;

    @Autowired
    MetricsSampler sampler;

    @Test
    void samplesHoldWhatWasServedAndSinceNarrowsThem() throws Exception {
        for (int ms = 1; ms <= 40; ms++) metrics.servedOnTime("history-app", ms, true);
        metrics.batch("history-app", "v1", 8);
        sampler.sample();

        ResponseEntity<String> answer = http.getForEntity("/internal/v1/metrics/history", String.class);
        assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.OK);
        JsonNode body = JSON.readTree(answer.getBody());
        assertThat(body.get("intervalSeconds").asDouble()).isEqualTo(5.0);
        assertThat(body.get("retentionSeconds").asDouble()).isEqualTo(900.0);
        assertThat(body.get("capacity").asInt()).isEqualTo(180);
        JsonNode samples = body.get("samples");
        assertThat(samples.size()).isPositive();
        long ended = 0, batches = 0;
        for (JsonNode s : samples) {
            assertThat(s.get("at").asText()).endsWith("Z");
            for (JsonNode a : s.get("applications")) {
                if (!"history-app".equals(a.get("application").asText())) continue;
                ended += a.get("requestsEnded").asLong();
                batches += a.get("batches").asLong();
                if (a.get("requestsEnded").asLong() == 40) {
                    assertThat(a.get("p50LatencyMs").asDouble()).isEqualTo(20.0);
                    assertThat(a.get("p99LatencyMs").asDouble()).isEqualTo(40.0);
                    assertThat(a.get("missRate").asDouble()).isZero();
                }
            }
        }
        assertThat(ended).isEqualTo(40);
        assertThat(batches).isEqualTo(1);

        String last = samples.get(samples.size() - 1).get("at").asText();
        JsonNode after = JSON.readTree(http.getForEntity("/internal/v1/metrics/history?since=" + last, String.class)
                .getBody());
        for (JsonNode s : after.get("samples")) assertThat(s.get("at").asText()).isGreaterThan(last);
    }

    @Test
    void aSinceThatIsNoInstantIsA400NamingIt() throws Exception {
        ResponseEntity<String> answer = http.getForEntity("/internal/v1/metrics/history?since=yesterday", String.class);
        assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
        assertThat(answer.getHeaders().getContentType().toString()).startsWith("application/problem+json");
        JsonNode problem = JSON.readTree(answer.getBody());
        assertThat(problem.get("field").asText()).isEqualTo("since");
        assertThat(problem.get("detail").asText()).contains("ISO-8601").contains("yesterday");
    }
}
