package io.baton.scheduler.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.baton.commons.test.RegistryStub;
import io.baton.commons.trace.TraceParent;
import io.baton.internal.grpc.InferAnswer;
import io.baton.internal.grpc.RawTensor;
import io.baton.scheduler.dispatch.DispatchService;
import io.baton.scheduler.dispatch.InferOutcome;
import io.baton.scheduler.dispatch.RequestListener;
import io.baton.scheduler.support.StubWorker;
import io.grpc.Metadata;
import io.grpc.stub.MetadataUtils;

/**
 * Where an intake call is submitted: the first call of an application, which the catalog must read from the registry,
 * on the intake's threads; the next ones, read within the catalog's TTL, on the connection's event loop, with no
 * thread between the call's arrival and its engine. Both are served alike, and a call's trace context reaches the
 * worker either way.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "baton.scheduler.worker-timeout=120s", "baton.scheduler.catalog-ttl=10m", "baton.scheduler.grpc.port=0",
        "baton.scheduler.traffic.enabled=false"})
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IntakeOnEventLoopTest {

    private static final RegistryStub REGISTRY = RegistryStub.started();
    private static final double[][] PROFILE = {{1, 1.0}, {2, 1.1}, {4, 1.2}, {8, 1.4}};

    @DynamicPropertySource
    static void registry(DynamicPropertyRegistry properties) {
        properties.add("baton.scheduler.registry-url", () -> REGISTRY.url().toString());
    }

    @LocalServerPort
    int port;
    @Autowired
    IntakeGrpcServer server;
    @Autowired
    DispatchService dispatch;

    private final List<String> submittedOn = new CopyOnWriteArrayList<>();
    private StubWorker worker;
    private IntakeCalls calls;

    @BeforeAll
    void start() throws Exception {
        REGISTRY.put("loop", RegistryStub.singleApp("loop", "work-conserving", 2000, "v1", "sha-loop", PROFILE));
        worker = new StubWorker("stub-0", 1);
        worker.register(URI.create("http://127.0.0.1:" + port));
        calls = new IntakeCalls(server.port());
        dispatch.listen(new RequestListener() {
            @Override
            public void arrived(Arrival arrival) {
                submittedOn.add(Thread.currentThread().getName());
            }

            @Override
            public void ended(Arrival arrival, InferOutcome outcome) {
            }
        });
    }

    @AfterAll
    void stop() throws InterruptedException {
        dispatch.listen(null);
        calls.close();
        worker.close();
        REGISTRY.close();
    }

    @Test
    void aCallOfAnApplicationReadWithinTheTtlIsSubmittedOnTheEventLoopAndOneToReadOnTheIntakeThreads()
            throws Exception {
        RawTensor x = IntakeCalls.fp32("x", new long[] {1, 4}, 1, 2, 3, 4);
        assertThat(dispatch.submitsAtOnce("loop", false)).as("never read yet").isFalse();
        InferAnswer first = calls.intake(null).infer(IntakeCalls.call("loop", 2000, x));
        assertThat(first.hasServed()).as(first.toString()).isTrue();
        assertThat(dispatch.submitsAtOnce("loop", false)).as("read by the first call").isTrue();
        assertThat(dispatch.submitsAtOnce("loop", true)).as("a stage may plan").isFalse();

        TraceParent gateway = TraceParent.make();
        Metadata headers = new Metadata();
        headers.put(Metadata.Key.of("traceparent", Metadata.ASCII_STRING_MARSHALLER), gateway.header());
        InferAnswer second = calls.intake(null).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers))
                .infer(IntakeCalls.call("loop", 2000, x));
        assertThat(second.hasServed()).as(second.toString()).isTrue();
        assertThat(second.getServed().getOutputs(0).getData()).isEqualTo(x.getData());

        assertThat(submittedOn).hasSize(2);
        assertThat(submittedOn.get(0)).startsWith("grpc-intake-");
        assertThat(submittedOn.get(1)).as("the connection's event loop").doesNotStartWith("grpc-intake-")
                .contains("ELG");
        assertThat(TraceParent.parse(worker.traceparents.get(worker.traceparents.size() - 1)).traceId())
                .isEqualTo(gateway.traceId());
        HttpResponse<String> timeline = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/internal/v1/traces/" + gateway.traceId())).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(timeline.statusCode()).as(timeline.body()).isEqualTo(200);
    }

    @Test
    void anUnknownApplicationIsRefusedFromTheIntakeThreadsAsBefore() {
        RawTensor x = IntakeCalls.fp32("x", new long[] {1, 4}, 1, 2, 3, 4);
        InferAnswer answer = calls.intake(null).infer(IntakeCalls.call("no-such-app", 2000, x));
        assertThat(answer.hasRefusal()).isTrue();
        assertThat(answer.getRefusal().getStatus()).isEqualTo(404);
        assertThat(answer.getRefusal().getProblem().toStringUtf8()).contains("unknown application 'no-such-app'");
    }
}
