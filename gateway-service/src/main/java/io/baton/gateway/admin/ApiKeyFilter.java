package io.baton.gateway.admin;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.gateway.security.ApiKeyProperties.InferenceAuth;
import io.baton.gateway.security.AccessRules;
import io.baton.gateway.security.ApiKeyVerifier;
import io.baton.gateway.security.Caller;
import io.baton.gateway.security.KeyStoreUnavailable;
import io.baton.gateway.security.Scope;
import io.baton.commons.problem.ProblemTypes;

/**
 * API keys, in {@code X-API-Key} or as {@code Authorization: Bearer <key>}, on the routes {@link AccessRules} names.
 *
 * <ul>
 *   <li>Admin routes need a key with the {@code admin} scope whenever a key is in force (one is configured in
 *       {@code baton.gateway.api-keys}, or one is active in the registry); while none is, they are open.</li>
 *   <li>Inference routes need a key with {@code infer} or {@code admin} when {@code baton.gateway.inference-auth} is
 *       {@code required}; otherwise none, but a key that is sent must be valid.</li>
 * </ul>
 *
 * No key: 401; a key not accepted: 401; accepted without the scope: 403; the registry cannot be asked: 503. Admin
 * routes answer RFC 7807 problems, the protocol's routes ({@code /v2}, the trace settings among them) the OIP error
 * body {@code {"error": ...}}. Keys are never logged
 * and never forwarded upstream.
 *
 * <p>A plain filter, registered for the {@code REQUEST} dispatch only (the registration's default for one): a forward
 * or an error page dispatched within a request already checked is not checked again.
 */
public record ApiKeyFilter(ApiKeyVerifier verifier, InferenceAuth inferenceAuth, ObjectMapper json) implements Filter {

    public static final String HEADER = "X-API-Key";
    private static final Logger log = LoggerFactory.getLogger(ApiKeyFilter.class);
    private static final String KEY_HOWTO = "send it in X-API-Key or as Authorization: Bearer <key>";

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws ServletException, IOException {
        HttpServletRequest request = (HttpServletRequest) req;
        HttpServletResponse response = (HttpServletResponse) res;
        String path = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
        Guarded guarded = switch (AccessRules.of(path)) {
            case ADMIN -> Guarded.ADMIN;
            case INFERENCE -> Guarded.INFERENCE;
            case PUBLIC -> null;
        };
        if (guarded == null) {
            chain.doFilter(request, response);
            return;
        }
        Refusal refusal;
        try {
            refusal = refusal(guarded, presentedKey(request));
        } catch (KeyStoreUnavailable e) {
            refusal = new Refusal(503, "registry-unavailable", e.getMessage());
        }
        if (refusal != null) {
            // the OIP's own admin routes (the trace settings) answer as the protocol does
            refuse(request, response, guarded == Guarded.ADMIN && !oip(path), refusal);
            return;
        }
        chain.doFilter(request, response);
        if (guarded == Guarded.ADMIN && changesKeys(request, response)) {
            verifier.keysChanged();
        }
    }

    /** Why a request to these routes with this key (null: none) is refused; null when it may pass. */
    private Refusal refusal(Guarded guarded, String key) throws KeyStoreUnavailable {
        if (key == null) {
            boolean required = guarded == Guarded.ADMIN ? verifier.keysInForce()
                    : inferenceAuth == InferenceAuth.REQUIRED;
            return required ? new Refusal(401, "unauthorized", guarded.required() + ": " + KEY_HOWTO) : null;
        }
        Optional<Caller> caller = verifier.check(key);
        if (caller.isEmpty()) {
            return new Refusal(401, "unauthorized",
                    "the API key is not accepted (unknown or revoked)" + guarded.notAccepted() + ": " + KEY_HOWTO);
        }
        if (guarded.scopes().stream().noneMatch(caller.get()::may)) {
            return new Refusal(403, "forbidden", "the API key " + caller.get().name() + " lacks " + guarded.lacks());
        }
        return null;
    }

    /** Whether {@code path} is one of the protocol's ({@code /v2}), whose refusals are its error bodies. */
    private static boolean oip(String path) {
        return path.equals("/v2") || path.startsWith("/v2/");
    }

    /** A key issued or revoked through this gateway: what was cached about keys is stale. */
    private static boolean changesKeys(HttpServletRequest request, HttpServletResponse response) {
        String path = request.getServletPath();
        return path.startsWith("/v1/api-keys") && !"GET".equals(request.getMethod())
                && response.getStatus() >= 200 && response.getStatus() < 300;
    }

    /** The key from {@code X-API-Key}, else from {@code Authorization: Bearer}; null when neither carries one. */
    static String presentedKey(HttpServletRequest request) {
        String key = request.getHeader(HEADER);
        if (key == null || key.isBlank()) {
            String auth = request.getHeader("Authorization");
            key = auth != null && auth.regionMatches(true, 0, "Bearer ", 0, 7) ? auth.substring(7) : null;
        }
        return key == null || key.isBlank() ? null : key.strip();
    }

    private void refuse(HttpServletRequest request, HttpServletResponse response, boolean problem, Refusal refusal)
            throws IOException {
        int status = refusal.status();
        String slug = refusal.slug();
        String detail = refusal.detail();
        log.debug("{} {}: answered {} ({})", request.getMethod(), request.getRequestURI(), status, slug);
        response.setStatus(status);
        if (status == 401) {
            response.setHeader("WWW-Authenticate", "Bearer");
        }
        if (problem) {
            response.setContentType("application/problem+json");
            json.writeValue(response.getOutputStream(), new ProblemBody(ProblemTypes.type(slug),
                    title(status), status, detail, request.getRequestURI(), status == 503 ? null : HEADER));
        } else {
            response.setContentType("application/json");
            json.writeValue(response.getOutputStream(), Map.of("error", detail));
        }
    }

    private static String title(int status) {
        return switch (status) {
            case 401 -> "Unauthorized";
            case 403 -> "Forbidden";
            default -> "Service Unavailable";
        };
    }

    /** A refusal: its status, problem-type slug and detail. */
    private record Refusal(int status, String slug, String detail) {
    }

    /** Guarded routes: the scopes that pass them and how a refusal words what is missing. */
    private record Guarded(List<Scope> scopes, String required, String notAccepted, String lacks) {
        static final Guarded ADMIN = new Guarded(List.of(Scope.ADMIN),
                "an API key with the admin scope is required for the admin routes", " for the admin routes",
                "the admin scope the admin routes need");
        static final Guarded INFERENCE = new Guarded(List.of(Scope.INFER, Scope.ADMIN),
                "an API key with the infer scope is required for inference", "", "the infer scope inference needs");
    }
}
