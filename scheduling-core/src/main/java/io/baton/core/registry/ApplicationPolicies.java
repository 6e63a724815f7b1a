package io.baton.core.registry;

import java.util.List;
import java.util.Optional;

/**
 * The policy ids an application may name in the registry, and the application kinds each one serves: the entries of
 * {@link PolicyRegistry} with kinds.
 *
 * <p>Only policies with a live part are accepted: an id the scheduler does not run (a typo, or a simulator-only
 * baseline such as clockwork or nexus) would otherwise be served by the fallback without a word at registration, and a
 * user would measure a policy other than the one they asked for.
 */
public final class ApplicationPolicies {

    private ApplicationPolicies() {
    }

    /** Every policy id an application may name. */
    public static List<String> ids() {
        return PolicyRegistry.applicationIds();
    }

    /** The kinds {@code policy} serves; empty for an id that is not an application policy. */
    public static List<String> kinds(String policy) {
        return PolicyRegistry.find(policy).map(PolicyEntry::kinds).orElse(List.of());
    }

    /**
     * Why an application of {@code kind} cannot name {@code policy}, in one sentence that names both; empty when it
     * can. A kind outside single, ensemble and pipeline is the caller's to refuse.
     */
    public static Optional<String> problem(String policy, String kind) {
        Optional<PolicyEntry> entry = PolicyRegistry.find(policy).filter(PolicyEntry::applicationSelectable);
        if (entry.isEmpty()) {
            String given = policy == null ? "nothing" : policy.length() > 64
                    ? "a " + policy.length() + "-character id" : "'" + policy + "'";
            return Optional.of("policy must be one of " + String.join(", ", ids()) + ", got " + given);
        }
        List<String> kinds = entry.get().kinds();
        if (kind != null && PolicyRegistry.EVERY_KIND.contains(kind) && !kinds.contains(kind)) {
            return Optional.of("policy " + policy + " serves " + String.join(" and ", kinds)
                    + " applications, not " + kind + " ones");
        }
        return Optional.empty();
    }
}
