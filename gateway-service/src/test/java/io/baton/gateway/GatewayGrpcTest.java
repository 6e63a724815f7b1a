package io.baton.gateway;

import static io.baton.gateway.support.Apps.application;
import static io.baton.gateway.support.Apps.spec;
import static io.baton.gateway.support.Apps.variant;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.ByteString;

import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.StreamObserver;

import io.baton.gateway.grpc.OipGrpcServer;
import io.baton.gateway.support.Apps;
import io.baton.gateway.support.StubRegistry;
import io.baton.gateway.support.StubScheduler;
import io.baton.gateway.support.StubUpstreams;
import io.baton.oip.grpc.GRPCInferenceServiceGrpc;
import io.baton.oip.grpc.InferParameter;
import io.baton.oip.grpc.InferTensorContents;
import io.baton.oip.grpc.ModelInferRequest;
import io.baton.oip.grpc.ModelInferResponse;
import io.baton.oip.grpc.ModelMetadataRequest;
import io.baton.oip.grpc.ModelMetadataResponse;
import io.baton.oip.grpc.ModelReadyRequest;
import io.baton.oip.grpc.ModelStreamInferResponse;
import io.baton.oip.grpc.RepositoryIndexRequest;
import io.baton.oip.grpc.RepositoryIndexResponse;
import io.baton.oip.grpc.ServerLiveRequest;
import io.baton.oip.grpc.ServerMetadataRequest;
import io.baton.oip.grpc.ServerReadyRequest;

/**
 * The OIP over gRPC with a generated grpc-java client on the gateway's real gRPC port, against the registry and
 * scheduler stand-ins the REST tests use: typed and raw contents both ways, classification, every refusal's status
 * (with REST's message), streaming, the health service, and the bounds a silent or slow client meets.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.gateway.max-infer-request-size=64KB",
        "baton.gateway.admission.max-in-flight=2", "baton.gateway.admission.min-in-flight=2",
        "baton.gateway.resilience.deadline-margin=100ms",
        "baton.gateway.grpc.handshake-timeout=1s",
        "baton.gateway.grpc.receive-timeout=1s",
        "baton.gateway.grpc.stream-idle-timeout=2s"})
class GatewayGrpcTest {

    @RegisterExtension
    static final StubUpstreams UPSTREAMS = new StubUpstreams();
    static final StubRegistry REGISTRY = UPSTREAMS.registry();
    static final StubScheduler SCHEDULER = UPSTREAMS.scheduler();
    static final ObjectMapper JSON = new ObjectMapper();
    static final List<String> TYPES = List.of("FP32", "INT8", "UINT16", "INT64", "BOOL", "BYTES");

    static {
        Apps.install(REGISTRY, SCHEDULER);
        List<String> ins = new ArrayList<>(), outs = new ArrayList<>();
        StringBuilder inSpecs = new StringBuilder(), outSpecs = new StringBuilder();
        for (String d : TYPES) {
            ins.add("in_" + d);
            outs.add("out_" + d);
            inSpecs.append(inSpecs.length() == 0 ? "" : ",").append(spec("in_" + d, d, "[-1,2]"));
            outSpecs.append(outSpecs.length() == 0 ? "" : ",").append(spec("out_" + d, d, "[-1,2]"));
        }
        REGISTRY.application("types", application("types", "single", "{}", 10_000, inSpecs.toString(),
                outSpecs.toString(), variant("echo", 0, inSpecs.toString(), outSpecs.toString())));
        SCHEDULER.application("types", "single", Map.of("echo", StubScheduler.Model.echo(ins, outs)));

        String half = spec("h", "FP16", "[-1,2]"), halfOut = spec("ho", "FP16", "[-1,2]");
        REGISTRY.application("half", application("half", "single", "{}", 10_000, half, halfOut,
                variant("echo", 0, half, halfOut)));
        SCHEDULER.application("half", "single", Map.of("echo", StubScheduler.Model.echo(List.of("h"),
                List.of("ho"))));

        String scores = spec("s", "FP32", "[-1,3]"), scoresOut = spec("scores", "FP32", "[-1,3]");
        REGISTRY.application("labelled", Apps.withClasses(application("labelled", "single", "{}", 10_000, scores,
                scoresOut, variant("m", 0, scores, scoresOut)), "cat", "dog", "bird"));
        SCHEDULER.application("labelled", "single", Map.of("m", StubScheduler.Model.echo(List.of("s"),
                List.of("scores"))));

        // answered after 600 ms: the admission test holds the gateway's two permits with it
        String x = spec("x", "FP32", "[-1,4]"), p = spec("probs", "FP32", "[-1,2]");
        StubScheduler.Model sum = new StubScheduler.Model(List.of("x"), List.of("probs"),
                in -> Map.of("probs", new double[] {1, 2}));
        REGISTRY.application("held", application("held", "single", "{}", 10_000, x, p, variant("m", 0, x, p)));
        SCHEDULER.application("held", "single", Map.of("m", sum)).delay("held", 600);
        // an SLO of 50 ms and an answer after 1 s: past the deadline and its margin
        REGISTRY.application("late", application("late", "single", "{}", 50, x, p, variant("m", 0, x, p)));
        SCHEDULER.application("late", "single", Map.of("m", sum)).delay("late", 1000);
        REGISTRY.application("shed", application("shed", "single", "{}", 10_000, x, p, variant("m", 0, x, p)));
        SCHEDULER.application("shed", "single", Map.of("m", sum)).refuse("shed", new StubScheduler.Refusal(503,
                "dropped", "REJECTED_BY_POLICY", "rejected"));
    }

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry properties) {
        UPSTREAMS.register(properties);
    }

    @LocalServerPort
    int restPort;

    @Autowired
    OipGrpcServer grpc;

    ManagedChannel channel;
    GRPCInferenceServiceGrpc.GRPCInferenceServiceBlockingStub oip;

    @BeforeEach
    void connect() {
        channel = NettyChannelBuilder.forAddress("127.0.0.1", grpc.port()).usePlaintext().build();
        oip = GRPCInferenceServiceGrpc.newBlockingStub(channel).withDeadlineAfter(20, TimeUnit.SECONDS);
    }

    @AfterEach
    void disconnect() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    // ---- contents ----

    @Test
    void typedContentsOfEveryKindComeBackAsRawOutputs() {
        ModelInferRequest.Builder r = ModelInferRequest.newBuilder().setModelName("types").setId("req-7");
        r.addInputsBuilder().setName("in_FP32").setDatatype("FP32").addAllShape(List.of(2L, 2L))
                .setContents(InferTensorContents.newBuilder().addAllFp32Contents(List.of(1.5f, -2f, 0.25f, 3e38f)));
        r.addInputsBuilder().setName("in_INT8").setDatatype("INT8").addAllShape(List.of(2L, 2L))
                .setContents(InferTensorContents.newBuilder().addAllIntContents(List.of(-128, 127, 0, -1)));
        r.addInputsBuilder().setName("in_UINT16").setDatatype("UINT16").addAllShape(List.of(2L, 2L))
                .setContents(InferTensorContents.newBuilder().addAllUintContents(List.of(0, 65535, 1, 32768)));
        r.addInputsBuilder().setName("in_INT64").setDatatype("INT64").addAllShape(List.of(2L, 2L))
                .setContents(InferTensorContents.newBuilder().addAllInt64Contents(List.of(Long.MIN_VALUE,
                        Long.MAX_VALUE, 9007199254740993L, -1L)));
        r.addInputsBuilder().setName("in_BOOL").setDatatype("BOOL").addAllShape(List.of(2L, 2L))
                .setContents(InferTensorContents.newBuilder().addAllBoolContents(List.of(true, false, false, true)));
        r.addInputsBuilder().setName("in_BYTES").setDatatype("BYTES").addAllShape(List.of(2L, 2L))
                .setContents(InferTensorContents.newBuilder().addAllBytesContents(List.of(utf8("hello"), utf8(""),
                        utf8("ünïcødé ✓"), utf8("a:b"))));

        ModelInferResponse answer = oip.modelInfer(r.build());

        assertThat(answer.getModelName()).isEqualTo("types");
        assertThat(answer.getModelVersion()).isEqualTo("echo");
        assertThat(answer.getId()).isEqualTo("req-7");
        assertThat(answer.getParametersMap()).containsKeys("variant", "total_ms");
        assertThat(answer.getOutputsList()).extracting(ModelInferResponse.InferOutputTensor::getName)
                .containsExactly("out_FP32", "out_INT8", "out_UINT16", "out_INT64", "out_BOOL", "out_BYTES");
        assertThat(answer.getRawOutputContentsCount()).isEqualTo(6);
        assertThat(answer.getOutputs(0).getShapeList()).containsExactly(2L, 2L);
        assertThat(answer.getOutputs(0).getDatatype()).isEqualTo("FP32");
        ByteBuffer fp32 = answer.getRawOutputContents(0).asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        assertThat(new float[] {fp32.getFloat(), fp32.getFloat(), fp32.getFloat(), fp32.getFloat()})
                .containsExactly(1.5f, -2f, 0.25f, 3e38f);
        assertThat(answer.getRawOutputContents(1).toByteArray()).containsExactly(-128, 127, 0, -1);
        assertThat(answer.getRawOutputContents(2).toByteArray()).containsExactly(0, 0, -1, -1, 1, 0, 0, -128);
        ByteBuffer int64 = answer.getRawOutputContents(3).asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        assertThat(int64.getLong(8)).isEqualTo(Long.MAX_VALUE);
        assertThat(answer.getRawOutputContents(4).toByteArray()).containsExactly(1, 0, 0, 1);
        assertThat(strings(answer.getRawOutputContents(5))).containsExactly("hello", "", "ünïcødé ✓", "a:b");

        // the same tensors as raw_input_contents give the same answer, byte for byte
        ModelInferRequest.Builder raw = ModelInferRequest.newBuilder().setModelName("types");
        for (ModelInferRequest.InferInputTensor in : r.getInputsList()) {
            raw.addInputs(in.toBuilder().clearContents());
        }
        raw.addAllRawInputContents(answer.getRawOutputContentsList());
        assertThat(oip.modelInfer(raw.build()).getRawOutputContentsList())
                .isEqualTo(answer.getRawOutputContentsList());
    }

    @Test
    void fp16TravelsRawAndTypedContentsAreChecked() {
        byte[] halfs = {0, 0x3e, 0, (byte) 0xc0, 0, 0x34, (byte) 0xff, 0x7b};
        ModelInferRequest.Builder r = ModelInferRequest.newBuilder().setModelName("half");
        r.addInputsBuilder().setName("h").setDatatype("FP16").addAllShape(List.of(2L, 2L));
        r.addRawInputContents(ByteString.copyFrom(halfs));
        assertThat(oip.modelInfer(r.build()).getRawOutputContents(0).toByteArray()).containsExactly(halfs);

        ModelInferRequest.Builder typed = ModelInferRequest.newBuilder().setModelName("half");
        typed.addInputsBuilder().setName("h").setDatatype("FP16").addAllShape(List.of(2L, 2L))
                .setContents(InferTensorContents.newBuilder().addAllFp32Contents(List.of(1f, 2f, 3f, 4f)));
        assertStatus(() -> oip.modelInfer(typed.build()), Status.Code.INVALID_ARGUMENT,
                "input 'h': contents cannot carry FP16: send it in raw_input_contents");
        ModelInferRequest.Builder range = ModelInferRequest.newBuilder().setModelName("types");
        range.addInputsBuilder().setName("in_INT8").setDatatype("INT8").addAllShape(List.of(1L, 2L))
                .setContents(InferTensorContents.newBuilder().addAllIntContents(List.of(1, 300)));
        assertStatus(() -> oip.modelInfer(range.build()), Status.Code.INVALID_ARGUMENT,
                "value 300 is outside INT8's range");
        ModelInferRequest.Builder count = ModelInferRequest.newBuilder().setModelName("half");
        count.addInputsBuilder().setName("h").setDatatype("FP16").addAllShape(List.of(2L, 2L));
        count.addRawInputContents(ByteString.copyFrom(new byte[6]));
        assertStatus(() -> oip.modelInfer(count.build()), Status.Code.INVALID_ARGUMENT,
                "raw_input_contents of 6 bytes does not hold shape [2, 2] of FP16");
    }

    @Test
    void classificationAnswersTheTopClassesWithTheirLabels() {
        ModelInferRequest.Builder r = ModelInferRequest.newBuilder().setModelName("labelled");
        r.addInputsBuilder().setName("s").setDatatype("FP32").addAllShape(List.of(1L, 3L))
                .setContents(InferTensorContents.newBuilder().addAllFp32Contents(List.of(0.1f, 0.7f, 0.2f)));
        r.addOutputsBuilder().setName("scores").putParameters("classification",
                InferParameter.newBuilder().setInt64Param(2).build());
        ModelInferResponse answer = oip.modelInfer(r.build());
        assertThat(answer.getOutputs(0).getDatatype()).isEqualTo("BYTES");
        assertThat(answer.getOutputs(0).getShapeList()).containsExactly(1L, 2L);
        assertThat(strings(answer.getRawOutputContents(0))).containsExactly("0.7:1:dog", "0.2:2:bird");
    }

    // ---- refusals ----

    @Test
    void badInputIsInvalidArgumentWithTheMessageRestGives() throws Exception {
        ModelInferRequest.Builder r = ModelInferRequest.newBuilder().setModelName("fashion");
        r.addInputsBuilder().setName("x").setDatatype("FP32").addAllShape(List.of(1L, 3L))
                .setContents(InferTensorContents.newBuilder().addAllFp32Contents(List.of(1f, 2f, 3f)));
        HttpResponse<String> rest = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                "http://127.0.0.1:" + restPort + "/v2/models/fashion/infer")).POST(HttpRequest.BodyPublishers.ofString(
                "{\"inputs\":[{\"name\":\"x\",\"datatype\":\"FP32\",\"shape\":[1,3],\"data\":[1,2,3]}]}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(rest.statusCode()).isEqualTo(400);
        String restError = JSON.readTree(rest.body()).get("error").asText();

        StatusRuntimeException e = refusal(() -> oip.modelInfer(r.build()));
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(e.getStatus().getDescription()).isEqualTo(restError);

        ModelInferRequest.Builder none = ModelInferRequest.newBuilder().setModelName("fashion");
        assertStatus(() -> oip.modelInfer(none.build()), Status.Code.INVALID_ARGUMENT,
                "inputs must be a non-empty array of tensors");
        ModelInferRequest.Builder type = r.clone();
        type.getInputsBuilder(0).setDatatype("FLOAT");
        assertStatus(() -> oip.modelInfer(type.build()), Status.Code.INVALID_ARGUMENT,
                "datatype 'FLOAT' is not an OIP datatype");
        ModelInferRequest.Builder timeout = r.clone().putParameters("timeout",
                InferParameter.newBuilder().setStringParam("soon").build());
        assertStatus(() -> oip.modelInfer(timeout.build()), Status.Code.INVALID_ARGUMENT,
                "parameters.timeout must be a whole number ≥ 0 (microseconds), not \"soon\"");
    }

    @Test
    void unknownModelsAndVersionsAreNotFound() {
        ModelInferRequest.Builder r = request("nope");
        assertStatus(() -> oip.modelInfer(r.build()), Status.Code.NOT_FOUND, "nope");
        assertStatus(() -> oip.modelInfer(request("fashion").setModelVersion("huge").build()), Status.Code.NOT_FOUND,
                "model 'fashion' has no version 'huge' (its versions are [big, small])");
        assertStatus(() -> oip.modelMetadata(ModelMetadataRequest.newBuilder().setName("nope").build()),
                Status.Code.NOT_FOUND, "nope");
        assertStatus(() -> oip.modelReady(ModelReadyRequest.newBuilder().setName("nope").build()),
                Status.Code.NOT_FOUND, "nope");
    }

    @Test
    void aMessagePastTheRestBodyLimitIsResourceExhausted() {
        ModelInferRequest.Builder r = request("fashion");
        r.addRawInputContents(ByteString.copyFrom(new byte[80 * 1024]));
        assertStatus(() -> oip.modelInfer(r.build()), Status.Code.RESOURCE_EXHAUSTED, "");
    }

    @Test
    void pastTheAdmissionLimitIsUnavailableWithRetryAfter() throws Exception {
        GRPCInferenceServiceGrpc.GRPCInferenceServiceStub async = GRPCInferenceServiceGrpc.newStub(channel);
        List<CompletableFuture<ModelInferResponse>> calls = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            CompletableFuture<ModelInferResponse> call = new CompletableFuture<>();
            async.modelInfer(request("held").build(), new StreamObserver<>() {
                @Override
                public void onNext(ModelInferResponse value) {
                    call.complete(value);
                }

                @Override
                public void onError(Throwable t) {
                    call.completeExceptionally(t);
                }

                @Override
                public void onCompleted() {
                    // the answer came in onNext
                }
            });
            calls.add(call);
        }
        int served = 0;
        List<StatusRuntimeException> refused = new ArrayList<>();
        for (CompletableFuture<ModelInferResponse> call : calls) {
            try {
                call.get(20, TimeUnit.SECONDS);
                served++;
            } catch (java.util.concurrent.ExecutionException e) {
                refused.add((StatusRuntimeException) e.getCause());
            }
        }
        assertThat(served).isBetween(1, 5);
        assertThat(refused).isNotEmpty().allSatisfy(e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
            assertThat(e.getStatus().getDescription()).startsWith("request refused: ");
            assertThat(e.getTrailers().get(Metadata.Key.of("retry-after", Metadata.ASCII_STRING_MARSHALLER)))
                    .isEqualTo("1");
            assertThat(e.getTrailers().get(Metadata.Key.of("baton-reason", Metadata.ASCII_STRING_MARSHALLER)))
                    .isEqualTo("overloaded");
        });
    }

    @Test
    void aDropIsUnavailableAndNoAnswerInTimeIsDeadlineExceeded() {
        assertStatus(() -> oip.modelInfer(request("shed").build()), Status.Code.UNAVAILABLE, "request dropped: ");
        assertStatus(() -> oip.modelInfer(request("late").build()), Status.Code.DEADLINE_EXCEEDED, "");
    }

    // ---- streaming ----

    @Test
    void aStreamAnswersEachRequestAndAFailedOneDoesNotCloseIt() throws Exception {
        List<ModelStreamInferResponse> answers = new ArrayList<>();
        CompletableFuture<Status> closed = new CompletableFuture<>();
        StreamObserver<ModelInferRequest> requests = GRPCInferenceServiceGrpc.newStub(channel).modelStreamInfer(
                new StreamObserver<>() {
                    @Override
                    public void onNext(ModelStreamInferResponse value) {
                        synchronized (answers) {
                            answers.add(value);
                        }
                    }

                    @Override
                    public void onError(Throwable t) {
                        closed.complete(Status.fromThrowable(t));
                    }

                    @Override
                    public void onCompleted() {
                        closed.complete(Status.OK);
                    }
                });
        requests.onNext(request("fashion").setId("a").build());
        requests.onNext(request("nope").setId("b").build());
        requests.onNext(request("fashion").setId("c").build());
        requests.onCompleted();
        assertThat(closed.get(20, TimeUnit.SECONDS).getCode()).isEqualTo(Status.Code.OK);
        assertThat(answers).hasSize(3);
        assertThat(answers.get(0).getErrorMessage()).isEmpty();
        assertThat(answers.get(0).getInferResponse().getId()).isEqualTo("a");
        assertThat(answers.get(0).getInferResponse().getRawOutputContentsCount()).isEqualTo(1);
        assertThat(answers.get(1).getErrorMessage()).contains("nope");
        assertThat(answers.get(1).getInferResponse().getId()).isEqualTo("b");
        assertThat(answers.get(2).getErrorMessage()).isEmpty();
        assertThat(answers.get(2).getInferResponse().getId()).isEqualTo("c");
    }

    // ---- health, metadata, readiness ----

    @Test
    void healthMetadataReadinessAndTheIndex() {
        HealthGrpc.HealthBlockingStub health = HealthGrpc.newBlockingStub(channel);
        assertThat(health.check(HealthCheckRequest.getDefaultInstance()).getStatus())
                .isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
        assertThat(health.check(HealthCheckRequest.newBuilder().setService("inference.GRPCInferenceService").build())
                .getStatus()).isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
        assertStatus(() -> health.check(HealthCheckRequest.newBuilder().setService("nope").build()),
                Status.Code.NOT_FOUND, "nope");

        assertThat(oip.serverLive(ServerLiveRequest.getDefaultInstance()).getLive()).isTrue();
        assertThat(oip.serverReady(ServerReadyRequest.getDefaultInstance()).getReady()).isTrue();
        assertThat(oip.serverMetadata(ServerMetadataRequest.getDefaultInstance()).getExtensionsList())
                .contains("classification", "model_repository");
        ModelMetadataResponse meta = oip.modelMetadata(ModelMetadataRequest.newBuilder().setName("fashion").build());
        assertThat(meta.getVersionsList()).containsExactlyInAnyOrder("small", "big");
        assertThat(meta.getInputs(0).getName()).isEqualTo("x");
        assertThat(meta.getInputs(0).getShapeList()).containsExactly(-1L, 4L);
        assertThat(oip.modelReady(ModelReadyRequest.newBuilder().setName("fashion").build()).getReady()).isTrue();
        assertThat(oip.modelReady(ModelReadyRequest.newBuilder().setName("ens").build()).getReady()).isFalse();
        RepositoryIndexResponse index = oip.repositoryIndex(RepositoryIndexRequest.newBuilder().setReady(true)
                .build());
        assertThat(index.getModelsList()).extracting(RepositoryIndexResponse.ModelIndex::getName).contains("fashion")
                .doesNotContain("ens");
    }

    // ---- bounds a hostile client meets ----

    @Test
    void aClientThatConnectsAndSaysNothingIsDisconnected() throws Exception {
        try (Socket silent = new Socket()) {
            silent.connect(new InetSocketAddress("127.0.0.1", grpc.port()));
            silent.setSoTimeout(15_000);
            long t0 = System.nanoTime();
            InputStream in = silent.getInputStream();
            // the server's SETTINGS frame may come first; then the connection closes at the handshake timeout
            while (in.read() >= 0) {
                assertThat(System.nanoTime() - t0).isLessThan(TimeUnit.SECONDS.toNanos(10));
            }
            assertThat(System.nanoTime() - t0).isLessThan(TimeUnit.SECONDS.toNanos(10));
        }
    }

    @Test
    void aCallWhoseRequestNeverEndsIsClosedAtTheReceiveTimeout() throws Exception {
        ClientCall<ModelInferRequest, ModelInferResponse> call = channel.newCall(
                GRPCInferenceServiceGrpc.getModelInferMethod(), CallOptions.DEFAULT);
        CompletableFuture<Status> closed = new CompletableFuture<>();
        call.start(new ClientCall.Listener<>() {
            @Override
            public void onClose(Status status, Metadata trailers) {
                closed.complete(status);
            }
        }, new Metadata());
        call.request(1);
        // the message, but never the end of the request: the call would hold its stream and a thread forever
        call.sendMessage(request("fashion").build());
        Status status = closed.get(10, TimeUnit.SECONDS);
        assertThat(status.getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        assertThat(status.getDescription()).isEqualTo("the request did not arrive within 1000 ms");
        // and the server goes on answering
        assertThat(oip.modelInfer(request("fashion").build()).getRawOutputContentsCount()).isEqualTo(1);
    }

    @Test
    void aSilentStreamIsClosed() throws Exception {
        CountDownLatch closed = new CountDownLatch(1);
        List<Status> status = new ArrayList<>();
        StreamObserver<ModelInferRequest> requests = GRPCInferenceServiceGrpc.newStub(channel).modelStreamInfer(
                new StreamObserver<>() {
                    @Override
                    public void onNext(ModelStreamInferResponse value) {
                        // the first request's answer
                    }

                    @Override
                    public void onError(Throwable t) {
                        status.add(Status.fromThrowable(t));
                        closed.countDown();
                    }

                    @Override
                    public void onCompleted() {
                        closed.countDown();
                    }
                });
        requests.onNext(request("fashion").build());
        assertThat(closed.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(status).singleElement().satisfies(s -> {
            assertThat(s.getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
            assertThat(s.getDescription()).contains("no request on the stream for 2000 ms");
        });
    }

    // ---- helpers ----

    /** A request for a model taking x: FP32 [1, 4]. */
    static ModelInferRequest.Builder request(String model) {
        ModelInferRequest.Builder r = ModelInferRequest.newBuilder().setModelName(model);
        r.addInputsBuilder().setName("x").setDatatype("FP32").addAllShape(List.of(1L, 4L))
                .setContents(InferTensorContents.newBuilder().addAllFp32Contents(List.of(1f, 2f, 3f, 4f)));
        return r;
    }

    static ByteString utf8(String s) {
        return ByteString.copyFrom(s, StandardCharsets.UTF_8);
    }

    /** BYTES elements as raw contents carry them: each a 4-byte little-endian length, then its bytes. */
    static List<String> strings(ByteString raw) {
        ByteBuffer b = raw.asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        List<String> out = new ArrayList<>();
        while (b.hasRemaining()) {
            byte[] s = new byte[b.getInt()];
            b.get(s);
            out.add(new String(s, StandardCharsets.UTF_8));
        }
        return out;
    }

    static StatusRuntimeException refusal(Runnable call) {
        try {
            call.run();
        } catch (StatusRuntimeException e) {
            return e;
        }
        throw new AssertionError("the call succeeded");
    }

    static void assertStatus(Runnable call, Status.Code code, String message) {
        StatusRuntimeException e = refusal(call);
        assertThat(e.getStatus().getCode()).as(String.valueOf(e.getStatus())).isEqualTo(code);
        assertThat(String.valueOf(e.getStatus().getDescription())).contains(message);
    }
}
