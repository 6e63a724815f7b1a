package io.baton.gateway.grpc;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.baton.gateway.security.ApiKeyVerifier;
import io.baton.oip.grpc.GRPCInferenceServiceGrpc;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;

/**
 * Which calls run on the connection's event loop and which on the port's threads. The port's server runs every call's
 * callbacks where its bytes are read (a direct executor), since handing each call to a pool thread, and waking one to
 * write its answer, cost wake-ups on every request's path. A call stays there only when nothing it does before its
 * scheduler call can block: a ModelInfer whose API key is answered without asking the registry (none needed, a
 * bootstrap key, a verdict cached). Its handler may still move it ({@link #ON_LOOP}, {@link GrpcInference#beginsAtOnce}).
 * Every other call (metadata, readiness, the repository index, streams, a key to look up) is started and served on
 * {@code threads}, its callbacks in order, with the call's context.
 * <p>
 * This interceptor is the outermost: nothing before it may block.
 */
final class OffLoop implements ServerInterceptor {

    /** True in a call that was left on the event loop: its handler must not block. */
    static final Context.Key<Boolean> ON_LOOP = Context.key("baton-on-event-loop");

    private static final Logger log = LoggerFactory.getLogger(OffLoop.class);
    private static final String MODEL_INFER = GRPCInferenceServiceGrpc.getModelInferMethod().getFullMethodName();

    private final Executor threads;
    private final Predicate<String> keyAnsweredAtOnce;

    /**
     * @param threads           where calls that may block are served
     * @param keyAnsweredAtOnce whether a presented API key is checked without asking the registry
     *                          ({@link ApiKeyVerifier#checksAtOnce})
     */
    OffLoop(Executor threads, Predicate<String> keyAnsweredAtOnce) {
        this.threads = threads;
        this.keyAnsweredAtOnce = keyAnsweredAtOnce;
    }

    /** Whether a call may stay on the event loop: a ModelInfer whose key (if any) is answered at once. */
    boolean staysOnLoop(String fullMethodName, Metadata headers) {
        if (!MODEL_INFER.equals(fullMethodName)) return false;
        String key = ApiKeyInterceptor.presentedKey(headers);
        return key == null || keyAnsweredAtOnce.test(key);
    }

    @Override
    public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers,
                                                       ServerCallHandler<Q, A> next) {
        if (staysOnLoop(call.getMethodDescriptor().getFullMethodName(), headers)) {
            return Contexts.interceptCall(Context.current().withValue(ON_LOOP, true), call, headers, next);
        }
        Moved<Q> moved = new Moved<>(threads, call);
        moved.run(() -> moved.started(next.startCall(call, headers)));
        return moved;
    }

    /**
     * A call served on {@code threads}: started there, and each callback then run there after the ones before it,
     * with the context it arrived in (its trace).
     */
    private static final class Moved<Q> extends ServerCall.Listener<Q> {
        private final Executor threads;
        private final ServerCall<Q, ?> call;
        private final Queue<Runnable> pending = new ConcurrentLinkedQueue<>();
        private final AtomicBoolean draining = new AtomicBoolean();
        private ServerCall.Listener<Q> listener; // set by the first task; read only by later tasks, in order

        Moved(Executor threads, ServerCall<Q, ?> call) {
            this.threads = threads;
            this.call = call;
        }

        void started(ServerCall.Listener<Q> listener) {
            this.listener = listener;
        }

        void run(Runnable event) {
            pending.add(Context.current().wrap(event));
            drain();
        }

        private void drain() {
            if (!draining.compareAndSet(false, true)) return;
            try {
                threads.execute(this::runPending);
            } catch (RejectedExecutionException stopping) {
                draining.set(false);
                pending.clear();
                call.close(Status.UNAVAILABLE.withDescription("the gateway is stopping"), new Metadata());
            }
        }

        private void runPending() {
            Runnable next;
            while ((next = pending.poll()) != null) {
                try {
                    next.run();
                } catch (RuntimeException | Error e) {
                    failed(e);
                }
            }
            draining.set(false);
            if (!pending.isEmpty()) drain(); // added after the last poll, before the flag fell
        }

        /**
         * A callback threw, as the server does for a call on its own executor: the call ends UNKNOWN and hears
         * nothing more.
         */
        private void failed(Throwable e) {
            log.error("a gRPC call failed in the gateway", e);
            listener = new ServerCall.Listener<>() {
            };
            try {
                call.close(Status.UNKNOWN.withDescription("internal error in the gateway (logged there)"), new Metadata());
            } catch (IllegalStateException alreadyClosed) {
                // it had its status
            }
        }

        @Override
        public void onMessage(Q message) {
            run(() -> listener.onMessage(message));
        }

        @Override
        public void onHalfClose() {
            run(() -> listener.onHalfClose());
        }

        @Override
        public void onCancel() {
            run(() -> listener.onCancel());
        }

        @Override
        public void onComplete() {
            run(() -> listener.onComplete());
        }

        @Override
        public void onReady() {
            run(() -> listener.onReady());
        }
    }
}
