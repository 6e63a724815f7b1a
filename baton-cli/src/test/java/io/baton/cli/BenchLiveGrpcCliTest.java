package io.baton.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.baton.oip.grpc.GRPCInferenceServiceGrpc;
import io.baton.oip.grpc.InferParameter;
import io.baton.oip.grpc.ModelInferRequest;
import io.baton.oip.grpc.ModelInferResponse;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@code baton bench live --protocol grpc}: the same run as over REST (applications set up through the REST stand-in),
 * its inferences sent to a gRPC stand-in of the gateway's port, each input's bytes in {@code raw_input_contents};
 * answers read for their batch size, refusals (UNAVAILABLE) counted as the REST route's 503s.
 */
class BenchLiveGrpcCliTest {

    /** A gRPC stand-in of the gateway: every third call refused as overloaded, the others served in batches of 2. */
    static final class FakeGrpcGateway extends GRPCInferenceServiceGrpc.GRPCInferenceServiceImplBase {
        final AtomicInteger calls = new AtomicInteger();
        final List<ModelInferRequest> seen = new CopyOnWriteArrayList<>();

        @Override
        public void modelInfer(ModelInferRequest request, StreamObserver<ModelInferResponse> answer) {
            if (seen.size() < 10) seen.add(request);
            if (calls.incrementAndGet() % 3 == 0) {
                answer.onError(Status.UNAVAILABLE.withDescription("request refused: the gateway is at its limit")
                        .asRuntimeException());
                return;
            }
            answer.onNext(ModelInferResponse.newBuilder().setModelName(request.getModelName())
                    .putParameters("batch_size", InferParameter.newBuilder().setInt64Param(2).build())
                    .putParameters("execution_ms", InferParameter.newBuilder().setDoubleParam(0.5).build()).build());
            answer.onCompleted();
        }
    }

    @Test
    void rawOverGrpcReportsTheCpuPerAnsweredRequest() throws Exception {
        Server server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)).addService(new FakeGrpcGateway()).build()
                .start();
        try (FakeSuite fake = new FakeSuite(0, false)) {
            CliRun r = CliRun.of("", BenchLiveCliTest.args(fake, "--rates", "10", "--raw", "--concurrency", "2", "--protocol", "grpc",
                    "--grpc", "127.0.0.1:" + server.getPort()));
            assertThat(r.code()).as("stderr: %s%nstdout: %s", r.err(), r.out()).isZero();
            assertThat(r.out()).contains("saturation through the gateway", "CPU per answered request: ");
        } finally {
            server.shutdownNow();
        }
    }

    @Test
    void aRunOverGrpcSendsRawInputsAndCountsRefusals() throws Exception {
        FakeGrpcGateway gateway = new FakeGrpcGateway();
        Server server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)).addService(gateway).build()
                .start();
        try (FakeSuite fake = new FakeSuite(0, false)) {
            CliRun r = CliRun.of("", BenchLiveCliTest.args(fake, "--rates", "20", "--protocol", "grpc",
                    "--grpc", "127.0.0.1:" + server.getPort()));
            assertThat(r.code()).as("stderr: %s%nstdout: %s", r.err(), r.out()).isZero();
            assertThat(r.out()).contains("over gRPC", "every request was answered");
            assertThat(fake.inferences.get()).as("no inference over REST").isZero();
            assertThat(gateway.calls.get()).isPositive();
            ModelInferRequest first = gateway.seen.get(0);
            assertThat(first.getModelName()).isIn("bench-symphony", "bench-wc");
            assertThat(first.getInputsCount()).isEqualTo(1);
            assertThat(first.getRawInputContentsCount()).isEqualTo(1);
            long elements = first.getInputs(0).getShapeList().stream().reduce(1L, (a, b) -> a * b);
            assertThat(first.getRawInputContents(0).size()).isEqualTo(elements * 4);
            List<String> rows = r.out().lines().filter(l -> l.startsWith("symphony ") || l.startsWith("work-conserving "))
                    .toList();
            assertThat(rows).hasSize(2);
            for (String row : rows) {
                String[] f = row.trim().split("\\s+");
                assertThat(f[f.length - 1]).as("unanswered in %s", row).isEqualTo("0");
                assertThat(f[8]).as("mean batch in %s", row).isEqualTo("2.00");
            }
            assertThat(r.out()).contains("503");
        } finally {
            server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void severalGrpcPortsShareTheCallsRoundRobin() throws Exception {
        FakeGrpcGateway first = new FakeGrpcGateway(), second = new FakeGrpcGateway();
        Server a = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)).addService(first).build().start();
        Server b = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)).addService(second).build().start();
        try (FakeSuite fake = new FakeSuite(0, false)) {
            CliRun r = CliRun.of("", BenchLiveCliTest.args(fake, "--rates", "20", "--protocol", "grpc",
                    "--grpc", "127.0.0.1:" + a.getPort() + ",127.0.0.1:" + b.getPort()));
            assertThat(r.code()).as("stderr: %s%nstdout: %s", r.err(), r.out()).isZero();
            assertThat(r.out()).contains("127.0.0.1:" + a.getPort() + ", 127.0.0.1:" + b.getPort());
            assertThat(first.calls.get()).isPositive();
            assertThat(second.calls.get()).isPositive();
            // each policy's run starts again at the first port: at most one more call there per run
            assertThat(Math.abs(first.calls.get() - second.calls.get())).as("round-robin").isLessThanOrEqualTo(2);
        } finally {
            a.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            b.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void badProtocolFlagsExitTwo() throws Exception {
        try (FakeSuite fake = new FakeSuite(0, false)) {
            CliRun.of("", BenchLiveCliTest.args(fake, "--protocol", "smtp")).badInput("--protocol", "smtp");
            CliRun.of("", BenchLiveCliTest.args(fake, "--protocol", "grpc", "--grpc", "nowhere")).badInput("--grpc");
            assertThat(fake.inferences.get()).isZero();
        }
    }
}
