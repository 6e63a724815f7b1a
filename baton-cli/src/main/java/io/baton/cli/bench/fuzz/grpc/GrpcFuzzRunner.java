package io.baton.cli.bench.fuzz.grpc;

import io.baton.cli.bench.fuzz.FuzzTarget;
import io.baton.cli.suite.SuiteException;
import io.baton.oip.grpc.GRPCInferenceServiceGrpc;
import io.baton.oip.grpc.ModelMetadataRequest;
import io.baton.oip.grpc.ModelMetadataResponse;
import io.baton.oip.grpc.ServerLiveRequest;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCalls;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Runs gRPC fuzz cases against a gateway's gRPC port: a few calls at once, each on its own channel and bounded by the
 * time limit, then checks that the port is alive (ServerLive, the health service's Check) and serves a valid
 * ModelInfer.
 */
public final class GrpcFuzzRunner {

    private final String host;
    private final int port;
    private final GrpcTarget target;
    private final GrpcExchange exchange;
    private final int concurrency;

    public GrpcFuzzRunner(String host, int port, GrpcTarget target, int timeoutMs, int concurrency) {
        this.host = host;
        this.port = port;
        this.target = target;
        this.exchange = new GrpcExchange(host, port, timeoutMs);
        this.concurrency = concurrency;
    }

    /** The application as the port describes it (ModelMetadata), with the largest message the port takes. */
    public static GrpcTarget target(String host, int port, String app, long maxMessageBytes) {
        ManagedChannel channel = NettyChannelBuilder.forAddress(host, port).usePlaintext().build();
        try {
            ModelMetadataResponse m = GRPCInferenceServiceGrpc.newBlockingStub(channel).withDeadlineAfter(30, TimeUnit.SECONDS)
                    .modelMetadata(ModelMetadataRequest.newBuilder().setName(app).build());
            List<FuzzTarget.Input> inputs = new ArrayList<>();
            for (ModelMetadataResponse.TensorMetadata in : m.getInputsList()) {
                inputs.add(new FuzzTarget.Input(in.getName(), in.getDatatype(), in.getShapeList().stream().mapToLong(Long::longValue).toArray()));
            }
            List<String> outputs = m.getOutputsList().stream().map(ModelMetadataResponse.TensorMetadata::getName).toList();
            return new GrpcTarget(new FuzzTarget(host + ":" + port, app, inputs, outputs), maxMessageBytes);
        } catch (StatusRuntimeException e) {
            throw new SuiteException("the gateway's gRPC port " + host + ":" + port + " does not describe model '" + app + "': " + e.getStatus());
        } finally {
            channel.shutdownNow();
        }
    }

    public GrpcTarget target() {
        return target;
    }

    /** One case: sent, answered (or not), judged. */
    public GrpcVerdict run(GrpcFuzzCase c) throws InterruptedException {
        return GrpcVerdict.of(c, exchange.send(c));
    }

    /** The answer itself, for printing one case ({@code --case}). */
    public GrpcAnswer answer(GrpcFuzzCase c) throws InterruptedException {
        return exchange.send(c);
    }

    /** Cases {@code 0 .. count-1} of the seed, then the liveness check. {@code progress}: a line every 1,000 cases, or null. */
    public GrpcFuzzReport run(long seed, int count, PrintStream progress) throws InterruptedException {
        GrpcGenerator generator = new GrpcGenerator(target, seed);
        ExecutorService pool = Executors.newFixedThreadPool(concurrency, r -> {
            Thread t = new Thread(r, "grpc-fuzz");
            t.setDaemon(true);
            return t;
        });
        Map<GrpcVerdict.Outcome, Integer> outcomes = GrpcFuzzReport.emptyOutcomes();
        Map<String, Integer> codes = new TreeMap<>();
        Map<String, Integer> kinds = new TreeMap<>();
        List<GrpcFuzzReport.Failure> failures = new ArrayList<>();
        try {
            List<Future<Judged>> pending = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                int index = i;
                pending.add(pool.submit(() -> {
                    GrpcFuzzCase c = generator.generate(index);
                    GrpcAnswer a = exchange.send(c);
                    GrpcVerdict v = GrpcVerdict.of(c, a);
                    // a passing case's bytes are not kept: an oversized one is the port's largest message
                    return new Judged(v.failure() ? c : null, c.kind(), a, v);
                }));
            }
            for (int i = 0; i < count; i++) {
                Judged j;
                try {
                    j = pending.get(i).get();
                    pending.set(i, null);
                } catch (ExecutionException e) {
                    throw new IllegalStateException("gRPC fuzz case " + i + " of seed " + seed + " could not be made or sent: " + e.getCause(), e.getCause());
                }
                outcomes.merge(j.verdict().outcome(), 1, Integer::sum);
                codes.merge(j.answer().code() == null ? (j.answer().heldOpen() ? "held open" : "none") : j.answer().code().name(), 1, Integer::sum);
                kinds.merge(j.kind(), 1, Integer::sum);
                if (j.verdict().failure()) failures.add(new GrpcFuzzReport.Failure(j.fuzzCase(), j.verdict()));
                if (progress != null && (i + 1) % 1_000 == 0) progress.printf("  %d cases, %d failed%n", i + 1, failures.size());
            }
        } finally {
            pool.shutdownNow();
        }
        return new GrpcFuzzReport(seed, count, outcomes, codes, kinds, failures, liveness());
    }

    private record Judged(GrpcFuzzCase fuzzCase, String kind, GrpcAnswer answer, GrpcVerdict verdict) {}

    /** ServerLive, the health service's Check, and a valid ModelInfer (UNAVAILABLE or DEADLINE_EXCEEDED asked again for up to a minute). */
    public GrpcFuzzReport.Liveness liveness() throws InterruptedException {
        ManagedChannel channel = NettyChannelBuilder.forAddress(host, port).usePlaintext().build();
        try {
            GRPCInferenceServiceGrpc.GRPCInferenceServiceBlockingStub stub = GRPCInferenceServiceGrpc.newBlockingStub(channel);
            boolean live;
            boolean serving;
            try {
                live = stub.withDeadlineAfter(10, TimeUnit.SECONDS).serverLive(ServerLiveRequest.getDefaultInstance()).getLive();
                MethodDescriptor<byte[], byte[]> check = MethodDescriptor.newBuilder(GrpcExchange.RAW, GrpcExchange.RAW)
                        .setType(MethodDescriptor.MethodType.UNARY).setFullMethodName(GrpcMessages.HEALTH_CHECK).build();
                byte[] health = ClientCalls.blockingUnaryCall(channel, check, CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS), new byte[0]);
                // HealthCheckResponse{status: SERVING}: field 1, varint 1
                serving = Arrays.equals(health, new byte[] {0x08, 0x01});
            } catch (StatusRuntimeException e) {
                return new GrpcFuzzReport.Liveness(false, false, "none", e.getStatus().toString());
            }
            String code;
            String detail = null;
            long until = System.nanoTime() + Duration.ofMinutes(1).toNanos();
            do {
                try {
                    stub.withDeadlineAfter(30, TimeUnit.SECONDS).modelInfer(GrpcMessages.valid(target.target()).build());
                    return new GrpcFuzzReport.Liveness(live, serving, "OK", null);
                } catch (StatusRuntimeException e) {
                    code = e.getStatus().getCode().name();
                    detail = e.getStatus().getDescription();
                    if (e.getStatus().getCode() != Status.Code.UNAVAILABLE && e.getStatus().getCode() != Status.Code.DEADLINE_EXCEEDED) break;
                }
                Thread.sleep(500);
            } while (System.nanoTime() < until);
            return new GrpcFuzzReport.Liveness(live, serving, code, detail);
        } finally {
            channel.shutdownNow();
            channel.awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
