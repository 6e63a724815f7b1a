package io.baton.scheduler.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.ByteString;

import io.baton.core.security.InternalCredentials;
import io.baton.core.security.InternalSecret;
import io.baton.internal.grpc.BatchAnswer;
import io.baton.internal.grpc.BatchCall;
import io.baton.internal.grpc.BatchOutput;
import io.baton.internal.grpc.BatchResult;
import io.baton.internal.grpc.BatchTiming;
import io.baton.internal.grpc.Part;
import io.baton.internal.grpc.Refusal;
import io.baton.internal.grpc.WorkerBatchesGrpc;
import io.baton.scheduler.membership.Worker;
import io.baton.scheduler.membership.WorkerState;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.stub.StreamObserver;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;

/**
 * The scheduler's side of the binary batch route, against a WorkerBatches server on a real port (a stand-in for a
 * worker, which this module does not hold; the e2e tests run the real pair): every carrier of an input reaches the
 * worker as raw bytes with the suite's secret, the answer reads as the HTTP route's, and failures are classified as
 * over HTTP (a 422 refusal is the batch's fault, a 503 the worker's, a refused connection opens the breaker, a worker
 * that never answers is given up at the deadline).
 */
class WorkerClientGrpcTest {

    static final String SECRET = "scheduler-grpc-secret-0123456789abcdef";
    private final ObjectMapper json = new ObjectMapper();
    private final ExecutorService pool = Executors.newFixedThreadPool(2);
    /** Tasks handed to the client's {@code io} threads. */
    private final AtomicInteger ioTasks = new AtomicInteger();
    private final Executor io = task -> {
        ioTasks.incrementAndGet();
        pool.execute(task);
    };
    private final List<BatchCall> calls = new CopyOnWriteArrayList<>();
    private final List<String> secrets = new CopyOnWriteArrayList<>();
    private Server server;
    private WorkerClient client;

    @AfterEach
    void stop() throws InterruptedException {
        if (client != null) client.close();
        if (server != null) server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        pool.shutdownNow();
    }

    /** A worker that answers every call with {@code answer}, or never when it gives null. */
    private int worker(Function<BatchCall, BatchAnswer> answer) throws IOException {
        Metadata.Key<String> key = Metadata.Key.of("x-baton-internal-secret", Metadata.ASCII_STRING_MARSHALLER);
        ServerInterceptor recordSecret = new ServerInterceptor() {
            @Override
            public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers,
                                                               ServerCallHandler<Q, A> next) {
                secrets.add(String.valueOf(headers.get(key)));
                return next.startCall(call, headers);
            }
        };
        server = NettyServerBuilder.forPort(0).addService(ServerInterceptors.intercept(
                new WorkerBatchesGrpc.WorkerBatchesImplBase() {
                    @Override
                    public void run(BatchCall call, StreamObserver<BatchAnswer> observer) {
                        calls.add(call);
                        BatchAnswer a = answer.apply(call);
                        if (a == null) return; // a worker that hangs
                        observer.onNext(a);
                        observer.onCompleted();
                    }
                }, recordSecret)).build().start();
        return server.getPort();
    }

    private WorkerClient client() {
        CircuitBreakerRegistry breakers = CircuitBreakerRegistry.of(Map.of("worker", CircuitBreakerConfig.custom()
                .slidingWindowSize(10).minimumNumberOfCalls(4).failureRateThreshold(50)
                .waitDurationInOpenState(Duration.ofMinutes(5)).build()));
        client = new WorkerClient(json, breakers, io,
                InternalCredentials.required(InternalSecret.of(SECRET, "test")));
        return client;
    }

    private static Worker at(int grpcPort) {
        Instant now = Instant.now();
        return new Worker("w-grpc", URI.create("http://127.0.0.1:1"), null, List.of(), WorkerState.LIVE, now, now,
                null, null, null, grpcPort);
    }

    private static final LiveVariant VARIANT = new LiveVariant("app", "v", "ab".repeat(32), "k", null, 100, 8);

    private static byte[] floats(float... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) b.putFloat(v);
        return b.array();
    }

    private PendingRequest request(InferJob.Input input, boolean binaryOutputs) {
        return new PendingRequest(new InferJob("app", VARIANT, 0, List.of(input), null, binaryOutputs), 0, 1000);
    }

    private static BatchAnswer served(BatchCall call) {
        // y = each request's part, as sent (an identity model), split back
        BatchOutput.Builder y = BatchOutput.newBuilder().setName("y").setDatatype("FP32").setSplit(true)
                .addShape(call.getInputs(0).getPartsCount()).addShape(2);
        call.getInputs(0).getPartsList().forEach(y::addParts);
        return BatchAnswer.newBuilder().setResult(BatchResult.newBuilder().setVariant(call.getVariant())
                .setDeviceId("cpu-9").setBatchSize(call.getInputs(0).getPartsCount()).addOutputs(y)
                .setTiming(BatchTiming.newBuilder().setExecutionMs(0.25).setLoadMs(0))).build();
    }

    @Test
    void everyCarrierReachesTheWorkerAsRawBytesAndTheAnswerReadsAsOverHttp() throws Exception {
        Worker worker = at(worker(WorkerClientGrpcTest::served));
        byte[] raw = floats(1, 2);
        byte[] base64 = floats(3, 4);
        List<PendingRequest> batch = List.of(
                request(new InferJob.Input("x", "FP32", List.of(1L, 2L), null, null, raw), true),
                request(new InferJob.Input("x", "FP32", List.of(1L, 2L), null,
                        Base64.getEncoder().encodeToString(base64)), false),
                request(new InferJob.Input("x", "FP32", List.of(1L, 2L), json.readTree("[[5, 6.5]]"), null), true));

        JsonNode answer = client().run(worker, VARIANT, batch, Duration.ofSeconds(5)).get(10, TimeUnit.SECONDS);

        BatchCall sent = calls.get(0);
        assertThat(secrets).containsExactly(SECRET);
        assertThat(sent.getVariant()).isEqualTo(VARIANT.digest());
        assertThat(sent.getTimeoutMs()).isEqualTo(5000);
        assertThat(sent.getNotBatched()).isFalse();
        assertThat(sent.getInputs(0).getName()).isEqualTo("x");
        assertThat(sent.getInputs(0).getPartsList()).extracting(Part::getData).containsExactly(
                ByteString.copyFrom(raw), ByteString.copyFrom(base64), ByteString.copyFrom(floats(5, 6.5f)));
        assertThat(sent.getInputs(0).getParts(2).getShapeList()).containsExactly(1L, 2L);

        assertThat(answer.path("deviceId").asText()).isEqualTo("cpu-9");
        assertThat(answer.path("timing").path("executionMs").asDouble()).isEqualTo(0.25);
        // each request's slice in the form it asked for: bytes (written as base64), or a JSON array
        JsonNode first = BatchOutputs.slice(answer, 0, batch.get(0).job).get(0);
        assertThat(first.path("base64").binaryValue()).isEqualTo(raw);
        assertThat(json.writeValueAsString(first)).contains("\"base64\":\"" + Base64.getEncoder().encodeToString(raw));
        assertThat(BatchOutputs.slice(answer, 1, batch.get(1).job).get(0).path("data").toString())
                .isEqualTo("[3.0,4.0]");
        assertThat(client.breaker("w-grpc").getState()).isEqualTo(CircuitBreaker.State.CLOSED);
    }

    @Test
    void bytesElementsGoAsTheirBinaryForm() throws Exception {
        Worker worker = at(worker(WorkerClientGrpcTest::served));
        List<PendingRequest> batch = List.of(request(new InferJob.Input("x", "BYTES", List.of(2L), json.readTree(
                "[\"ab\", \"é\"]"), null), true));
        client().run(worker, VARIANT, batch, Duration.ofSeconds(5)).get(10, TimeUnit.SECONDS);
        ByteBuffer sent = calls.get(0).getInputs(0).getParts(0).getData().asReadOnlyByteBuffer()
                .order(ByteOrder.LITTLE_ENDIAN);
        assertThat(sent.getInt()).isEqualTo(2);
        byte[] ab = new byte[2];
        sent.get(ab);
        assertThat(new String(ab, StandardCharsets.UTF_8)).isEqualTo("ab");
        assertThat(sent.getInt()).isEqualTo("é".getBytes(StandardCharsets.UTF_8).length);
    }

    private static BatchAnswer refusal(int status, String detail) {
        return BatchAnswer.newBuilder().setRefusal(Refusal.newBuilder().setStatus(status).setProblem(ByteString.copyFromUtf8(
                "{\"type\":\"urn:baton:problem:x\",\"status\":" + status + ",\"detail\":\"" + detail + "\"}"))).build();
    }

    private WorkerCallException failure(Worker worker, Duration timeout) {
        List<PendingRequest> batch = List.of(request(new InferJob.Input("x", "FP32", List.of(1L, 2L), null, null,
                floats(1, 2)), true));
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(
                () -> client.run(worker, VARIANT, batch, timeout).join());
        assertThat(thrown).isInstanceOf(CompletionException.class).hasCauseInstanceOf(WorkerCallException.class);
        return (WorkerCallException) thrown.getCause();
    }

    @Test
    void aBatchOfBytesIsSentFromTheCallingThreadAndOneToEncodeIsBuiltOnIo() throws Exception {
        Worker worker = at(worker(WorkerClientGrpcTest::served));
        client();
        List<PendingRequest> bytes = List.of(request(new InferJob.Input("x", "FP32", List.of(1L, 2L), null, null,
                floats(1, 2)), true));
        JsonNode answer = client.run(worker, VARIANT, bytes, Duration.ofSeconds(5)).get(5, TimeUnit.SECONDS);
        assertThat(answer.path("outputs").path(0).path("name").asText()).isEqualTo("y");
        assertThat(ioTasks.get()).as("nothing to encode: no hand-off").isZero();

        List<PendingRequest> numbers = List.of(request(new InferJob.Input("x", "FP32", List.of(1L, 2L),
                json.readTree("[[5, 6.5]]"), null), true));
        client.run(worker, VARIANT, numbers, Duration.ofSeconds(5)).get(5, TimeUnit.SECONDS);
        assertThat(ioTasks.get()).as("JSON numbers are encoded off the caller's thread").isEqualTo(1);
        assertThat(calls.get(1).getInputs(0).getParts(0).getData()).isEqualTo(ByteString.copyFrom(floats(5, 6.5f)));
    }

    @Test
    void aRefusalOfTheBatchIsTheBatchsFaultAndLeavesTheBreakerClosed() throws Exception {
        Worker worker = at(worker(call -> refusal(422, "inputs[0].name: not an input")));
        client();
        for (int i = 0; i < 6; i++) {
            WorkerCallException e = failure(worker, Duration.ofSeconds(5));
            assertThat(e.batchAtFault()).isTrue();
            assertThat(e.getMessage()).isEqualTo("worker w-grpc answered 422: inputs[0].name: not an input");
        }
        assertThat(client.breaker("w-grpc").getState()).isEqualTo(CircuitBreaker.State.CLOSED);
    }

    @Test
    void aWorkerThatFailsOpensItsBreaker() throws Exception {
        Worker worker = at(worker(call -> refusal(503, "down")));
        client();
        for (int i = 0; i < 4; i++) {
            assertThat(failure(worker, Duration.ofSeconds(5)).batchAtFault()).isFalse();
        }
        assertThat(client.breaker("w-grpc").getState()).isEqualTo(CircuitBreaker.State.OPEN);
        assertThat(failure(worker, Duration.ofSeconds(5)).getMessage()).contains("circuit breaker is open");
    }

    @Test
    void aWorkerThatIsGoneOpensItsBreakerAtOnce() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        client();
        WorkerCallException e = failure(at(closedPort), Duration.ofSeconds(5));
        assertThat(e.batchAtFault()).isFalse();
        assertThat(e.getMessage()).contains("could not be reached");
        assertThat(client.breaker("w-grpc").getState()).isEqualTo(CircuitBreaker.State.OPEN);
    }

    @Test
    void aWorkerThatNeverAnswersIsGivenUpAtTheDeadline() throws Exception {
        Worker worker = at(worker(call -> null));
        client();
        WorkerCallException e = failure(worker, Duration.ofMillis(100));
        assertThat(e.batchAtFault()).isFalse();
        assertThat(e.getMessage()).isEqualTo("worker w-grpc did not answer within "
                + Duration.ofMillis(100).plus(WorkerClient.REPLY_MARGIN).toMillis() + " ms");
    }

    @Test
    void aWorkerThatLeavesHasItsChannelClosedAndANewOneIsOpenedWhenItReturns() throws Exception {
        Worker worker = at(worker(WorkerClientGrpcTest::served));
        List<PendingRequest> batch = List.of(request(new InferJob.Input("x", "FP32", List.of(1L, 2L), null, null,
                floats(1, 2)), true));
        client().run(worker, VARIANT, batch, Duration.ofSeconds(5)).get(10, TimeUnit.SECONDS);
        client.forget("w-grpc");
        client.run(worker, VARIANT, batch, Duration.ofSeconds(5)).get(10, TimeUnit.SECONDS);
        assertThat(calls).hasSize(2);
    }
}
