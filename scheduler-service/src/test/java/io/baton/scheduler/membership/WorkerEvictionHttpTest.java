package io.baton.scheduler.membership;

import static io.baton.scheduler.membership.WorkerHttp.heartbeat;
import static io.baton.scheduler.membership.WorkerHttp.post;
import static io.baton.scheduler.membership.WorkerHttp.registration;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpStatus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A worker whose heartbeats stop is evicted (short timeout), its next heartbeat is refused with 404, and it comes
 * back by registering again; a {@link WorkerListener} bean hears each step. The test polls for the state change and
 * never asserts how long it took.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = {"baton.scheduler.worker-timeout=300ms", "baton.scheduler.eviction-interval=20ms"})
class WorkerEvictionHttpTest {

    static final ObjectMapper JSON = new ObjectMapper();

    @TestConfiguration
    static class Listening {
        @Bean
        Events events() {
            return new Events();
        }
    }

    static final class Events implements WorkerListener {
        final List<String> seen = new ArrayList<>();

        @Override
        public synchronized void joined(Worker w) {
            seen.add("joined:" + w.workerId());
        }

        @Override
        public synchronized void left(Worker w) {
            seen.add("left:" + w.workerId());
        }

        synchronized List<String> of(String workerId) {
            return seen.stream().filter(e -> e.endsWith(":" + workerId)).toList();
        }
    }

    @Autowired
    TestRestTemplate http;

    @Autowired
    Events events;

    JsonNode worker(String id) throws Exception {
        return JSON.readTree(http.getForEntity("/internal/v1/workers/" + id, String.class).getBody());
    }

    @Test
    void silentWorkerIsEvictedThenRefusedThenRegistersAgain() throws Exception {
        assertThat(post(http, "/internal/v1/workers", registration("quiet", "http://127.0.0.1:8095")).getStatusCode())
                .isEqualTo(HttpStatus.OK);

        JsonNode w = worker("quiet");
        for (int polls = 0; polls < 600 && w.get("state").asText().equals("LIVE"); polls++) {
            Thread.sleep(50);
            w = worker("quiet");
        }
        assertThat(w.get("state").asText()).isEqualTo("EVICTED");
        assertThat(w.get("leftReason").asText()).contains("no heartbeat").contains("timeout 300 ms");
        assertThat(w.get("leftAt").isTextual()).isTrue();
        assertThat(events.of("quiet")).containsExactly("joined:quiet", "left:quiet");

        assertThat(post(http, "/internal/v1/workers/quiet/heartbeat", heartbeat("quiet")).getStatusCode())
                .isEqualTo(HttpStatus.NOT_FOUND);

        assertThat(post(http, "/internal/v1/workers", registration("quiet", "http://127.0.0.1:8095")).getStatusCode())
                .isEqualTo(HttpStatus.OK);
        assertThat(events.of("quiet")).containsExactly("joined:quiet", "left:quiet", "joined:quiet");
        JsonNode back = worker("quiet");
        // It may already have gone quiet again on a slow machine; either way it was re-admitted.
        assertThat(back.get("registeredAt").asText()).isNotEqualTo(w.get("registeredAt").asText());
    }
}
