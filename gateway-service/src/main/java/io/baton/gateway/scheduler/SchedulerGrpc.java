package io.baton.gateway.scheduler;

import io.baton.commons.grpc.InternalSecretInterceptor;
import io.baton.commons.grpc.UnaryAnswer;
import io.baton.commons.grpc.TraceContextInterceptor;
import io.baton.commons.trace.TraceParent;

import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Function;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.core.security.InternalCredentials;
import io.baton.internal.grpc.EnsembleQueryAnswer;
import io.baton.internal.grpc.EnsembleQueryCall;
import io.baton.internal.grpc.InferAnswer;
import io.baton.internal.grpc.InferCall;
import io.baton.internal.grpc.Refusal;
import io.baton.internal.grpc.SchedulerEnsemblesGrpc;
import io.baton.internal.grpc.SchedulerIntakeGrpc;
import io.grpc.ClientInterceptor;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;

/**
 * The inference calls and Schemble ensemble queries to the schedulers' gRPC intakes ({@code baton.internal.v1.SchedulerIntake},
 * {@code SchedulerEnsembles}), when
 * {@code baton.gateway.scheduler-grpc-url} names them: one {@link ManagedChannel} per scheduler, opened once and
 * kept (every call a stream on one HTTP/2 connection), each call carrying the suite's secret and a deadline of the
 * request's time left (plus a backstop past the guard's limit). The leader is followed as over HTTP
 * ({@link SchedulerClient}): a scheduler that is not there (UNAVAILABLE: refused, reset, gone) or answers the 503
 * {@code not-leader} refusal is left for the other, and the call is sent again there while time is left.
 */
public final class SchedulerGrpc implements AutoCloseable {


    private final Map<URI, ManagedChannel> channels;
    private final SchedulerLeader leader;
    private final SchedulerWire wire;

    /**
     * @param schedulerUrls   the schedulers as {@code baton.gateway.scheduler-url} names them
     * @param targets         their gRPC intakes, one per URL in the same order
     * @param maxAnswerBytes  the largest answer taken (its outputs)
     */
    public SchedulerGrpc(List<URI> schedulerUrls, List<String> targets, SchedulerLeader leader,
                         InternalCredentials credentials, long maxAnswerBytes, ObjectMapper json) {
        if (schedulerUrls.size() != targets.size()) {
            throw new IllegalArgumentException("one gRPC target per scheduler: " + targets + " for " + schedulerUrls);
        }
        this.leader = leader;
        this.wire = new SchedulerWire(json);
        ClientInterceptor secret = MetadataUtils.newAttachHeadersInterceptor(InternalSecretInterceptor.headers(credentials));
        Map<URI, ManagedChannel> open = new LinkedHashMap<>();
        for (int i = 0; i < schedulerUrls.size(); i++) {
            URI scheduler = normal(schedulerUrls.get(i));
            if (open.containsKey(scheduler)) continue;
            HostPort target = HostPort.parse(targets.get(i));
            open.put(scheduler, NettyChannelBuilder.forAddress(target.host(), target.port())
                    .usePlaintext()
                    // An answer is read on the connection's event loop: what follows it there (the guard's
                    // bookkeeping, copying the outputs out, completing the future a request thread waits on) never
                    // blocks, and handing it to another thread first cost a wake-up per request.
                    .directExecutor()
                    .maxInboundMessageSize((int) Math.min(maxAnswerBytes, Integer.MAX_VALUE))
                    .intercept(secret)
                    .build());
        }
        this.channels = Map.copyOf(open);
    }

    /**
     * Sends {@code call} to the leading scheduler, and on to the others as the class says, until {@code endNanos};
     * each try may take {@code limit}. The answer may be a refusal; the future fails with the last try's
     * {@link StatusRuntimeException} when no scheduler answered.
     */
    CompletableFuture<InferAnswer> infer(InferCall call, Duration limit, long endNanos) {
        return infer(call, limit, endNanos, null);
    }

    /** {@code trace}: the context the call carries in its metadata ({@code traceparent}); null: none. */
    CompletableFuture<InferAnswer> infer(InferCall call, Duration limit, long endNanos, TraceParent trace) {
        return send((channel, observer) -> stub(SchedulerIntakeGrpc.newStub(channel), limit, trace).infer(call, observer),
                a -> a.hasRefusal() ? a.getRefusal() : null, leader.schedulers().size(), endNanos, null);
    }

    /** A Schemble ensemble query, sent and followed to the leader as {@link #infer} is. */
    CompletableFuture<EnsembleQueryAnswer> ensembleQuery(EnsembleQueryCall call, Duration limit, long endNanos,
                                                         TraceParent trace) {
        return send((channel, observer) -> stub(SchedulerEnsemblesGrpc.newStub(channel), limit, trace).query(call, observer),
                a -> a.hasRefusal() ? a.getRefusal() : null, leader.schedulers().size(), endNanos, null);
    }

    /** A stub with the try's deadline and, when there is one, the trace context in its metadata. */
    private static <S extends io.grpc.stub.AbstractStub<S>> S stub(S stub, Duration limit, TraceParent trace) {
        S timed = stub.withDeadlineAfter(limit.toNanos(), TimeUnit.NANOSECONDS);
        return trace == null ? timed : timed.withInterceptors(TraceContextInterceptor.attach(trace));
    }

    /**
     * One try at the leading scheduler ({@code call} starts it on that scheduler's channel), and up to
     * {@code triesLeft} more at the others; {@code refusalOf} reads an answer's refusal (null: served).
     */
    private <A> CompletableFuture<A> send(BiConsumer<ManagedChannel, StreamObserver<A>> call,
                                          Function<A, Refusal> refusalOf, int triesLeft, long endNanos, A notLeader) {
        URI base = leader.current();
        UnaryAnswer<A> observer = new UnaryAnswer<>(() -> Status.INTERNAL.withDescription("the scheduler "
                + "ended the call without an answer").asRuntimeException());
        call.accept(channels.get(normal(base)), observer);
        return observer.future().handle((value, failure) -> {
            boolean again = triesLeft > 0 && leader.schedulers().size() > 1 && System.nanoTime() < endNanos;
            if (failure != null) {
                if (!unreachable(failure)) return CompletableFuture.<A>failedFuture(failure);
                leader.failedOver(base, null);
                if (again) return send(call, refusalOf, triesLeft - 1, endNanos, notLeader);
                return notLeader != null ? CompletableFuture.completedFuture(notLeader)
                        : CompletableFuture.<A>failedFuture(failure);
            }
            Refusal refusal = refusalOf.apply(value);
            if (refusal != null && refusal.getStatus() == 503) {
                String named = wire.notLeader(refusal.getProblem().toByteArray());
                if (named != null) {
                    leader.failedOver(base, named.isEmpty() ? null : named);
                    if (again) return send(call, refusalOf, triesLeft - 1, endNanos, value);
                }
            }
            return CompletableFuture.completedFuture(value);
        }).thenCompose(Function.identity());
    }

    /** Not there (refused, reset, gone), rather than slow or refusing: a deadline is the request's own. */
    private static boolean unreachable(Throwable failure) {
        return failure instanceof StatusRuntimeException s && s.getStatus().getCode() == Status.Code.UNAVAILABLE;
    }

    private static URI normal(URI uri) {
        return URI.create(uri.toString().replaceAll("/+$", ""));
    }

    @Override
    public void close() {
        for (ManagedChannel channel : channels.values()) {
            channel.shutdown();
        }
        for (ManagedChannel channel : channels.values()) {
            try {
                if (!channel.awaitTermination(2, TimeUnit.SECONDS)) channel.shutdownNow();
            } catch (InterruptedException e) {
                channel.shutdownNow();
                Thread.currentThread().interrupt();
            }
        }
    }

    /** A gRPC target: {@code host:port}, or a URI with both ({@code grpc://scheduler:9082}). */
    record HostPort(String host, int port) {
        static HostPort parse(String target) {
            String t = target.strip();
            String host;
            int port;
            try {
                if (t.contains("://")) {
                    URI uri = URI.create(t);
                    host = uri.getHost();
                    port = uri.getPort();
                } else {
                    int colon = t.lastIndexOf(':');
                    host = colon > 0 ? t.substring(0, colon) : null;
                    port = colon > 0 ? Integer.parseInt(t.substring(colon + 1)) : -1;
                }
            } catch (IllegalArgumentException e) {
                host = null;
                port = -1;
            }
            if (host == null || host.isBlank() || port <= 0 || port > 65535) {
                throw new IllegalArgumentException("baton.gateway.scheduler-grpc-url: '" + target
                        + "' is not host:port (nor a URI with a host and a port)");
            }
            return new HostPort(host, port);
        }
    }
}
