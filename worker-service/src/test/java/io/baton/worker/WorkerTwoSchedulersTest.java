package io.baton.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A worker given two schedulers (the leader and its standby) registers with and heartbeats to both, and one that
 * fails does not hold up the other.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.worker.device-id=cpu-5", "baton.worker.heartbeat-interval=100ms", "baton.worker.intra-op-threads=1"})
class WorkerTwoSchedulersTest {

    static final FakeControlPlane LEADER = started();
    static final FakeControlPlane STANDBY = started();

    static FakeControlPlane started() {
        try {
            return new FakeControlPlane();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @LocalServerPort
    int port;

    @AfterAll
    static void stop() {
        LEADER.close();
        STANDBY.close();
    }

    @DynamicPropertySource
    static void urls(DynamicPropertyRegistry registry) {
        registry.add("baton.worker.registry-url", LEADER::url);
        registry.add("baton.worker.scheduler-url", () -> LEADER.url() + ", " + STANDBY.url() + "/");
    }

    @Test
    void registersWithAndHeartbeatsToEveryScheduler() {
        await().atMost(Duration.ofSeconds(20)).until(() -> !LEADER.heartbeats.isEmpty() && !STANDBY.heartbeats.isEmpty());
        assertThat(LEADER.registrations.get(0).get("url").asText()).isEqualTo("http://127.0.0.1:" + port);
        assertThat(STANDBY.registrations.get(0).get("workerId").asText()).isEqualTo("cpu-5");

        LEADER.schedulerStatus = 503;
        try {
            int beats = STANDBY.heartbeats.size();
            await().atMost(Duration.ofSeconds(20)).until(() -> STANDBY.heartbeats.size() > beats + 3);
        } finally {
            LEADER.schedulerStatus = 200;
        }
    }
}
