package io.baton.core.policy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The policy ids an application may name in the registry, and the application kinds each one serves.
 *
 * <p>Only policies with a live part are accepted: an id the scheduler does not run (a typo, or a simulator-only
 * baseline such as {@code clockwork} or {@code nexus}) would otherwise be served by {@code work-conserving} without a
 * word at registration, and a user would measure a policy other than the one they asked for. The request-scale
 * dispatchers serve every kind (an ensemble's base models and a pipeline's stages are requests like any other); the
 * three papers' planners serve the kind their paper plans: Schemble selects base models of an ensemble, SneakPeek
 * selects a variant of a single-model application, IPA configures the stages of a pipeline.
 */
public final class ApplicationPolicies {

    private static final List<String> EVERY_KIND = List.of("single", "ensemble", "pipeline");

    /** Policy id → the application kinds it serves, in the order the registry names them in its errors. */
    private static final Map<String, List<String>> KINDS = byPolicy();

    private ApplicationPolicies() {
    }

    private static Map<String, List<String>> byPolicy() {
        Map<String, List<String>> m = new LinkedHashMap<>();
        m.put("symphony", EVERY_KIND);
        m.put("work-conserving", EVERY_KIND);
        m.put("interference", EVERY_KIND);
        m.put("interference-off", EVERY_KIND);
        m.put("schemble", List.of("ensemble"));
        m.put("sneakpeek", List.of("single"));
        m.put("ipa", List.of("pipeline"));
        return java.util.Collections.unmodifiableMap(m);
    }

    /** Every policy id an application may name. */
    public static List<String> ids() {
        return List.copyOf(KINDS.keySet());
    }

    /** The kinds {@code policy} serves; empty for an id that is not an application policy. */
    public static List<String> kinds(String policy) {
        return KINDS.getOrDefault(policy, List.of());
    }

    /**
     * Why an application of {@code kind} cannot name {@code policy}, in one sentence that names both; empty when it
     * can. A kind outside single, ensemble and pipeline is the caller's to refuse.
     */
    public static Optional<String> problem(String policy, String kind) {
        List<String> kinds = KINDS.get(policy);
        if (kinds == null) {
            String given = policy == null ? "nothing" : policy.length() > 64
                    ? "a " + policy.length() + "-character id" : "'" + policy + "'";
            return Optional.of("policy must be one of " + String.join(", ", KINDS.keySet()) + ", got " + given);
        }
        if (kind != null && EVERY_KIND.contains(kind) && !kinds.contains(kind)) {
            return Optional.of("policy " + policy + " serves " + String.join(" and ", kinds)
                    + " applications, not " + kind + " ones");
        }
        return Optional.empty();
    }
}
