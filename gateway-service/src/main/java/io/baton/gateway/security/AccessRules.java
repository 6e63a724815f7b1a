package io.baton.gateway.security;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Which routes need which key. Admin: {@code /v1/**} (the registry's API), {@code /admin/api/**}, and the trace
 * settings ({@code /v2[/models/{m}]/trace/setting}: they change what the whole suite spends on tracing); inference:
 * {@code /v2/**} except the health probes {@code /v2/health/**}, which load balancers call without keys. Everything
 * else (actuator, {@code /v3/api-docs}, static pages) is public. A new admin API route belongs in {@link #ADMIN}.
 */
public final class AccessRules {

    /** What a route needs. */
    public enum Access {
        ADMIN,
        INFERENCE,
        PUBLIC
    }

    static final List<String> ADMIN = List.of("/v1", "/admin/api");
    static final List<String> INFERENCE = List.of("/v2");
    static final List<String> PUBLIC_INFERENCE = List.of("/v2/health");
    static final String TRACE_SETTING = "/v2/trace/setting";
    /** Compiled once: every request, REST and gRPC, asks for its access. */
    private static final Pattern REPEATED_SLASHES = Pattern.compile("/{2,}");

    private AccessRules() {
    }

    /**
     * The access {@code path} needs. The path is the servlet container's decoded and normalised one (no
     * {@code ;parameters}, no dot segments); repeated slashes are collapsed here as well, so no spelling of an admin
     * path slips past.
     */
    public static Access of(String path) {
        String p = path.contains("//") ? REPEATED_SLASHES.matcher(path).replaceAll("/") : path;
        if (under(p, ADMIN) || traceSetting(p)) {
            return Access.ADMIN;
        }
        if (under(p, INFERENCE) && !under(p, PUBLIC_INFERENCE)) {
            return Access.INFERENCE;
        }
        return Access.PUBLIC;
    }

    /** Triton's trace extension: {@code /v2/trace/setting} and {@code /v2/models/{m}/trace/setting}. */
    static boolean traceSetting(String path) {
        return path.equals(TRACE_SETTING) || path.startsWith("/v2/models/") && path.endsWith(TRACE_SETTING.substring(3));
    }

    private static boolean under(String path, List<String> prefixes) {
        for (String prefix : prefixes) {
            if (path.equals(prefix) || path.startsWith(prefix + "/")) {
                return true;
            }
        }
        return false;
    }
}
