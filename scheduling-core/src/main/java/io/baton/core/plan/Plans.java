package io.baton.core.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.baton.core.registry.PolicyEntry;
import io.baton.core.registry.PolicyRegistry;
import io.baton.core.workload.TraceFormatException;
import java.util.List;

/**
 * The planners behind {@code baton plan <policy>} (the entries of {@link PolicyRegistry} with one), as a library
 * call: JSON text in, the exact line the CLI prints out (without its line separator). The CLI's {@code baton plan} and scheduler-service's {@code POST /v1/plans/{policy}}
 * both go through {@link #plan}, so the two can never answer differently.
 */
public final class Plans {

    /** The policies {@code baton plan} knows. */
    public static final List<String> POLICIES = PolicyRegistry.plannedIds();

    private Plans() {}

    /** Whether {@code policy} names one of {@link #POLICIES}. */
    public static boolean knows(String policy) {
        return POLICIES.contains(policy);
    }

    /**
     * Plans {@code json} with {@code policy}.
     *
     * @return the plan as one line of JSON, exactly as {@code baton plan} prints it
     * @throws InputException bad input or an unknown policy, with the one-line message the CLI prints (field named)
     */
    public static String plan(String policy, String json) {
        try {
            PolicyEntry.Planner planner = PolicyRegistry.find(policy).flatMap(PolicyEntry::planning).orElseThrow(() ->
                    new InputException("unknown policy '" + policy + "' for plan: one of " + String.join(", ", POLICIES)));
            ObjectNode result = planner.plan().plan(JsonInput.parse(json, "input"));
            return result.toString();
        } catch (TraceFormatException | IllegalArgumentException e) {
            // The CLI reports these as bad input too (its Baton.run); one message, whichever caller asked.
            throw new InputException(InputException.oneLine(e.getMessage()));
        }
    }
}
