package io.baton.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.google.protobuf.ByteString;
import io.baton.cli.suite.DemoApplications;
import io.baton.cli.suite.JsonHttp;
import io.baton.cli.zoo.ValidationSet;
import io.baton.cli.zoo.ZooBuilder;
import io.baton.e2e.support.DirectOrt;
import io.baton.e2e.support.E2eSuite;
import io.baton.e2e.support.Oip;
import io.baton.e2e.support.SuiteExtension;
import io.baton.oip.grpc.GRPCInferenceServiceGrpc;
import io.baton.oip.grpc.InferTensorContents;
import io.baton.oip.grpc.ModelInferRequest;
import io.baton.oip.grpc.ModelInferResponse;
import io.baton.oip.grpc.ModelReadyRequest;
import io.baton.oip.grpc.ServerReadyRequest;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The Open Inference Protocol over gRPC against the whole suite: the gateway's gRPC port answers a zoo model as its
 * REST route does. Each request names a version, so REST and gRPC are served by the same model and their answers
 * agree up to float rounding; the input goes as raw bytes and as typed contents.
 */
@ExtendWith(SuiteExtension.class)
class GrpcInferenceIT {
    static E2eSuite e2e;
    static Oip oip;
    static ManagedChannel channel;
    static GRPCInferenceServiceGrpc.GRPCInferenceServiceBlockingStub grpc;

    @BeforeAll
    static void suite(E2eSuite suite) {
        e2e = suite;
        oip = new Oip(suite);
        channel = NettyChannelBuilder.forAddress("127.0.0.1", suite.suite().gatewayGrpcPort()).usePlaintext().build();
        grpc = GRPCInferenceServiceGrpc.newBlockingStub(channel);
    }

    @AfterAll
    static void disconnect() throws InterruptedException {
        if (channel != null) channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    @Test
    void aZooModelAnswersOverGrpcWhatItAnswersOverRest() {
        assertThat(grpc.withDeadlineAfter(10, TimeUnit.SECONDS).serverReady(ServerReadyRequest.getDefaultInstance())
                .getReady()).isTrue();
        String version = e2e.variants("fashion-single").stream().map(DemoApplications.VariantRef::name).findFirst()
                .orElseThrow();
        assertThat(grpc.withDeadlineAfter(10, TimeUnit.SECONDS).modelReady(ModelReadyRequest.newBuilder()
                .setName("fashion-single").setVersion(version).build()).getReady()).isTrue();
        int first = 3, count = 2;
        ValidationSet vs = e2e.validation();
        float[] rows = DirectOrt.rows(vs.examples(), vs.dims(), first, count);

        float[] rest = null;
        for (int attempt = 0; attempt < 30 && rest == null; attempt++) {
            // a cold variant's first batch can outlast its SLO: what is compared is a warm answer
            JsonHttp.Response r = oip.post("/v2/models/fashion-single/versions/" + version + "/infer",
                    oip.request(first, count));
            if (r.status() == 200) rest = Oip.probabilities(r, "fashion-single", count);
        }
        assertThat(rest).as("REST answered").isNotNull();

        ModelInferRequest.Builder raw = ModelInferRequest.newBuilder().setModelName("fashion-single")
                .setModelVersion(version).setId("grpc-raw");
        raw.addInputsBuilder().setName(ZooBuilder.INPUT).setDatatype("FP32").addAllShape(
                java.util.Arrays.stream(DirectOrt.shape(count, vs.dims())).boxed().toList());
        ByteBuffer bytes = ByteBuffer.allocate(rows.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asFloatBuffer().put(rows);
        raw.addRawInputContents(ByteString.copyFrom(bytes));
        ModelInferRequest.Builder typed = raw.clone().setId("grpc-typed").clearRawInputContents();
        InferTensorContents.Builder contents = InferTensorContents.newBuilder();
        for (float v : rows) contents.addFp32Contents(v);
        typed.getInputsBuilder(0).setContents(contents);

        for (ModelInferRequest request : new ModelInferRequest[] {raw.build(), typed.build()}) {
            ModelInferResponse answer = null;
            for (int attempt = 0; attempt < 30 && answer == null; attempt++) {
                try {
                    answer = grpc.withDeadlineAfter(10, TimeUnit.SECONDS).modelInfer(request);
                } catch (io.grpc.StatusRuntimeException e) {
                    assertThat(e.getStatus().getCode()).as(e.toString()).isIn(io.grpc.Status.Code.UNAVAILABLE,
                            io.grpc.Status.Code.DEADLINE_EXCEEDED);
                }
            }
            assertThat(answer).as("gRPC answered " + request.getId()).isNotNull();
            assertThat(answer.getModelName()).isEqualTo("fashion-single");
            assertThat(answer.getModelVersion()).isEqualTo(version);
            assertThat(answer.getId()).isEqualTo(request.getId());
            assertThat(answer.getOutputs(0).getName()).isEqualTo(ZooBuilder.OUTPUT);
            assertThat(answer.getOutputs(0).getDatatype()).isEqualTo("FP32");
            assertThat(answer.getOutputs(0).getShapeList()).containsExactly((long) count, 10L);
            ByteBuffer out = answer.getRawOutputContents(0).asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
            float[] probabilities = new float[out.remaining() / 4];
            out.asFloatBuffer().get(probabilities);
            assertThat(probabilities).hasSameSizeAs(rest);
            for (int i = 0; i < rest.length; i++) {
                assertThat(probabilities[i]).as("%s [%d]", request.getId(), i).isCloseTo(rest[i],
                        within(InferenceIT.TOLERANCE));
            }
        }
    }
}
