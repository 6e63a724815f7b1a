package io.baton.core.security;

import java.util.Locale;
import java.util.Set;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The wire contract of internal authentication: the header, the configuration keys (each with its environment
 * variable), which paths stay open, and the refusal's body. What every internal service and every client of one
 * agrees on, kept in one place.
 */
public final class InternalAuth {

    /** The header the suite's own clients send the shared secret in. */
    public static final String HEADER = "X-Baton-Internal-Secret";

    /** The secret itself (environment {@code BATON_INTERNAL_SECRET}). */
    public static final String SECRET_PROPERTY = "baton.internal.secret";
    /** A file holding the secret, e.g. a mounted Kubernetes Secret (environment {@code BATON_INTERNAL_SECRET_FILE}). */
    public static final String SECRET_FILE_PROPERTY = "baton.internal.secret-file";
    /** {@code required} (default) or {@code disabled} (environment {@code BATON_INTERNAL_AUTH}). */
    public static final String MODE_PROPERTY = "baton.internal.auth";

    /**
     * What a liveness or readiness probe calls (Kubernetes, compose health checks, {@code bin/baton up}): status
     * only (no details are shown), nothing that changes state. Compared exactly, and only for GET and HEAD.
     */
    private static final Set<String> PROBES = Set.of("/actuator/health", "/actuator/health/liveness",
            "/actuator/health/readiness");

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String BEARER = "Bearer ";

    private InternalAuth() {
    }

    /** The environment variable Spring Boot and the CLI read for {@code property}: {@code baton.internal.secret-file} → {@code BATON_INTERNAL_SECRET_FILE}. */
    public static String environmentName(String property) {
        return property.replace('.', '_').replace('-', '_').toUpperCase(Locale.ROOT);
    }

    /**
     * True when {@code method} on the raw request URI {@code path} is a health probe that needs no credential. The
     * raw path is compared whole, so no encoding, matrix parameter or dot segment turns another route into a probe.
     */
    public static boolean isOpenProbe(String method, String path) {
        return ("GET".equals(method) || "HEAD".equals(method)) && path != null && PROBES.contains(path);
    }

    /**
     * The secret a caller presented: {@link #HEADER}, or else an {@code Authorization: Bearer} credential, the one
     * way Prometheus can send a secret read from a file ({@code authorization.credentials_file}) when it scrapes
     * {@code /actuator/prometheus}. Null when neither is there.
     */
    public static String presented(String header, String authorization) {
        if (header != null) return header;
        if (authorization != null && authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return authorization.substring(BEARER.length()).strip();
        }
        return null;
    }

    /**
     * The RFC 7807 body of a refusal: the same whether the header was missing or wrong, so that it helps no one
     * guess. {@code instance} is the path that was called.
     */
    public static String refusalBody(String instance) {
        ObjectNode problem = JSON.createObjectNode()
                .put("type", "urn:baton:problem:unauthorized")
                .put("title", "Unauthorized")
                .put("status", 401)
                .put("detail", "this port answers only the suite's own services");
        if (instance != null) problem.put("instance", instance);
        return problem.toString();
    }
}
