package io.baton.scheduler.grpc;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

import io.baton.commons.trace.TraceParent;
import io.grpc.Metadata;
import io.grpc.stub.MetadataUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.ByteString;

import io.baton.commons.test.RegistryStub;
import io.baton.core.util.InFlightBytes;
import io.baton.internal.grpc.InferAnswer;
import io.baton.internal.grpc.RawTensor;
import io.baton.scheduler.support.StubWorker;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/**
 * {@code SchedulerIntake.Infer} over a real port, through the real dispatcher to a {@link StubWorker} (which echoes
 * each request's input as output {@code y}, over HTTP with base64): the tensor's bytes come back as they were sent;
 * a drop, a bad tensor and an unknown application are refused with the status and problem body the HTTP route
 * answers; a call that does not fit beside the bodies held is RESOURCE_EXHAUSTED, and fits once they are answered.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "baton.scheduler.worker-timeout=120s", "baton.scheduler.catalog-ttl=0s", "baton.scheduler.grpc.port=0",
        "baton.scheduler.request-bodies.max-in-flight=1MB"})
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IntakeGrpcServingTest {

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
    InFlightBytes budget;

    private final ObjectMapper json = new ObjectMapper();
    private StubWorker worker;
    private IntakeCalls calls;

    @BeforeAll
    void start() throws Exception {
        REGISTRY.put("lin", RegistryStub.singleApp("lin", "symphony", 2000, "v1", "sha-lin", PROFILE));
        worker = new StubWorker("stub-0", 1);
        worker.register(URI.create("http://127.0.0.1:" + port));
        calls = new IntakeCalls(server.port());
    }

    @AfterAll
    void stop() throws InterruptedException {
        calls.close();
        worker.close();
        REGISTRY.close();
    }

    @Test
    void aCallIsServedWithItsOutputsAsRawBytes() {
        RawTensor x = IntakeCalls.fp32("x", new long[] {1, 4}, 1.5f, -2f, 3.25f, 4f);
        InferAnswer answer = calls.intake(null).infer(IntakeCalls.call("lin", 2000, x));
        assertThat(answer.hasServed()).as(answer.toString()).isTrue();
        assertThat(answer.getServed().getApplication()).isEqualTo("lin");
        assertThat(answer.getServed().getVariant()).isEqualTo("v1");
        assertThat(answer.getServed().getWorkerId()).isEqualTo("stub-0");
        RawTensor y = answer.getServed().getOutputs(0);
        assertThat(y.getName()).isEqualTo("y");
        assertThat(y.getDatatype()).isEqualTo("FP32");
        assertThat(y.getShapeList()).containsExactly(1L, 4L);
        assertThat(y.getData()).as("the stub echoes the input's bytes").isEqualTo(x.getData());
        assertThat(budget.held()).as("given back once answered").isZero();
    }

    @Test
    void theCallsTraceReachesTheWorkerAndItsTimelineIsServedByTraceId() throws Exception {
        TraceParent gateway = TraceParent.make();
        Metadata headers = new Metadata();
        headers.put(Metadata.Key.of("traceparent", Metadata.ASCII_STRING_MARSHALLER), gateway.header());
        RawTensor x = IntakeCalls.fp32("x", new long[] {1, 4}, 1, 2, 3, 4);
        InferAnswer answer = calls.intake(null).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers))
                .infer(IntakeCalls.call("lin", 2000, x));
        assertThat(answer.hasServed()).as(answer.toString()).isTrue();
        TraceParent toWorker = TraceParent.parse(worker.traceparents.get(worker.traceparents.size() - 1));
        assertThat(toWorker.traceId()).isEqualTo(gateway.traceId());
        assertThat(toWorker.spanId()).isNotEqualTo(gateway.spanId());

        HttpResponse<String> found = http("/internal/v1/traces/" + gateway.traceId());
        assertThat(found.statusCode()).as(found.body()).isEqualTo(200);
        JsonNode timeline = json.readTree(found.body()).path("timelines").path(0);
        assertThat(timeline.path("parent_span_id").asText()).isEqualTo(gateway.spanId());
        assertThat(timeline.path("application").asText()).isEqualTo("lin");
        assertThat(timeline.path("policy").asText()).isEqualTo("symphony");
        assertThat(timeline.path("outcome").asText()).isEqualTo("served");
        List<String> names = new java.util.ArrayList<>();
        timeline.path("spans").forEach(span -> names.add(span.path("name").asText()));
        // the stub worker reports no execution offsets: its call is one transfer span
        assertThat(names).containsExactly("queue", "dispatch", "transfer");
        assertThat(timeline.path("spans").path(1).path("attributes").path("worker").asText()).isEqualTo("stub-0");

        assertThat(http("/internal/v1/traces/" + TraceParent.make().traceId()).statusCode()).isEqualTo(404);
        HttpResponse<String> bad = http("/internal/v1/traces/not-a-trace");
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(bad.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
    }

    private HttpResponse<String> http(String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void anUnmeetableDeadlineIsRefusedAsTheHttpRouteDropsIt() throws Exception {
        InferAnswer answer = calls.intake(null).infer(IntakeCalls.call("lin", 0.5,
                IntakeCalls.fp32("x", new long[] {1, 4}, 1, 1, 1, 1)));
        JsonNode problem = problem(answer, 503);
        assertThat(problem.path("type").asText()).isEqualTo("urn:baton:problem:dropped");
        assertThat(problem.path("reason").asText()).isEqualTo("DEADLINE_UNMEETABLE");
        assertThat(problem.path("detail").asText()).contains("deadline cannot be met");
        assertThat(budget.held()).isZero();
    }

    @Test
    void aTensorWhoseBytesDoNotFitItsShapeIs400NamingIt() throws Exception {
        RawTensor x = IntakeCalls.fp32("x", new long[] {1, 4}, 1, 2).toBuilder().build(); // 8 bytes for 4 floats
        JsonNode problem = problem(calls.intake(null).infer(IntakeCalls.call("lin", 2000, x)), 400);
        assertThat(problem.path("type").asText()).isEqualTo("urn:baton:problem:invalid-request");
        assertThat(problem.path("detail").asText()).contains("inputs[0]");
        JsonNode unknown = problem(calls.intake(null).infer(IntakeCalls.call("nowhere", 2000, x)), 404);
        assertThat(unknown.path("detail").asText()).contains("nowhere");
        assertThat(budget.held()).isZero();
    }

    @Test
    void aCallThatDoesNotFitBesideTheBodiesHeldIsResourceExhaustedAndFitsOnceTheyAreAnswered() {
        RawTensor x = IntakeCalls.fp32("x", new long[] {100_000, 4}, new float[400_000]); // 1.6 MB: past the budget
        assertThatThrownBy(() -> calls.intake(null).infer(IntakeCalls.call("lin", 2000, x)))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e ->
                        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED));
        RawTensor small = IntakeCalls.fp32("x", new long[] {1, 4}, 1, 2, 3, 4).toBuilder()
                .setData(ByteString.copyFrom(new byte[16])).build();
        long others = 1024 * 1024 - 8;
        assertThat(budget.tryReserve(others)).isTrue(); // other requests' bodies, held until they are answered
        try {
            assertThatThrownBy(() -> calls.intake(null).infer(IntakeCalls.call("lin", 2000, small)))
                    .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
                        assertThat(e.getStatus().getDescription()).contains("max-in-flight = 1.0 MB");
                    });
        } finally {
            budget.release(others);
        }
        assertThat(calls.intake(null).infer(IntakeCalls.call("lin", 2000, small)).hasServed()).isTrue();
        assertThat(budget.held()).isZero();
    }

    private JsonNode problem(InferAnswer answer, int status) throws Exception {
        assertThat(answer.hasRefusal()).as(answer.toString()).isTrue();
        assertThat(answer.getRefusal().getStatus()).as(answer.getRefusal().getProblem().toStringUtf8()).isEqualTo(status);
        JsonNode problem = json.readTree(answer.getRefusal().getProblem().toByteArray());
        assertThat(problem.path("status").asInt()).isEqualTo(status);
        return problem;
    }
}
