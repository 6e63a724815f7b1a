package io.baton.commons.grpc;

import io.baton.commons.trace.TraceParent;
import io.grpc.ClientInterceptor;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.stub.MetadataUtils;

/**
 * The W3C {@code traceparent} on gRPC: a server interceptor that reads it from the call's metadata (bounded, as
 * {@link TraceParent#parse} reads it; malformed or absent: none) into the call's {@link Context}, where the service
 * finds it with {@link #current()}; and the client side, {@link #attach}, which sends one with a call.
 */
public final class TraceContextInterceptor implements ServerInterceptor {

    /** The metadata key, as HTTP names the header. */
    public static final Metadata.Key<String> KEY = Metadata.Key.of(TraceParent.HEADER, Metadata.ASCII_STRING_MARSHALLER);

    private static final Context.Key<TraceParent> CURRENT = Context.key("baton-traceparent");

    @Override
    public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers,
                                                        ServerCallHandler<Q, A> next) {
        TraceParent parent = TraceParent.parse(headers.get(KEY));
        if (parent == null) {
            return next.startCall(call, headers);
        }
        return Contexts.interceptCall(Context.current().withValue(CURRENT, parent), call, headers, next);
    }

    /** The context the present call arrived with; null when it brought none (or a malformed one). */
    public static TraceParent current() {
        return CURRENT.get();
    }

    /** What a client stub adds ({@code stub.withInterceptors(...)}) to send {@code parent} with its call. */
    public static ClientInterceptor attach(TraceParent parent) {
        Metadata headers = new Metadata();
        headers.put(KEY, parent.header());
        return MetadataUtils.newAttachHeadersInterceptor(headers);
    }
}
