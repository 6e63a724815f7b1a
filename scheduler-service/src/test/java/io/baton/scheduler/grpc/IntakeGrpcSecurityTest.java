package io.baton.scheduler.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import io.baton.core.util.InFlightBytes;
import io.baton.internal.grpc.InferAnswer;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/**
 * The gRPC intake facing a hostile caller over a real port: no secret or a wrong one is UNAUTHENTICATED (nothing is
 * said about the call), a message larger than the whole budget for request bodies is RESOURCE_EXHAUSTED, and a call
 * with the secret reaches the intake and is answered on its merits (here: no registry to read the application from).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "baton.internal.auth=required", "baton.internal.secret=" + IntakeGrpcSecurityTest.SECRET,
        "baton.scheduler.grpc.port=0", "baton.scheduler.request-bodies.max-in-flight=1MB",
        "baton.scheduler.registry-url=http://127.0.0.1:9"})
class IntakeGrpcSecurityTest {

    static final String SECRET = "grpc-intake-test-secret-0123456789";

    @Autowired
    IntakeGrpcServer server;
    @Autowired
    InFlightBytes budget;

    private IntakeCalls calls;

    @BeforeEach
    void connect() {
        calls = new IntakeCalls(server.port());
    }

    @AfterEach
    void close() throws InterruptedException {
        calls.close();
    }

    @Test
    void noSecretOrAWrongOneIsUnauthenticated() {
        var call = IntakeCalls.call("app", 1000, IntakeCalls.fp32("x", new long[] {1, 4}, 1, 2, 3, 4));
        for (String presented : new String[] {null, "", "grpc-intake-test-secret-012345678X"}) {
            assertThatThrownBy(() -> calls.intake(presented).infer(call))
                    .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
                        assertThat(e.getStatus().getDescription()).contains("x-baton-internal-secret")
                                .doesNotContain(SECRET);
                    });
        }
    }

    @Test
    void aMessageLargerThanTheWholeBudgetIsResourceExhaustedWithOrWithoutTheSecret() {
        float[] values = new float[300_000]; // 1.2 MB of tensor: past the 1 MB budget
        var call = IntakeCalls.call("app", 1000, IntakeCalls.fp32("x", new long[] {75_000, 4}, values));
        assertThatThrownBy(() -> calls.intake(SECRET).infer(call))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e ->
                        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED));
        assertThatThrownBy(() -> calls.intake(null).infer(call))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> assertThat(e.getStatus().getCode())
                        .isIn(Status.Code.UNAUTHENTICATED, Status.Code.RESOURCE_EXHAUSTED));
        assertThat(budget.held()).isZero();
    }

    @Test
    void aCallWithTheSecretIsAnsweredOnItsMerits() {
        InferAnswer answer = calls.intake(SECRET).infer(IntakeCalls.call("app", 1000,
                IntakeCalls.fp32("x", new long[] {1, 4}, 1, 2, 3, 4)));
        assertThat(answer.hasRefusal()).as(answer.toString()).isTrue();
        assertThat(answer.getRefusal().getStatus()).isGreaterThanOrEqualTo(400);
        assertThat(budget.held()).as("given back once answered").isZero();
    }
}
