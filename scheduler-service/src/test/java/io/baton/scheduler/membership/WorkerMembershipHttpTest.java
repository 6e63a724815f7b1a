package io.baton.scheduler.membership;

import static io.baton.scheduler.membership.WorkerHttp.heartbeat;
import static io.baton.scheduler.membership.WorkerHttp.post;
import static io.baton.scheduler.membership.WorkerHttp.registration;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The membership routes over real HTTP, with the JSON worker-service sends (default 10 s timeout: no eviction here). */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class WorkerMembershipHttpTest {

    static final ObjectMapper JSON = new ObjectMapper();

    @Autowired
    TestRestTemplate http;

    @Test
    void registerHeartbeatAndList() throws Exception {
        ResponseEntity<String> registered = post(http, "/internal/v1/workers", registration("cpu-7", "http://127.0.0.1:8090"));
        assertThat(registered.getStatusCode()).as(registered.getBody()).isEqualTo(HttpStatus.OK);
        JsonNode worker = JSON.readTree(registered.getBody());
        assertThat(worker.get("workerId").asText()).isEqualTo("cpu-7");
        assertThat(worker.get("url").asText()).isEqualTo("http://127.0.0.1:8090");
        assertThat(worker.get("state").asText()).isEqualTo("LIVE");
        assertThat(worker.get("device").get("maxConcurrentBatches").asInt()).isEqualTo(1);
        assertThat(worker.get("device").get("cpuModel").asText()).isEqualTo("AMD EPYC");
        assertThat(worker.get("load").isNull()).isTrue();
        Instant registeredAt = Instant.parse(worker.get("lastSeen").asText());

        ResponseEntity<String> beat = post(http, "/internal/v1/workers/cpu-7/heartbeat", heartbeat("cpu-7"));
        assertThat(beat.getStatusCode()).as(beat.getBody()).isEqualTo(HttpStatus.NO_CONTENT);

        ResponseEntity<String> list = http.getForEntity("/internal/v1/workers", String.class);
        assertThat(list.getStatusCode()).isEqualTo(HttpStatus.OK);
        JsonNode listed = null;
        for (JsonNode w : JSON.readTree(list.getBody())) {
            if (w.get("workerId").asText().equals("cpu-7")) listed = w;
        }
        assertThat(listed).isNotNull();
        assertThat(listed.get("state").asText()).isEqualTo("LIVE");
        assertThat(Instant.parse(listed.get("lastSeen").asText())).isAfterOrEqualTo(registeredAt);
        assertThat(listed.get("models").toString()).isEqualTo("[\"abc\"]");
        assertThat(listed.get("load").get("batchesQueued").asInt()).isEqualTo(3);
        assertThat(listed.get("load").get("sentAt").asText()).isEqualTo("2026-11-22T04:40:00.123456Z");

        JsonNode one = JSON.readTree(http.getForEntity("/internal/v1/workers/cpu-7", String.class).getBody());
        assertThat(one.get("workerId").asText()).isEqualTo("cpu-7");
    }

    @Test
    void heartbeatFromAnUnknownWorkerIs404SoItRegistersAgain() throws Exception {
        ResponseEntity<String> beat = post(http, "/internal/v1/workers/ghost/heartbeat", heartbeat("ghost"));
        assertThat(beat.getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND);
        assertThat(beat.getHeaders().getContentType().toString()).startsWith("application/problem+json");
        assertThat(JSON.readTree(beat.getBody()).get("type").asText()).isEqualTo("urn:baton:problem:unknown-worker");
        assertThat(http.getForEntity("/internal/v1/workers/ghost", String.class).getStatusCode())
                .isEqualTo(HttpStatus.NOT_FOUND);
    }

    @Test
    void badRegistrationsAndHeartbeatsAre400NamingTheField() throws Exception {
        String good = registration("cpu-8", "http://127.0.0.1:8091");
        String[][] cases = {
                {good.replace("\"cpuModel\"", "\"cpuModle\""), "cpuModle"},
                {good.replace("http://127.0.0.1:8091", "not a url"), "url"},
                {good.replace("http://127.0.0.1:8091", "ftp://host/x"), "url"},
                {good.replace("\"workerId\":\"cpu-8\"", "\"workerId\":\"\""), "workerId"},
                {good.replace("\"cores\":2", "\"cores\":\"two\""), "device.cores"},
                {"{\"workerId\":\"cpu-8\",\"url\":\"http://127.0.0.1:1\"}", "device"},
                {"{\"workerId\":", "JSON"},
        };
        for (String[] c : cases) {
            ResponseEntity<String> r = post(http, "/internal/v1/workers", c[0]);
            assertThat(r.getStatusCode()).as(c[0]).isEqualTo(HttpStatus.BAD_REQUEST);
            assertThat(JSON.readTree(r.getBody()).get("detail").asText()).as(c[0]).contains(c[1]);
        }
        assertThat(post(http, "/internal/v1/workers", good).getStatusCode()).isEqualTo(HttpStatus.OK);
        ResponseEntity<String> mismatch = post(http, "/internal/v1/workers/cpu-8/heartbeat", heartbeat("cpu-9"));
        assertThat(mismatch.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
        assertThat(JSON.readTree(mismatch.getBody()).get("detail").asText()).contains("workerId");
    }
}
