package io.baton.worker.grpc;

import io.baton.core.security.InternalAuth;
import io.baton.core.security.InternalCredentials;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;

/**
 * Admits a call only with the suite's secret in the metadata key {@code x-baton-internal-secret} (compared in
 * constant time by {@link InternalCredentials}), as the HTTP routes demand it in their header; anything else is
 * closed UNAUTHENTICATED before its message is read into a batch.
 */
final class InternalSecretInterceptor implements ServerInterceptor {

    static final Metadata.Key<String> SECRET =
            Metadata.Key.of(InternalAuth.HEADER.toLowerCase(java.util.Locale.ROOT), Metadata.ASCII_STRING_MARSHALLER);

    private final InternalCredentials credentials;

    InternalSecretInterceptor(InternalCredentials credentials) {
        this.credentials = credentials;
    }

    @Override
    public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers,
                                                       ServerCallHandler<Q, A> next) {
        if (credentials.admits(headers.get(SECRET))) {
            return next.startCall(call, headers);
        }
        call.close(Status.UNAUTHENTICATED.withDescription("this worker serves the suite's own services only: the call "
                + "needs the suite's secret in the metadata key " + SECRET.name()), new Metadata());
        return new ServerCall.Listener<>() {
        };
    }
}
