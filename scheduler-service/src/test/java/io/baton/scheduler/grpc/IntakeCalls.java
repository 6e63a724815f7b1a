package io.baton.scheduler.grpc;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;

import com.google.protobuf.ByteString;

import io.baton.internal.grpc.InferCall;
import io.baton.internal.grpc.RawTensor;
import io.baton.internal.grpc.SchedulerEnsemblesGrpc;
import io.baton.internal.grpc.SchedulerIntakeGrpc;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;

/** A real gRPC client of a scheduler's intake on a real port, as the gateway is one, with or without a secret. */
public final class IntakeCalls implements AutoCloseable {

    private final ManagedChannel channel;

    public IntakeCalls(int port) {
        channel = NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext()
                .maxInboundMessageSize(64 << 20).build();
    }

    /** The blocking stub, sending {@code secret} in {@code x-baton-internal-secret} (null: none). */
    public SchedulerIntakeGrpc.SchedulerIntakeBlockingStub intake(String secret) {
        return withSecret(SchedulerIntakeGrpc.newBlockingStub(channel), secret);
    }

    /** The blocking stub of Schemble's ensemble queries, sending {@code secret} as {@link #intake} does. */
    public SchedulerEnsemblesGrpc.SchedulerEnsemblesBlockingStub ensembles(String secret) {
        return withSecret(SchedulerEnsemblesGrpc.newBlockingStub(channel), secret);
    }

    private static <S extends io.grpc.stub.AbstractStub<S>> S withSecret(S stub, String secret) {
        S timed = stub.withDeadlineAfter(30, TimeUnit.SECONDS);
        if (secret == null) return timed;
        Metadata headers = new Metadata();
        headers.put(io.baton.commons.grpc.InternalSecretInterceptor.SECRET, secret);
        return timed.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers));
    }

    /** An FP32 tensor of {@code values}, little-endian, with the given shape. */
    public static RawTensor fp32(String name, long[] shape, float... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) b.putFloat(v);
        RawTensor.Builder t = RawTensor.newBuilder().setName(name).setDatatype("FP32").setData(ByteString.copyFrom(b.array()));
        for (long d : shape) t.addShape(d);
        return t.build();
    }

    /** A call for {@code application} with one input. */
    public static InferCall call(String application, double timeoutMs, RawTensor input) {
        return InferCall.newBuilder().setApplication(application).setTimeoutMs(timeoutMs).addInputs(input).build();
    }

    @Override
    public void close() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
}
