package io.baton.scheduler.leader;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.internal.grpc.InferAnswer;
import io.baton.scheduler.grpc.IntakeCalls;
import io.baton.scheduler.grpc.IntakeGrpcServer;

/**
 * A standby's gRPC intake refuses inference as its HTTP route does: the 503 {@code not-leader} problem naming the
 * leader, inside the answer, so the gateway reads both in one place and goes to the leader at once.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "baton.scheduler.grpc.port=0")
class StandbyGrpcTest {

    static final LeaseRegistryStub REGISTRY = StandbyHttpTest.started();

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
    LeaderElection election;
    @Autowired
    IntakeGrpcServer server;

    @Test
    void theStandbyRefusesInferenceNamingTheLeader() throws Exception {
        Instant limit = Instant.now().plus(Duration.ofSeconds(30));
        while (election.leading() || election.state().leader() == null) {
            assertThat(Instant.now()).as("a standby that knows the leader").isBefore(limit);
            Thread.sleep(20);
        }
        try (IntakeCalls calls = new IntakeCalls(server.port())) {
            InferAnswer answer = calls.intake(null).infer(IntakeCalls.call("app", 1000,
                    IntakeCalls.fp32("x", new long[] {1, 4}, 1, 2, 3, 4)));
            assertThat(answer.hasRefusal()).as(answer.toString()).isTrue();
            assertThat(answer.getRefusal().getStatus()).isEqualTo(503);
            JsonNode problem = new ObjectMapper().readTree(answer.getRefusal().getProblem().toByteArray());
            assertThat(problem.path("type").asText()).isEqualTo("urn:baton:problem:not-leader");
            assertThat(problem.path("leaderUrl").asText()).isEqualTo("http://127.0.0.1:9999");
            assertThat(problem.path("detail").asText()).contains("http://127.0.0.1:7777").contains("standby");
        }
    }
}
