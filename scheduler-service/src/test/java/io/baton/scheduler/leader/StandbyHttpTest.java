package io.baton.scheduler.leader;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.client.TestRestTemplate;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A scheduler whose registry says another holds the lease: it takes worker registrations, refuses inference and
 * scaling with 503 {@code not-leader} naming the leader, and takes over once the other's lease has lapsed.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class StandbyHttpTest {

    static final LeaseRegistryStub REGISTRY = started();

    static LeaseRegistryStub started() {
        try {
            LeaseRegistryStub stub = new LeaseRegistryStub();
            stub.assign("scheduler-leader", "other", "http://127.0.0.1:9999", 600_000);
            return stub;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @DynamicPropertySource
    static void registry(DynamicPropertyRegistry properties) {
        properties.add("baton.scheduler.registry-url", () -> REGISTRY.url().toString());
        properties.add("baton.scheduler.leader.election", () -> "registry");
        properties.add("baton.scheduler.leader.renew-interval", () -> "100ms");
        properties.add("baton.scheduler.leader.lease-ttl", () -> "1s");
        properties.add("baton.scheduler.leader.advertised-url", () -> "http://127.0.0.1:7777");
    }

    @AfterAll
    static void stop() {
        REGISTRY.close();
    }

    @Autowired
    TestRestTemplate http;

    @Autowired
    LeaderElection election;

    private ResponseEntity<JsonNode> send(HttpMethod method, String path, String json) {
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.APPLICATION_JSON);
        return http.exchange(path, method, new HttpEntity<>(json, headers), JsonNode.class);
    }

    private void awaitState(boolean leading) throws InterruptedException {
        Instant limit = Instant.now().plus(Duration.ofSeconds(30));
        while (election.leading() != leading || election.state().leader() == null) {
            assertThat(Instant.now()).as("leading = %s", leading).isBefore(limit);
            Thread.sleep(20);
        }
    }

    @Test
    void theStandbyKeepsMembershipRefusesServingAndTakesOverWhenTheLeaseLapses() throws InterruptedException {
        awaitState(false);
        ResponseEntity<JsonNode> infer = send(HttpMethod.POST, "/internal/v1/infer",
                "{\"application\":\"a\",\"inputs\":[]}");
        assertThat(infer.getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
        assertThat(infer.getHeaders().getContentType().toString()).startsWith("application/problem+json");
        assertThat(infer.getHeaders().getFirst("Retry-After")).isEqualTo("1");
        assertThat(infer.getBody().get("type").asText()).isEqualTo("urn:baton:problem:not-leader");
        assertThat(infer.getBody().get("leaderUrl").asText()).isEqualTo("http://127.0.0.1:9999");
        assertThat(infer.getBody().get("leader").asText()).isEqualTo("other");
        assertThat(send(HttpMethod.POST, "/internal/v1/ensemble-queries", "{}").getBody().get("type").asText())
                .isEqualTo("urn:baton:problem:not-leader");
        assertThat(send(HttpMethod.PUT, "/v1/actuator/pools/cpu", "{\"replicas\":2,\"reason\":\"t\"}")
                .getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
        assertThat(send(HttpMethod.GET, "/v1/actuator/state", null).getStatusCode()).isEqualTo(HttpStatus.OK);

        ResponseEntity<JsonNode> registered = send(HttpMethod.POST, "/internal/v1/workers", """
                {"workerId":"cpu-1","url":"http://127.0.0.1:8091","device":{"deviceId":"cpu-1","kind":"cpu",\
                "provider":"cpu","cores":2,"cpuModel":"x","gpuName":null,"gpuIndex":null,"memoryBytes":8589934592,\
                "memoryBudgetBytes":1073741824,"intraOpThreads":0,"maxConcurrentBatches":1,\
                "onnxRuntimeVersion":"1.23.2","availableProviders":["CPU"]},"models":[]}""");
        assertThat(registered.getStatusCode()).as("%s", registered.getBody()).isEqualTo(HttpStatus.OK);

        JsonNode state = send(HttpMethod.GET, "/internal/v1/leader", null).getBody();
        assertThat(state.get("leading").asBoolean()).isFalse();
        assertThat(state.get("selfUrl").asText()).isEqualTo("http://127.0.0.1:7777");

        // the other leader is lost: its lease lapses, and the standby takes it at its next round
        LeaseRegistryStub.Row held = REGISTRY.leases.get("scheduler-leader");
        REGISTRY.leases.put("scheduler-leader", new LeaseRegistryStub.Row(held.holder(), held.holderUrl(),
                held.epoch(), System.currentTimeMillis() - 1));
        awaitState(true);
        ResponseEntity<JsonNode> served = send(HttpMethod.POST, "/internal/v1/infer",
                "{\"application\":\"a\",\"inputs\":[]}");
        assertThat(served.getBody().path("type").asText()).as("now refused, if at all, for its own reasons")
                .isNotEqualTo("urn:baton:problem:not-leader");
        assertThat(send(HttpMethod.GET, "/internal/v1/leader", null).getBody().get("leaderUrl").asText())
                .isEqualTo("http://127.0.0.1:7777");
    }
}
