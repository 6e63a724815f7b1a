package io.baton.scheduler.actuate;

import static io.baton.scheduler.actuate.ActuatorHttp.json;
import static io.baton.scheduler.actuate.ActuatorHttp.send;
import static io.baton.scheduler.actuate.LocalActuatorTest.awaitTrue;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

import com.fasterxml.jackson.databind.JsonNode;

import io.baton.scheduler.membership.Worker;
import io.baton.scheduler.membership.WorkerRegistry;
import io.baton.scheduler.support.WorkerProcess;

/**
 * scheduler-service with its default (local) actuator and the epoch loop on, over real HTTP: Symphony's advice is
 * computed from the registered workers and recorded; a pool scaled by hand is recorded; and a local actuator with a
 * launch command starts a real worker-service that registers with this scheduler, and stops it.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.scheduler.actuator.autoscale.enabled=true",
        "baton.scheduler.actuator.autoscale.period=200ms"})
class ActuatorLocalHttpTest {

    @Autowired
    TestRestTemplate http;

    @Autowired
    WorkerRegistry registry;

    @LocalServerPort
    int port;

    @TempDir
    Path dir;

    @Test
    void theEpochLoopRecordsSymphonysAdviceForTheRegisteredWorkers() throws Exception {
        for (String id : new String[] {"idle-cpu-0", "idle-cpu-1"}) {
            assertThat(send(http, HttpMethod.POST, "/internal/v1/workers", registration(id)).getStatusCode())
                    .isEqualTo(HttpStatus.OK);
        }
        // Two idle CPU workers and no requests: bad rate 0, idle fraction 1, so release ⌊2·1⌋ capped to keep one.
        awaitTrue(() -> autoscaled(state()) != null, "an autoscaling action for pool cpu");
        JsonNode state = state();
        JsonNode action = autoscaled(state);
        assertThat(action.get("outcome").asText()).isEqualTo("APPLIED");
        assertThat(action.get("target").asInt()).isEqualTo(1);
        assertThat(action.get("reason").asText()).contains("symphony autoscaling").contains("release");
        assertThat(state.get("kind").asText()).isEqualTo("local");
        assertThat(state.at("/autoscale/enabled").asBoolean()).isTrue();
        assertThat(state.at("/autoscale/periodMs").asDouble()).isEqualTo(200.0);
        assertThat(state.at("/autoscale/lastEpoch/pools/0/pool").asText()).isEqualTo("cpu");
        assertThat(state.at("/pools/0/target").asText()).isEqualTo("recorded only (no launch command)");
        assertThat(state.at("/pools/0/desired").asInt()).isEqualTo(1);
        assertThat(state.at("/pools/0/liveWorkers").asInt()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void aPoolScaledByHandIsRecorded() {
        ResponseEntity<String> response = send(http, HttpMethod.PUT, "/v1/actuator/pools/gpu", "{\"replicas\":2}");

        assertThat(response.getStatusCode()).isEqualTo(HttpStatus.OK);
        assertThat(json(response).get("outcome").asText()).isEqualTo("APPLIED");
        assertThat(json(response).get("reason").asText()).isEqualTo("scaled by hand");
        JsonNode gpu = state().at("/pools/1");
        assertThat(gpu.get("pool").asText()).isEqualTo("gpu");
        assertThat(gpu.get("desired").asInt()).isEqualTo(2);
        assertThat(gpu.get("current").asInt()).as("no GPU worker runs: recorded, not started").isZero();
    }

    @Test
    void aLaunchCommandStartsARealWorkerThatRegistersAndStopsIt() throws Exception {
        Path jar = WorkerProcess.jar();
        assumeThat(jar).as("worker-service's jar (build it first: mvn -o -q -pl scheduling-core,worker-service "
                + "package -DskipTests)").isNotNull();
        String command = "{java} -Xmx256m -XX:TieredStopAtLevel=1 -jar " + jar.toAbsolutePath() + " --server.port={port}"
                + " --baton.worker.device-id=local-{pool}-{index} --baton.worker.registry-url=file:" + dir
                + " --baton.worker.scheduler-url=http://127.0.0.1:" + port + " --baton.worker.heartbeat-interval=300ms"
                + " --baton.worker.intra-op-threads=1"
                + " --baton.internal.auth=disabled"; // the scheduler under test runs without internal authentication
        try (LocalActuator local = new LocalActuator(registry, new WorkerProcesses(Map.of("cpu", command),
                dir.resolve("logs"), Duration.ofSeconds(10)))) {
            local.scale("cpu", 1, "one real worker");
            assertThat(local.read("cpu").current()).isEqualTo(1);

            awaitTrue(() -> registry.find("local-cpu-0").map(Worker::live).orElse(false),
                    "the launched worker registered (log: " + dir.resolve("logs/cpu-0.log") + ")");
            Worker worker = registry.find("local-cpu-0").orElseThrow();
            assertThat(worker.device().kind()).isEqualTo("cpu");
            assertThat(reachable(worker.url())).isTrue();

            local.scale("cpu", 0, "none");
            assertThat(local.read("cpu").current()).isZero();
            awaitTrue(() -> !reachable(worker.url()), "the stopped worker no longer answers");
        }
    }

    private JsonNode state() {
        return json(http.getForEntity("/v1/actuator/state", String.class));
    }

    private static JsonNode autoscaled(JsonNode state) {
        for (JsonNode a : state.get("actions")) {
            if (a.get("source").asText().equals("autoscale") && a.get("pool").asText().equals("cpu")) return a;
        }
        return null;
    }

    private static boolean reachable(URI url) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(url.getHost(), url.getPort()), 1000);
            return true;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    private static String registration(String id) {
        return """
                {"workerId":"%s","url":"http://127.0.0.1:9/%s","device":{"deviceId":"%s","kind":"cpu","provider":"cpu",\
                "cores":2,"cpuModel":"Test CPU","gpuName":null,"gpuIndex":null,"memoryBytes":8589934592,\
                "memoryBudgetBytes":1073741824,"intraOpThreads":0,"maxConcurrentBatches":1,\
                "onnxRuntimeVersion":"1.23.2","availableProviders":["CPU"]},"models":[]}""".formatted(id, id, id);
    }
}
