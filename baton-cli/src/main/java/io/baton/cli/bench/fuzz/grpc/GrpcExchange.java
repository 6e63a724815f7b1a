package io.baton.cli.bench.fuzz.grpc;

import io.baton.oip.grpc.ModelStreamInferResponse;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One case on its own channel (a case that upsets a connection upsets no other), its messages sent as the exact bytes
 * through a byte-array marshaller on the named method, driven as its {@link GrpcDelivery} says, and answered (or not)
 * within the time limit. No gRPC deadline is sent: a hang is the gateway's, not the client's.
 */
public final class GrpcExchange {
    static final Metadata.Key<String> REASON = Metadata.Key.of("baton-reason", Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> RETRY_AFTER = Metadata.Key.of("retry-after", Metadata.ASCII_STRING_MARSHALLER);

    private final String host;
    private final int port;
    private final int timeoutMs;

    public GrpcExchange(String host, int port, int timeoutMs) {
        this.host = host;
        this.port = port;
        this.timeoutMs = timeoutMs;
    }

    /** Bytes as they are: what the case sends and what the gateway answers. */
    static final MethodDescriptor.Marshaller<byte[]> RAW = new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(byte[] value) {
            return new ByteArrayInputStream(value);
        }

        @Override
        public byte[] parse(InputStream stream) {
            try {
                return stream.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    };

    public GrpcAnswer send(GrpcFuzzCase c) throws InterruptedException {
        ManagedChannel channel = NettyChannelBuilder.forAddress(host, port).usePlaintext()
                .maxInboundMessageSize(256 << 20).build();
        try {
            return send(channel, c);
        } finally {
            channel.shutdownNow();
            channel.awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    private GrpcAnswer send(ManagedChannel channel, GrpcFuzzCase c) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        // a streaming call on the client's side whatever the method is on the server's: grpc-java's client holds a
        // unary call's headers back until its message, so a unary call opened and never sent would never reach the
        // gateway at all
        MethodDescriptor<byte[], byte[]> method = MethodDescriptor.newBuilder(RAW, RAW).setFullMethodName(c.method())
                .setType(MethodDescriptor.MethodType.BIDI_STREAMING).build();
        ClientCall<byte[], byte[]> call = channel.newCall(method, CallOptions.DEFAULT);
        List<String> streamErrors = new ArrayList<>();
        CompletableFuture<GrpcAnswer> closed = new CompletableFuture<>();
        Metadata headers = new Metadata();
        for (String[] h : c.metadata()) headers.put(Metadata.Key.of(h[0], Metadata.ASCII_STRING_MARSHALLER), h[1]);
        boolean[] cancelling = {false};
        call.start(new ClientCall.Listener<>() {
            @Override
            public void onMessage(byte[] message) {
                synchronized (streamErrors) {
                    streamErrors.add(c.streaming() ? errorOf(message) : "");
                }
            }

            @Override
            public void onClose(Status status, Metadata trailers) {
                synchronized (streamErrors) {
                    boolean ours = cancelling[0] && status.getCode() == Status.Code.CANCELLED;
                    closed.complete(new GrpcAnswer(status.getCode(), status.getDescription(), trailers.get(REASON),
                            trailers.get(RETRY_AFTER), streamErrors.size(), List.copyOf(streamErrors), ours, false, null));
                }
            }
        }, headers);
        call.request(Integer.MAX_VALUE);
        GrpcDelivery d = c.delivery();
        for (int i = 0; i < c.messages().size() && !closed.isDone(); i++) {
            if (i > 0 && d.mode() == GrpcDelivery.Mode.PACED) Thread.sleep(d.pauseMs());
            call.sendMessage(c.messages().get(i));
        }
        if (d.mode() == GrpcDelivery.Mode.WHOLE || d.mode() == GrpcDelivery.Mode.PACED || d.mode() == GrpcDelivery.Mode.CANCEL) {
            call.halfClose();
        }
        if (d.mode() == GrpcDelivery.Mode.CANCEL) {
            Thread.sleep(d.pauseMs());
            synchronized (streamErrors) {
                cancelling[0] = !closed.isDone();
            }
            call.cancel("the fuzz case cancels its call", null);
        }
        try {
            return closed.get(Math.max(0, until - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            synchronized (streamErrors) {
                cancelling[0] = true;
                List<String> errors = List.copyOf(streamErrors);
                call.cancel("no status within the case's time limit", null);
                if (d.mode() == GrpcDelivery.Mode.SILENT && errors.size() >= c.messages().size()) {
                    return GrpcAnswer.heldOpen(errors.size(), errors);
                }
                return GrpcAnswer.hang("no status within " + timeoutMs + " ms", errors.size(), errors);
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("the call's listener failed", e.getCause());
        }
    }

    private static String errorOf(byte[] message) {
        try {
            return ModelStreamInferResponse.parseFrom(message).getErrorMessage();
        } catch (IOException e) {
            return "(a stream answer that is not a ModelStreamInferResponse)";
        }
    }
}
