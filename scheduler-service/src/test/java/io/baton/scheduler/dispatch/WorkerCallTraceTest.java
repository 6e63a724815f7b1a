package io.baton.scheduler.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;

import io.baton.commons.trace.TimelineSpan;
import io.baton.commons.trace.TraceParent;
import io.baton.commons.trace.TracingProperties;
import io.baton.core.domain.DropReason;
import io.baton.core.security.InternalCredentials;
import io.baton.core.security.InternalSecret;
import io.baton.internal.grpc.BatchAnswer;
import io.baton.internal.grpc.BatchCall;
import io.baton.internal.grpc.BatchOutput;
import io.baton.internal.grpc.BatchResult;
import io.baton.internal.grpc.BatchTiming;
import io.baton.internal.grpc.WorkerBatchesGrpc;
import io.baton.scheduler.membership.Worker;
import io.baton.scheduler.membership.WorkerState;
import io.baton.scheduler.trace.RequestTimelines;
import io.baton.scheduler.trace.RequestTrace;
import io.baton.scheduler.trace.SchedulerTimeline;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;

/**
 * The trace of a batch's requests on its way to a worker, against a worker stand-in on a real port (gRPC and HTTP):
 * the call carries a {@code traceparent} in the head request's trace (a new span under the gateway's call), and the
 * worker's answer gives each member's timeline its queue, dispatch, transfer and execution spans, with the batch's
 * id, size and worker, and the policy's decision.
 */
class WorkerCallTraceTest {

    static final String SECRET = "scheduler-trace-secret-0123456789abcdef";
    private final ObjectMapper json = new ObjectMapper();
    private final ExecutorService io = Executors.newFixedThreadPool(2);
    private final List<String> traceparents = new CopyOnWriteArrayList<>();
    private final RequestTimelines timelines = new RequestTimelines(
            new TracingProperties(new TracingProperties.Timelines(true, 16)));
    private Server grpc;
    private HttpServer http;
    private WorkerClient client;

    private static final LiveVariant VARIANT = new LiveVariant("app", "v", "ab".repeat(32), "k", null, 100, 8);
    private static final Metadata.Key<String> TRACEPARENT = Metadata.Key.of("traceparent",
            Metadata.ASCII_STRING_MARSHALLER);

    @AfterEach
    void stop() throws InterruptedException {
        if (client != null) client.close();
        if (grpc != null) grpc.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        if (http != null) http.stop(0);
        io.shutdownNow();
    }

    private WorkerClient client() {
        client = new WorkerClient(json, CircuitBreakerRegistry.of(Map.of("worker", CircuitBreakerConfig.ofDefaults())),
                io, InternalCredentials.required(InternalSecret.of(SECRET, "test")));
        return client;
    }

    private static Worker worker(String id, String url, Integer grpcPort) {
        Instant now = Instant.now();
        return new Worker(id, URI.create(url), null, List.of(), WorkerState.LIVE, now, now, null, null, null, grpcPort);
    }

    /** A worker over gRPC that names the trace it received and says its run took 0.2 to 0.8 ms of its 1 ms. */
    private int grpcWorker() throws IOException {
        ServerInterceptor record = new ServerInterceptor() {
            @Override
            public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers,
                                                               ServerCallHandler<Q, A> next) {
                String t = headers.get(TRACEPARENT);
                traceparents.add(t == null ? "" : t);
                return next.startCall(call, headers);
            }
        };
        grpc = NettyServerBuilder.forPort(0).addService(ServerInterceptors.intercept(
                new WorkerBatchesGrpc.WorkerBatchesImplBase() {
                    @Override
                    public void run(BatchCall call, StreamObserver<BatchAnswer> observer) {
                        BatchOutput.Builder y = BatchOutput.newBuilder().setName("y").setDatatype("FP32")
                                .setSplit(true).addShape(call.getInputs(0).getPartsCount()).addShape(2);
                        call.getInputs(0).getPartsList().forEach(y::addParts);
                        String seen = traceparents.get(traceparents.size() - 1);
                        BatchTiming.Builder timing = BatchTiming.newBuilder().setExecutionMs(0.5).setQueueMs(0.1)
                                .setTotalMs(1.0).setExecutionStartMs(0.2).setExecutionEndMs(0.8);
                        TraceParent parsed = TraceParent.parse(seen);
                        if (parsed != null) timing.setTraceId(parsed.traceId());
                        observer.onNext(BatchAnswer.newBuilder().setResult(BatchResult.newBuilder()
                                .setVariant(call.getVariant()).setDeviceId("cpu-1")
                                .setBatchSize(call.getInputs(0).getPartsCount()).addOutputs(y)
                                .setTiming(timing)).build());
                        observer.onCompleted();
                    }
                }, record)).build().start();
        return grpc.getPort();
    }

    /** The same worker over HTTP. */
    private String httpWorker() throws IOException {
        http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        http.createContext("/internal/v1/batches", exchange -> {
            try (exchange) {
                exchange.getRequestBody().readAllBytes();
                String t = exchange.getRequestHeaders().getFirst("traceparent");
                traceparents.add(t == null ? "" : t);
                TraceParent parsed = TraceParent.parse(t);
                byte[] body = ("{\"variant\":\"" + VARIANT.digest() + "\",\"deviceId\":\"cpu-1\",\"batchSize\":2,"
                        + "\"outputs\":[],\"timing\":{\"executionMs\":0.5,\"queueMs\":0.1,\"totalMs\":1.0,"
                        + "\"executionStartMs\":0.2,\"executionEndMs\":0.8"
                        + (parsed == null ? "" : ",\"traceId\":\"" + parsed.traceId() + "\"") + "}}")
                        .getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
            }
        });
        http.start();
        return "http://127.0.0.1:" + http.getAddress().getPort();
    }

    private PendingRequest request(RequestTrace trace) {
        return new PendingRequest(new InferJob("app", VARIANT, 0, List.of(new InferJob.Input("x", "FP32",
                List.of(1L, 2L), null, null, new byte[8])), null, true), 0, 1000, trace);
    }

    @Test
    void aBatchOverGrpcCarriesTheHeadRequestsTraceAndGivesEveryMemberItsSpans() throws Exception {
        check(worker("w-grpc", "http://127.0.0.1:1", grpcWorker()));
    }

    @Test
    void aBatchOverHttpCarriesTheHeadRequestsTraceAndGivesEveryMemberItsSpans() throws Exception {
        check(worker("w-http", httpWorker(), null));
    }

    private void check(Worker worker) throws Exception {
        TraceParent first = TraceParent.make();
        TraceParent second = TraceParent.make();
        RequestTrace a = timelines.start(first, "app");
        RequestTrace b = timelines.start(second, "app");
        a.policy("symphony");
        b.policy("symphony");
        List<PendingRequest> batch = List.of(request(a), request(null), request(b));
        for (PendingRequest p : batch) {
            if (p.trace() != null) timelines.holdWhenAnswered(p.trace(), p.answer());
        }
        RequestTrace.batchFormed(batch.stream().map(PendingRequest::trace).toList(), 41, worker.workerId(), 1.5);

        JsonNode answer = client().run(worker, VARIANT, batch, Duration.ofSeconds(5)).get(10, TimeUnit.SECONDS);
        for (PendingRequest p : batch) {
            p.answer().complete(new InferOutcome.Served(List.of(), worker.workerId(), VARIANT.digest(), 3, 0, 0.5, 2,
                    true));
        }

        TraceParent sent = TraceParent.parse(traceparents.get(0));
        assertThat(sent.traceId()).as("the head request's trace").isEqualTo(first.traceId());
        assertThat(sent.spanId()).isNotEqualTo(first.spanId());
        assertThat(answer.path("timing").path("traceId").asText()).isEqualTo(first.traceId());

        for (TraceParent member : List.of(first, second)) {
            List<SchedulerTimeline> held = timelines.find(member.traceId());
            assertThat(held).hasSize(1);
            SchedulerTimeline t = held.get(0);
            assertThat(t.parentSpanId()).isEqualTo(member.spanId());
            assertThat(t.policy()).isEqualTo("symphony");
            assertThat(t.outcome()).isEqualTo("served");
            assertThat(t.reason()).isNull();
            assertThat(t.spans()).extracting(s -> s.service() + ":" + s.name()).containsExactly("scheduler:queue",
                    "scheduler:dispatch", "scheduler:transfer", "worker:execution", "scheduler:transfer");
            TimelineSpan dispatch = t.spans().get(1);
            assertThat(dispatch.attributes()).containsEntry("batch_id", "41").containsEntry("batch_size", "3")
                    .containsEntry("worker", worker.workerId());
            assertThat(dispatch.attributes().get("decision")).contains("batch of 3").contains("1.50 ms");
            TimelineSpan execution = t.spans().get(3);
            assertThat(execution.durationMs()).isCloseTo(0.6, org.assertj.core.data.Offset.offset(1e-9));
            assertThat(execution.attributes()).containsEntry("device_wait_ms", "0.100").containsEntry("run_ms", "0.500");
            double end = 0;
            for (TimelineSpan s : t.spans()) {
                assertThat(s.startMs()).as(s.name()).isGreaterThanOrEqualTo(end - 1e-9);
                assertThat(s.durationMs()).as(s.name()).isGreaterThanOrEqualTo(0);
                end = s.startMs() + s.durationMs();
            }
            assertThat(end).isLessThanOrEqualTo(t.totalMs() + 1e-9);
        }
    }

    @Test
    void aRequestDroppedBeforeItsBatchIsOneQueueSpanNamingTheReason() {
        TraceParent parent = TraceParent.make();
        RequestTrace trace = timelines.start(parent, "app");
        PendingRequest p = request(trace);
        timelines.holdWhenAnswered(trace, p.answer());
        p.answer().complete(new InferOutcome.Dropped(DropReason.values()[0]));
        SchedulerTimeline t = timelines.find(parent.traceId()).get(0);
        assertThat(t.outcome()).isEqualTo("dropped");
        assertThat(t.reason()).isEqualTo(DropReason.values()[0].name());
        assertThat(t.spans()).extracting(TimelineSpan::name).containsExactly("queue");
        assertThat(t.spans().get(0).attributes()).containsEntry("decision", "drop")
                .containsEntry("drop_reason", t.reason());
    }

    @Test
    void withTimelinesOffNothingIsHeldButTheCallStillCarriesTheTrace() throws Exception {
        RequestTimelines off = RequestTimelines.off();
        TraceParent parent = TraceParent.make();
        RequestTrace trace = off.start(parent, "app");
        PendingRequest p = request(trace);
        off.holdWhenAnswered(trace, p.answer());
        RequestTrace.batchFormed(List.of(trace), 1, "w-http", Double.NaN);
        client().run(worker("w-http", httpWorker(), null), VARIANT, List.of(p), Duration.ofSeconds(5))
                .get(10, TimeUnit.SECONDS);
        p.answer().complete(new InferOutcome.Failed("x"));
        assertThat(TraceParent.parse(traceparents.get(0)).traceId()).isEqualTo(parent.traceId());
        assertThat(off.find(parent.traceId())).isEmpty();
    }
}
