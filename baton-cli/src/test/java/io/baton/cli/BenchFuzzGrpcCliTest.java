package io.baton.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.baton.oip.grpc.GRPCInferenceServiceGrpc;
import io.baton.oip.grpc.ModelInferRequest;
import io.baton.oip.grpc.ModelInferResponse;
import io.baton.oip.grpc.ModelMetadataRequest;
import io.baton.oip.grpc.ModelMetadataResponse;
import io.baton.oip.grpc.ServerLiveRequest;
import io.baton.oip.grpc.ServerLiveResponse;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

/**
 * {@code baton bench fuzz --protocol grpc}: its flags are checked before anything is sent, and a port that answers
 * hostile calls with INTERNAL fails the run, each failing case printed with its seed and index, exit status 1.
 */
class BenchFuzzGrpcCliTest {

    /** A careless gRPC gateway: it describes model m (x: FP32 [-1, 4]) and answers every inference INTERNAL. */
    static final class CarelessGateway extends GRPCInferenceServiceGrpc.GRPCInferenceServiceImplBase {
        @Override
        public void modelMetadata(ModelMetadataRequest request, StreamObserver<ModelMetadataResponse> answer) {
            ModelMetadataResponse.Builder b = ModelMetadataResponse.newBuilder().setName(request.getName());
            b.addInputsBuilder().setName("x").setDatatype("FP32").addShape(-1).addShape(4);
            b.addOutputsBuilder().setName("y").setDatatype("FP32").addShape(-1).addShape(2);
            answer.onNext(b.build());
            answer.onCompleted();
        }

        @Override
        public void serverLive(ServerLiveRequest request, StreamObserver<ServerLiveResponse> answer) {
            answer.onNext(ServerLiveResponse.newBuilder().setLive(true).build());
            answer.onCompleted();
        }

        @Override
        public void modelInfer(ModelInferRequest request, StreamObserver<ModelInferResponse> answer) {
            answer.onError(Status.INTERNAL.withDescription("boom").asRuntimeException());
        }
    }

    @Test
    void badFlagsAreRefusedBeforeAnythingIsSent() {
        CliRun.of("", "bench", "fuzz", "--protocol", "ftp").badInput("--protocol must be http or grpc");
        CliRun.of("", "bench", "fuzz", "--protocol", "grpc", "--grpc", "nowhere").badInput("--grpc must be HOST:PORT");
        CliRun.of("", "bench", "fuzz", "--protocol", "grpc", "--max-message-bytes", "0").badInput("--max-message-bytes");
    }

    @Test
    void aPortAnsweringInternalFailsTheRunNamingEachCase() throws Exception {
        Server server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)).addService(new CarelessGateway()).build()
                .start();
        try {
            String grpc = "127.0.0.1:" + server.getPort();
            CliRun r = CliRun.of("", "bench", "fuzz", "--protocol", "grpc", "--grpc", grpc, "--app", "m", "--count", "40",
                    "--max-message-bytes", "65536", "--timeout-ms", "5000", "--show", "3");
            assertThat(r.code()).as("stdout: %s%nstderr: %s", r.out(), r.err()).isEqualTo(1);
            assertThat(r.out()).contains("fuzz (gRPC): seed 1, 40 cases", "FAIL SERVER_ERROR: INTERNAL", "seed 1 case ", "fuzz: FAIL");
            assertThat(r.err()).contains("gRPC cases failed", "the gateway no longer serves");

            CliRun one = CliRun.of("", "bench", "fuzz", "--protocol", "grpc", "--grpc", grpc, "--app", "m", "--seed", "1", "--case", "0",
                    "--max-message-bytes", "65536", "--timeout-ms", "5000");
            assertThat(one.out()).startsWith("seed 1 case 0 [").contains("answer: ", "verdict: ");
        } finally {
            server.shutdownNow();
        }
    }
}
