package io.baton.core.schemble;

import io.baton.core.domain.Plan;
import io.baton.core.policy.PolicyIds;
import java.util.List;

/**
 * Algorithm 1's answer: for each served query (in execution order, i.e. deadline order) the model
 * subset it runs on, and the plan's total (unquantised) utility. Queries left out are not served.
 *
 * @param quantizedUnits the plan's reward in multiples of δ (what the DP maximised)
 */
public record SchemblePlan(List<Assignment> assignments, double utility, long quantizedUnits) implements Plan {

    /** @param query index of the query in the problem's list; mask = its model subset (never 0) */
    public record Assignment(int query, int mask) {}

    public SchemblePlan {
        assignments = List.copyOf(assignments);
    }

    @Override
    public String policy() {
        return PolicyIds.SCHEMBLE;
    }
}
