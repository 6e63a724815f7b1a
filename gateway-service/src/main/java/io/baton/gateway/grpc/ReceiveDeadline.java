package io.baton.gateway.grpc;

import io.baton.core.util.CoarseTimer;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.grpc.ForwardingServerCall;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;

/**
 * How long a client may take to send what it asks: a call's request must have arrived whole (the client's half-close)
 * within {@code receive}, and a client stream is closed after {@code streamIdle} without a message. Either way the
 * call ends DEADLINE_EXCEEDED and frees its stream and its thread: a client that opens calls and goes silent, or
 * trickles its message, holds nothing for long. HTTP/2 flow control and the message size limit bound the bytes; this
 * bounds the time.
 *
 * @param timers     where the deadlines run (they only close calls; a coarse timer, since one is armed for every
 *                   call and almost none fires: up to a tick late on a limit of seconds)
 * @param receive    for a call's whole request (a unary call's one message)
 * @param streamIdle between messages of a client stream
 */
record ReceiveDeadline(CoarseTimer timers, Duration receive, Duration streamIdle)
        implements ServerInterceptor {

    @Override
    public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers,
                                                       ServerCallHandler<Q, A> next) {
        boolean stream = call.getMethodDescriptor().getType() == MethodDescriptor.MethodType.BIDI_STREAMING
                || call.getMethodDescriptor().getType() == MethodDescriptor.MethodType.CLIENT_STREAMING;
        Guarded<Q, A> guarded = new Guarded<>(call);
        guarded.arm(receive, "the request did not arrive within " + receive.toMillis() + " ms");
        ServerCall.Listener<Q> listener = next.startCall(guarded, headers);
        return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(listener) {
            @Override
            public void onMessage(Q message) {
                if (stream) {
                    guarded.arm(streamIdle, "no request on the stream for " + streamIdle.toMillis() + " ms");
                }
                // a unary request is whole only at the half-close: a client may send its message and then hold
                super.onMessage(message);
            }

            @Override
            public void onHalfClose() {
                guarded.disarm();
                super.onHalfClose();
            }

            @Override
            public void onCancel() {
                guarded.disarm();
                super.onCancel();
            }

            @Override
            public void onComplete() {
                guarded.disarm();
                super.onComplete();
            }
        };
    }

    /**
     * The call, its writes serialised with the deadline's close (a ServerCall is not thread-safe): once either closes
     * it, later writes are dropped, since the client has its status.
     */
    private final class Guarded<Q, A> extends ForwardingServerCall.SimpleForwardingServerCall<Q, A> {

        private CoarseTimer.Timeout timer;
        private boolean closed;

        Guarded(ServerCall<Q, A> call) {
            super(call);
        }

        synchronized void arm(Duration after, String why) {
            disarm();
            if (!closed) {
                timer = timers.schedule(() -> expire(why), after.toNanos(), TimeUnit.NANOSECONDS);
            }
        }

        synchronized void disarm() {
            if (timer != null) {
                timer.cancel();
                timer = null;
            }
        }

        private synchronized void expire(String why) {
            if (!closed && timer != null) {
                timer = null;
                close(Status.DEADLINE_EXCEEDED.withDescription(why), new Metadata());
            }
        }

        @Override
        public synchronized void sendHeaders(Metadata headers) {
            if (!closed) {
                super.sendHeaders(headers);
            }
        }

        @Override
        public synchronized void sendMessage(A message) {
            if (!closed) {
                super.sendMessage(message);
            }
        }

        @Override
        public synchronized void close(Status status, Metadata trailers) {
            if (!closed) {
                closed = true;
                disarm();
                super.close(status, trailers);
            }
        }
    }
}
