package io.baton.commons.grpc;

import java.util.Locale;

import io.baton.core.security.InternalAuth;
import io.baton.core.security.InternalCredentials;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;

/**
 * The suite's secret on an internal gRPC port, as the internal auth filter demands it on HTTP: the metadata key
 * {@code x-baton-internal-secret}, compared in constant time ({@link InternalCredentials#admits}). Missing or wrong:
 * UNAUTHENTICATED before the call's message is read, and nothing else is said.
 */
public final class InternalSecretInterceptor implements ServerInterceptor {

    /** The metadata key: the HTTP header's name, in the lower case gRPC requires. */
    public static final Metadata.Key<String> SECRET =
            Metadata.Key.of(InternalAuth.HEADER.toLowerCase(Locale.ROOT), Metadata.ASCII_STRING_MARSHALLER);

    private final InternalCredentials credentials;
    private final String service;

    /** {@code service}: what the port serves, named in the refusal ("this worker", "the scheduler's intake"). */
    public InternalSecretInterceptor(InternalCredentials credentials, String service) {
        this.credentials = credentials;
        this.service = service;
    }

    /** What a caller of an internal port sends: the suite's secret, when the suite has one. */
    public static Metadata headers(InternalCredentials credentials) {
        Metadata headers = new Metadata();
        credentials.secret().ifPresent(s -> headers.put(SECRET, s.value()));
        return headers;
    }

    @Override
    public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers,
                                                       ServerCallHandler<Q, A> next) {
        if (credentials.admits(headers.get(SECRET))) {
            return next.startCall(call, headers);
        }
        call.close(Status.UNAUTHENTICATED.withDescription(service + " serves the suite's own services only: the call "
                + "needs the suite's secret in the metadata key " + SECRET.name()), new Metadata());
        return new ServerCall.Listener<>() {
        };
    }
}
