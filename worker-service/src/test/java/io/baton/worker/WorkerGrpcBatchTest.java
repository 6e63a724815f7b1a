package io.baton.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ByteString;

import io.baton.core.security.InternalAuth;
import io.baton.internal.grpc.BatchAnswer;
import io.baton.internal.grpc.BatchCall;
import io.baton.internal.grpc.BatchInput;
import io.baton.internal.grpc.BatchOutput;
import io.baton.internal.grpc.Part;
import io.baton.internal.grpc.WorkerBatchesGrpc;
import io.baton.worker.grpc.WorkerGrpcServer;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;

/**
 * A worker with the suite's secret required, called over its real gRPC port with a real ONNX model: a batch of two
 * requests' parts comes back split into the same parts, with the same bytes the HTTP route answers for the same batch;
 * bad input is refused with the status and problem body of the HTTP route; a call without the secret, or with a
 * message past the bound, runs nothing.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {
        "baton.internal.auth=required", "baton.internal.secret=" + WorkerGrpcBatchTest.SECRET,
        "baton.worker.device-id=cpu-grpc", "baton.worker.intra-op-threads=1", "baton.worker.memory-budget=64MB",
        "baton.worker.grpc.max-message-size=64KB"})
class WorkerGrpcBatchTest {

    static final String SECRET = "worker-grpc-secret-0123456789abcdef";
    static final ObjectMapper JSON = new ObjectMapper();
    static Path artifacts;
    static String digest;
    /** Only ever sent without the secret or past the bound: it must never be loaded. */
    static String refusedDigest;

    @LocalServerPort
    int httpPort;

    @Autowired
    WorkerGrpcServer grpc;

    private ManagedChannel channel;

    @BeforeAll
    static void model() throws Exception {
        artifacts = Files.createTempDirectory("worker-grpc-artifacts");
        digest = TestModels.store(artifacts, TestModels.dense(3, 4, 2));
        refusedDigest = TestModels.store(artifacts, TestModels.dense(4, 4, 2));
    }

    @DynamicPropertySource
    static void source(DynamicPropertyRegistry registry) {
        registry.add("baton.worker.registry-url", () -> artifacts.toUri().toString());
    }

    @AfterEach
    void close() throws InterruptedException {
        if (channel != null) {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    private WorkerBatchesGrpc.WorkerBatchesBlockingStub stub(String secret) {
        if (channel == null) {
            channel = NettyChannelBuilder.forAddress("127.0.0.1", grpc.port()).usePlaintext()
                    .maxInboundMessageSize(64 * 1024 * 1024).build();
        }
        Metadata headers = new Metadata();
        if (secret != null) {
            headers.put(Metadata.Key.of("x-baton-internal-secret", Metadata.ASCII_STRING_MARSHALLER), secret);
        }
        return WorkerBatchesGrpc.newBlockingStub(channel).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers))
                .withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    private static byte[] floats(float... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) b.putFloat(v);
        return b.array();
    }

    private static Part part(byte[] data, long... shape) {
        Part.Builder p = Part.newBuilder().setData(ByteString.copyFrom(data));
        for (long d : shape) p.addShape(d);
        return p.build();
    }

    private static BatchCall call(String variant, String input, Part... parts) {
        return BatchCall.newBuilder().setVariant(variant).setTimeoutMs(20_000)
                .addInputs(BatchInput.newBuilder().setName(input).setDatatype("FP32").addAllParts(List.of(parts)))
                .build();
    }

    /** The same batch over HTTP, each part as base64, the outputs asked for as base64. */
    private ObjectNode overHttp(String variant, String input, List<byte[]> parts, List<long[]> shapes) throws Exception {
        var body = JSON.createObjectNode().put("variant", variant).put("binaryOutputs", true).put("timeoutMs", 20_000);
        var in = body.putArray("inputs").addObject().put("name", input).put("datatype", "FP32");
        var ps = in.putArray("parts");
        for (int j = 0; j < parts.size(); j++) {
            var p = ps.addObject();
            var shape = p.putArray("shape");
            for (long d : shapes.get(j)) shape.add(d);
            p.put("base64", Base64.getEncoder().encodeToString(parts.get(j)));
        }
        HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + httpPort + "/internal/v1/batches"))
                .header("Content-Type", "application/json").header(InternalAuth.HEADER, SECRET)
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build(),
                HttpResponse.BodyHandlers.ofString());
        return ((ObjectNode) JSON.readTree(answer.body())).put("httpStatus", answer.statusCode());
    }

    @Test
    void aBatchIsServedAndSplitBackIntoItsPartsAsTheHttpRouteSplitsIt() throws Exception {
        byte[] one = floats(1, 2, 3, 4);
        byte[] two = floats(0.5f, -1, 2, 0, 3, 3, 3, 3);
        BatchAnswer answer = stub(SECRET).run(call(digest, "x", part(one, 1, 4), part(two, 2, 4)));

        assertThat(answer.hasResult()).as(answer.toString()).isTrue();
        assertThat(answer.getResult().getBatchSize()).isEqualTo(3);
        assertThat(answer.getResult().getDeviceId()).isEqualTo("cpu-grpc");
        BatchOutput y = answer.getResult().getOutputs(0);
        assertThat(y.getName()).isEqualTo("y");
        assertThat(y.getShapeList()).containsExactly(3L, 2L);
        assertThat(y.getSplit()).isTrue();
        assertThat(y.getPartsList()).hasSize(2);
        assertThat(y.getParts(0).getShapeList()).containsExactly(1L, 2L);
        assertThat(y.getParts(1).getShapeList()).containsExactly(2L, 2L);

        JsonNode http = overHttp(digest, "x", List.of(one, two), List.of(new long[] {1, 4}, new long[] {2, 4}));
        assertThat(http.path("httpStatus").asInt()).as(http.toString()).isEqualTo(200);
        JsonNode httpParts = http.path("outputs").get(0).path("parts");
        for (int j = 0; j < 2; j++) {
            assertThat(y.getParts(j).getData().toByteArray())
                    .isEqualTo(Base64.getDecoder().decode(httpParts.get(j).path("base64").asText()));
        }
        // a softmax: each row sums to 1
        ByteBuffer first = y.getParts(0).getData().asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        assertThat(first.getFloat(0) + first.getFloat(4)).isBetween(0.999f, 1.001f);
    }

    @Test
    void theCallsTraceIsNamedInTheTimingWithWhereExecutionBeganAndEnded() throws Exception {
        String traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        Metadata trace = new Metadata();
        trace.put(Metadata.Key.of("traceparent", Metadata.ASCII_STRING_MARSHALLER), traceparent);
        BatchAnswer answer = stub(SECRET).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(trace))
                .run(call(digest, "x", part(floats(1, 2, 3, 4), 1, 4)));
        assertThat(answer.hasResult()).as(answer.toString()).isTrue();
        var timing = answer.getResult().getTiming();
        assertThat(timing.getTraceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
        assertThat(timing.getExecutionStartMs()).isGreaterThanOrEqualTo(0);
        assertThat(timing.getExecutionEndMs()).isGreaterThanOrEqualTo(timing.getExecutionStartMs())
                .isLessThanOrEqualTo(timing.getTotalMs());

        BatchAnswer untraced = stub(SECRET).run(call(digest, "x", part(floats(1, 2, 3, 4), 1, 4)));
        assertThat(untraced.getResult().getTiming().hasTraceId()).isFalse();

        // over HTTP: the header, a malformed one ignored
        for (String header : new String[] {traceparent, "00-garbage"}) {
            var body = JSON.createObjectNode().put("variant", digest).put("timeoutMs", 20_000);
            var in = body.putArray("inputs").addObject().put("name", "x").put("datatype", "FP32");
            var p = in.putArray("parts").addObject();
            p.putArray("shape").add(1).add(4);
            p.put("base64", Base64.getEncoder().encodeToString(floats(1, 2, 3, 4)));
            HttpResponse<String> http = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                            URI.create("http://127.0.0.1:" + httpPort + "/internal/v1/batches"))
                    .header("Content-Type", "application/json").header(InternalAuth.HEADER, SECRET)
                    .header("traceparent", header)
                    .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(http.statusCode()).as(http.body()).isEqualTo(200);
            JsonNode t = JSON.readTree(http.body()).path("timing");
            assertThat(t.path("executionEndMs").asDouble()).isGreaterThanOrEqualTo(t.path("executionStartMs").asDouble());
            if (header.equals(traceparent)) {
                assertThat(t.path("traceId").asText()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
            } else {
                assertThat(t.has("traceId")).isFalse();
            }
        }
    }

    @Test
    void anInputOfTheWrongSizeIsRefused400NamingThePart() throws Exception {
        BatchAnswer answer = stub(SECRET).run(call(digest, "x", part(floats(1, 2, 3, 4), 1, 4),
                part(floats(1, 2, 3), 1, 4)));

        assertThat(answer.hasRefusal()).as(answer.toString()).isTrue();
        assertThat(answer.getRefusal().getStatus()).isEqualTo(400);
        JsonNode problem = JSON.readTree(answer.getRefusal().getProblem().toByteArray());
        assertThat(problem.path("status").asInt()).isEqualTo(400);
        assertThat(problem.path("field").asText()).isEqualTo("inputs[0].parts[1].raw");
        assertThat(problem.path("detail").asText()).contains("holds 12 bytes").contains("needs 16");
    }

    @Test
    void aRefusalCarriesTheProblemBodyTheHttpRouteAnswers() throws Exception {
        byte[] one = floats(1, 2, 3, 4);
        BatchAnswer answer = stub(SECRET).run(call(digest, "not-an-input", part(one, 1, 4)));
        ObjectNode http = overHttp(digest, "not-an-input", List.of(one), List.of(new long[] {1, 4}));

        assertThat(answer.hasRefusal()).as(answer.toString()).isTrue();
        assertThat(answer.getRefusal().getStatus()).isEqualTo(422).isEqualTo(http.path("httpStatus").asInt());
        JsonNode problem = JSON.readTree(answer.getRefusal().getProblem().toByteArray());
        assertThat(problem.path("field").asText()).isEqualTo("inputs[0].name");
        http.remove("httpStatus");
        assertThat(problem).isEqualTo(http);
    }

    @Test
    void anUnknownVariantIsRefused404AsOverHttp() throws Exception {
        BatchAnswer answer = stub(SECRET).run(call("ab".repeat(32), "x", part(floats(1, 2, 3, 4), 1, 4)));
        assertThat(answer.getRefusal().getStatus()).isEqualTo(404);
        assertThat(JSON.readTree(answer.getRefusal().getProblem().toByteArray()).path("type").asText())
                .endsWith("unknown-variant");
    }

    @Test
    void aCallWithoutTheSecretOrWithAWrongOneIsUnauthenticatedAndRunsNothing() throws Exception {
        BatchCall call = call(refusedDigest, "x", part(floats(1, 2, 3, 4), 1, 4));
        for (String secret : new String[] {null, "worker-grpc-secret-0123456789abcdeX", ""}) {
            assertThatThrownBy(() -> stub(secret).run(call))
                    .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
                        assertThat(e.getStatus().getDescription()).contains("x-baton-internal-secret");
                    });
        }
        assertThat(loaded()).doesNotContain(refusedDigest);
    }

    @Test
    void aMessagePastTheBoundIsRefusedBeforeItBecomesABatch() throws Exception {
        byte[] big = new byte[80 * 1024]; // the test's bound is 64 KB
        BatchCall call = call(refusedDigest, "x", part(big, 5120, 4));
        assertThatThrownBy(() -> stub(SECRET).run(call))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED));
        assertThat(loaded()).doesNotContain(refusedDigest);
        // the port still serves
        assertThat(stub(SECRET).run(call(digest, "x", part(floats(1, 2, 3, 4), 1, 4))).hasResult()).isTrue();
    }

    @Test
    void hostileShapesAreRefusedNotRun() throws Exception {
        BatchAnswer huge = stub(SECRET).run(call(digest, "x", part(floats(1, 2, 3, 4), Long.MAX_VALUE / 2, 4)));
        assertThat(huge.getRefusal().getStatus()).isEqualTo(400);
        BatchAnswer negative = stub(SECRET).run(call(digest, "x", part(floats(1, 2, 3, 4), -1, 4)));
        assertThat(negative.getRefusal().getStatus()).isEqualTo(400);
        assertThat(JSON.readTree(negative.getRefusal().getProblem().toByteArray()).path("field").asText())
                .isEqualTo("inputs[0].parts[0].shape[0]");
        BatchAnswer noVariant = stub(SECRET).run(call("", "x", part(floats(1, 2, 3, 4), 1, 4)));
        assertThat(noVariant.getRefusal().getStatus()).isEqualTo(400);
        assertThat(JSON.readTree(noVariant.getRefusal().getProblem().toByteArray()).path("field").asText())
                .isEqualTo("variant");
    }

    private String loaded() throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + httpPort + "/internal/v1/models"))
                .header(InternalAuth.HEADER, SECRET).build(), HttpResponse.BodyHandlers.ofString()).body();
    }
}
