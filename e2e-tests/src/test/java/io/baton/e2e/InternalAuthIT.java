package io.baton.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.baton.core.security.InternalCredentials;
import io.baton.cli.suite.JsonHttp;
import io.baton.cli.suite.ServiceProcess;
import io.baton.cli.suite.Suite;
import io.baton.e2e.support.E2eSuite;
import io.baton.e2e.support.Oip;
import io.baton.e2e.support.SuiteExtension;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The suite as {@code bin/baton up} runs it, internal authentication on: it serves through the gateway, while a
 * process on the same machine without the suite's secret is refused on every internal port: it cannot register a
 * worker, issue an admin API key on the registry's port, start a profiling job or run a batch on a worker. With the
 * secret it still cannot take a live worker's id from another address.
 */
@ExtendWith(SuiteExtension.class)
class InternalAuthIT {
    static E2eSuite e2e;
    /** A local process that knows the suite's ports but not its secret. */
    static final JsonHttp STRANGER = new JsonHttp(Duration.ofSeconds(10), InternalCredentials.none());

    @BeforeAll
    static void suite(E2eSuite suite) {
        e2e = suite;
    }

    /**
     * Until one answers 200 (at most 30 tries): the first batch of a variant on a worker pays its load and a cold JIT,
     * which can outlast the 100 ms SLO on this machine (as in {@code InferenceIT}). Every try crosses the gateway, the
     * scheduler and a worker, each demanding the secret of its caller.
     */
    @Test
    void theSuiteServesInferenceWithAuthenticationOn() {
        Oip oip = new Oip(e2e);
        JsonHttp.Response last = null;
        for (int attempt = 0; attempt < 30; attempt++) {
            last = oip.infer("fashion-single", attempt, 1);
            if (last.status() == 200) break;
        }
        assertThat(last.status()).as(last.body()).isEqualTo(200);
    }

    @Test
    void theRunsSecretIsInTheStateDirectoryForItsOwnerOnly() throws Exception {
        Path file = e2e.suite().spec().home().resolve(Suite.SECRET_FILE);
        assertThat(Files.getPosixFilePermissions(file)).containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ,
                PosixFilePermission.OWNER_WRITE);
        String secret = Files.readString(file).strip();
        JsonHttp withIt = new JsonHttp(Duration.ofSeconds(10), InternalCredentials.forClient(
                Map.of("baton.internal.secret-file", file.toString())::get));
        assertThat(withIt.get(e2e.suite().registry().resolve("/v1/api-keys")).status()).isEqualTo(200);
        assertThat(secret).hasSizeGreaterThanOrEqualTo(32);
    }

    @Test
    void aProcessWithoutTheSecretCannotIssueAKeyOnTheRegistrysPort() {
        URI keys = e2e.suite().registry().resolve("/v1/api-keys");
        JsonHttp.Response issued = STRANGER.post(keys, Map.of("name", "stranger", "scopes", new String[] {"admin"}));
        assertThat(issued.status()).as(issued.body()).isEqualTo(401);
        assertThat(issued.body()).doesNotContain("bk_");
        JsonHttp.Response listed = e2e.http().get(keys);
        assertThat(listed.status()).isEqualTo(200);
        assertThat(listed.body()).doesNotContain("stranger");
    }

    @Test
    void aProcessWithoutTheSecretCannotRegisterAWorkerAndNothingChanges() {
        URI workers = e2e.suite().scheduler().resolve("/internal/v1/workers");
        JsonNode real = e2e.http().get(workers).json();
        Map<String, Object> fake = Map.of("workerId", "fake-1", "url", "http://127.0.0.1:9",
                "device", real.get(0).path("device"), "models", new String[0]);
        JsonHttp.Response refused = STRANGER.post(workers, fake);
        assertThat(refused.status()).as(refused.body()).isEqualTo(401);
        assertThat(e2e.http().get(workers).body()).doesNotContain("fake-1");
        assertThat(e2e.http().get(e2e.suite().scheduler().resolve("/actuator/prometheus")).body()).doesNotContain("fake-1");

        // with the secret, a live worker's id still cannot be moved to another address
        Map<String, Object> takeover = Map.of("workerId", Suite.deviceId(0), "url", "http://127.0.0.1:9",
                "device", real.get(0).path("device"), "models", new String[0]);
        JsonHttp.Response taken = e2e.http().post(workers, takeover);
        assertThat(taken.status()).as(taken.body()).isEqualTo(409);
        assertThat(taken.reason()).contains("'" + Suite.deviceId(0) + "'");
        JsonNode still = e2e.http().get(workers.resolve("/internal/v1/workers/" + Suite.deviceId(0))).json();
        assertThat(still.path("url").asText()).isEqualTo(e2e.suite().workers().get(0).url().toString());
        theSuiteServesInferenceWithAuthenticationOn();
    }

    @Test
    void everyInternalPortRefusesAStrangerButAnswersItsProbes() {
        assertThat(STRANGER.post(e2e.suite().profiler().resolve("/v1/profiling-jobs"), Map.of("application", "fashion-single"))
                .status()).isEqualTo(401);
        for (ServiceProcess w : e2e.suite().workers()) {
            assertThat(STRANGER.post(w.url().resolve("/internal/v1/batches"), Map.of("variant", "x", "inputs", new String[0]))
                    .status()).as(w.name()).isEqualTo(401);
        }
        for (ServiceProcess p : e2e.suite().processes()) {
            assertThat(STRANGER.get(p.url().resolve("/actuator/health/readiness")).status()).as(p.name()).isEqualTo(200);
            if (!p.name().equals("gateway")) {
                assertThat(STRANGER.get(p.url().resolve("/actuator/prometheus")).status()).as(p.name()).isEqualTo(401);
            }
        }
    }
}
