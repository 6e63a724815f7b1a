package io.baton.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.baton.cli.suite.JsonHttp;
import io.baton.cli.suite.ServiceProcess;
import io.baton.cli.suite.Suite;
import io.baton.e2e.support.E2eSuite;
import io.baton.e2e.support.SuiteExtension;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Every service is up, and every worker has registered with the scheduler and keeps it informed. */
@ExtendWith(SuiteExtension.class)
class MembershipIT {
    static E2eSuite e2e;

    @BeforeAll
    static void suite(E2eSuite suite) {
        e2e = suite;
    }

    @Test
    void everyServiceIsHealthyAndReady() {
        for (ServiceProcess p : e2e.suite().processes()) {
            assertThat(p.isAlive()).as(p.name()).isTrue();
            for (String probe : new String[] {"/actuator/health", "/actuator/health/readiness", "/actuator/health/liveness"}) {
                JsonHttp.Response r = e2e.http().get(p.url().resolve(probe));
                assertThat(r.status()).as("%s %s: %s", p.name(), probe, r.body()).isEqualTo(200);
                assertThat(r.json().path("status").asText()).isEqualTo("UP");
            }
        }
        assertThat(e2e.suite().processes()).extracting(ServiceProcess::name)
                .containsExactly("registry", "scheduler", "profiler", "worker-0", "worker-1", "gateway");
    }

    @Test
    void everyWorkerIsRegisteredAndLiveWithItsUrlAndDevice() {
        JsonHttp.Response r = e2e.http().get(e2e.suite().scheduler().resolve("/internal/v1/workers"));
        assertThat(r.status()).isEqualTo(200);
        Map<String, JsonNode> byId = new LinkedHashMap<>();
        r.json().forEach(w -> byId.put(w.path("workerId").asText(), w));
        for (int i = 0; i < E2eSuite.WORKERS; i++) {
            JsonNode w = byId.get(Suite.deviceId(i));
            assertThat(w).as("worker %s in %s", Suite.deviceId(i), r.body()).isNotNull();
            assertThat(w.path("state").asText()).isEqualTo("LIVE");
            assertThat(w.path("url").asText()).isEqualTo(e2e.suite().workers().get(i).url().toString());
            assertThat(w.path("device").path("kind").asText()).isEqualTo("cpu");
            assertThat(w.path("device").path("intraOpThreads").asInt()).as("one core per worker").isEqualTo(1);
        }
    }

    @Test
    void theSchedulerHearsHeartbeats() throws InterruptedException {
        String id = Suite.deviceId(0);
        String first = worker(id).path("lastSeen").asText();
        long end = System.nanoTime() + 20_000_000_000L;
        while (worker(id).path("lastSeen").asText().equals(first) && System.nanoTime() < end) Thread.sleep(100);
        assertThat(worker(id).path("lastSeen").asText()).as("lastSeen moves on with heartbeats").isNotEqualTo(first);
        assertThat(worker(id).path("state").asText()).isEqualTo("LIVE");
    }

    private JsonNode worker(String id) {
        JsonHttp.Response r = e2e.http().get(e2e.suite().scheduler().resolve("/internal/v1/workers/" + id));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json();
    }
}
