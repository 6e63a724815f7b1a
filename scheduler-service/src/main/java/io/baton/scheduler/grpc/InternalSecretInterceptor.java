package io.baton.scheduler.grpc;

import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;

import io.baton.core.security.InternalCredentials;

/**
 * The suite's secret on the gRPC intake, as the internal auth filter demands it on HTTP: metadata
 * {@value #KEY_NAME}, compared in constant time ({@link InternalCredentials#admits}). Missing or wrong:
 * UNAUTHENTICATED before the call's message is read, and nothing else is said (not even who leads).
 */
record InternalSecretInterceptor(InternalCredentials credentials) implements ServerInterceptor {

    static final String KEY_NAME = "x-baton-internal-secret";
    static final Metadata.Key<String> SECRET = Metadata.Key.of(KEY_NAME, Metadata.ASCII_STRING_MARSHALLER);

    @Override
    public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers,
                                                       ServerCallHandler<Q, A> next) {
        if (credentials.admits(headers.get(SECRET))) {
            return next.startCall(call, headers);
        }
        call.close(Status.UNAUTHENTICATED.withDescription("the suite's internal secret is missing or wrong (metadata "
                + KEY_NAME + ")"), new Metadata());
        return new ServerCall.Listener<>() {
        };
    }
}
