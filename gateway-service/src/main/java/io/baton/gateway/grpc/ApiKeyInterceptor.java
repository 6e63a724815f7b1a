package io.baton.gateway.grpc;

import java.util.List;
import java.util.Optional;

import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;

import io.baton.gateway.security.AccessRules;
import io.baton.gateway.security.ApiKeyProperties.InferenceAuth;
import io.baton.gateway.security.ApiKeyVerifier;
import io.baton.gateway.security.Caller;
import io.baton.gateway.security.KeyStoreUnavailable;
import io.baton.gateway.security.Scope;

/**
 * API keys on the gRPC port, read from the call's metadata as REST reads them from headers: {@code x-api-key}, else
 * {@code authorization: Bearer <key>}. A method needs what its REST route needs ({@link AccessRules} on the route's
 * path): liveness, readiness and the health service are open; everything else under {@code /v2} needs a key with
 * {@code infer} or {@code admin} when {@code baton.gateway.inference-auth} is {@code required}, and a key that is
 * sent must be valid. No key or a key not accepted: UNAUTHENTICATED; without the scope: PERMISSION_DENIED; the
 * registry cannot be asked: UNAVAILABLE. TraceSetting needs what the REST trace settings need: a key with
 * {@code admin} whenever a key is in force. Keys are never logged.
 *
 * @param verifier      the REST filter's verifier and cache
 * @param inferenceAuth whether inference needs a key
 */
record ApiKeyInterceptor(ApiKeyVerifier verifier, InferenceAuth inferenceAuth) implements ServerInterceptor {

    static final Metadata.Key<String> API_KEY = Metadata.Key.of("x-api-key", Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> AUTHORIZATION = Metadata.Key.of("authorization",
            Metadata.ASCII_STRING_MARSHALLER);
    private static final String KEY_HOWTO = "send it in the x-api-key metadata or as authorization: Bearer <key>";

    @Override
    public <Q, A> ServerCall.Listener<Q> interceptCall(ServerCall<Q, A> call, Metadata headers,
                                                       ServerCallHandler<Q, A> next) {
        AccessRules.Access access = AccessRules.of(restPath(call.getMethodDescriptor().getFullMethodName()));
        if (access == AccessRules.Access.PUBLIC) {
            return next.startCall(call, headers);
        }
        Status refusal;
        try {
            refusal = refusal(access == AccessRules.Access.ADMIN ? Guarded.ADMIN : Guarded.INFERENCE,
                    presentedKey(headers));
        } catch (KeyStoreUnavailable e) {
            refusal = Status.UNAVAILABLE.withDescription(e.getMessage());
        }
        if (refusal == null) {
            return next.startCall(call, headers);
        }
        call.close(refusal, new Metadata());
        return new ServerCall.Listener<>() {
        };
    }

    private Status refusal(Guarded guarded, String key) throws KeyStoreUnavailable {
        if (key == null) {
            boolean required = guarded == Guarded.ADMIN ? verifier.keysInForce()
                    : inferenceAuth == InferenceAuth.REQUIRED;
            return required ? Status.UNAUTHENTICATED.withDescription(guarded.required() + ": " + KEY_HOWTO) : null;
        }
        Optional<Caller> caller = verifier.check(key);
        if (caller.isEmpty()) {
            return Status.UNAUTHENTICATED.withDescription("the API key is not accepted (unknown or revoked): "
                    + KEY_HOWTO);
        }
        if (guarded.scopes().stream().noneMatch(caller.get()::may)) {
            return Status.PERMISSION_DENIED.withDescription("the API key " + caller.get().name() + " lacks "
                    + guarded.lacks());
        }
        return null;
    }

    /**
     * Guarded methods, as the REST filter guards their routes: the scopes that pass them and how a refusal words what
     * is missing. Without a key, an admin method is refused whenever a key is in force, an inference method when
     * {@code inference-auth} is {@code required}.
     */
    private record Guarded(List<Scope> scopes, String required, String lacks) {
        static final Guarded ADMIN = new Guarded(List.of(Scope.ADMIN),
                "an API key with the admin scope is required for the trace settings",
                "the admin scope the trace settings need");
        static final Guarded INFERENCE = new Guarded(List.of(Scope.INFER, Scope.ADMIN),
                "an API key with the infer scope is required for inference", "the infer scope inference needs");
    }

    /** The REST route a method answers as: its access is that route's. */
    static String restPath(String fullMethodName) {
        return switch (fullMethodName) {
            case "inference.GRPCInferenceService/ServerLive" -> "/v2/health/live";
            case "inference.GRPCInferenceService/ServerReady" -> "/v2/health/ready";
            case "inference.GRPCInferenceService/ServerMetadata" -> "/v2";
            case "inference.GRPCInferenceService/RepositoryIndex" -> "/v2/repository/index";
            case "inference.GRPCInferenceService/TraceSetting" -> "/v2/trace/setting";
            default -> fullMethodName.startsWith("inference.") ? "/v2/models" : "/" + fullMethodName;
        };
    }

    /** The key from {@code x-api-key}, else from {@code authorization: Bearer}; null when neither carries one. */
    static String presentedKey(Metadata headers) {
        String key = headers.get(API_KEY);
        if (key == null || key.isBlank()) {
            String auth = headers.get(AUTHORIZATION);
            key = auth != null && auth.regionMatches(true, 0, "Bearer ", 0, 7) ? auth.substring(7) : null;
        }
        return key == null || key.isBlank() ? null : key.strip();
    }
}
