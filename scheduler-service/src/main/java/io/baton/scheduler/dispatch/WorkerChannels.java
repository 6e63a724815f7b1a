package io.baton.scheduler.dispatch;

import io.baton.commons.grpc.TraceContextInterceptor;
import io.baton.commons.trace.TraceParent;

import io.baton.commons.grpc.InternalSecretInterceptor;
import io.baton.commons.grpc.UnaryAnswer;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.baton.core.security.InternalCredentials;
import io.baton.internal.grpc.BatchAnswer;
import io.baton.internal.grpc.BatchCall;
import io.baton.internal.grpc.WorkerBatchesGrpc;
import io.baton.scheduler.membership.Worker;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;

/**
 * One gRPC channel per worker that advertised its binary batch route: made on the first batch, kept for every
 * batch after (one HTTP/2 connection, calls multiplexed on it, reconnected by gRPC when it drops), closed when the
 * worker leaves or comes back at another port. Every call carries the suite's secret.
 */
final class WorkerChannels implements AutoCloseable {

    /** The largest answer taken from a worker: a batch's outputs, which the workers bound by their inputs. */
    static final int MAX_ANSWER_BYTES = 512 * 1024 * 1024;

    private record Open(String target, ManagedChannel channel) {
    }

    private final Map<String, Open> open = new ConcurrentHashMap<>();
    private final Metadata secret;

    WorkerChannels(InternalCredentials credentials) {
        this.secret = InternalSecretInterceptor.headers(credentials);
    }

    /** Runs {@code call} on {@code worker}, waiting at most {@code wait} (the call's gRPC deadline). */
    CompletableFuture<BatchAnswer> run(Worker worker, BatchCall call, Duration wait) {
        return run(worker, call, wait, null);
    }

    /** {@code trace}: the context the call carries in its metadata ({@code traceparent}); null: none. */
    CompletableFuture<BatchAnswer> run(Worker worker, BatchCall call, Duration wait, TraceParent trace) {
        UnaryAnswer<BatchAnswer> answer = new UnaryAnswer<>(() -> new IllegalStateException("the worker ended the "
                + "call without an answer"));
        WorkerBatchesGrpc.WorkerBatchesStub stub = WorkerBatchesGrpc.newStub(channel(worker))
                .withDeadlineAfter(wait.toNanos(), TimeUnit.NANOSECONDS);
        if (trace != null) stub = stub.withInterceptors(TraceContextInterceptor.attach(trace));
        stub.run(call, answer);
        return answer.future();
    }

    private ManagedChannel channel(Worker worker) {
        String target = worker.url().getHost() + ":" + worker.grpcPort();
        Open current = open.compute(worker.workerId(), (id, existing) -> {
            if (existing != null && existing.target().equals(target)) return existing;
            if (existing != null) existing.channel().shutdown();
            return new Open(target, NettyChannelBuilder.forAddress(worker.url().getHost(), worker.grpcPort())
                    .usePlaintext()
                    // An answer is read on the worker's connection's event loop: what follows (the breaker's
                    // bookkeeping, the answer's tree, a post to the engine's mailbox) never blocks, and handing it
                    // to another thread first cost a wake-up per batch. The engine's thread stays off it.
                    .directExecutor()
                    .maxInboundMessageSize(MAX_ANSWER_BYTES)
                    .intercept(MetadataUtils.newAttachHeadersInterceptor(secret))
                    .build());
        });
        return current.channel();
    }

    /**
     * Opens the worker's channel and starts connecting now, so that its first batch does not pay for loading the
     * transport and opening the connection (which would count in the dispatch overhead the policies plan with).
     */
    void connect(Worker worker) {
        channel(worker).getState(true);
    }

    /** Closes the worker's channel (calls in flight end as they will): it has left. */
    void forget(String workerId) {
        Open gone = open.remove(workerId);
        if (gone != null) gone.channel().shutdown();
    }

    @Override
    public void close() {
        open.keySet().forEach(this::forget);
    }
}
