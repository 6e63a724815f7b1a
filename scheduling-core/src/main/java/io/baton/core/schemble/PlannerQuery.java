package io.baton.core.schemble;

/**
 * A buffered query as Algorithm 1 sees it: its deadline d_i and its utility U_{i,s} for every model
 * subset s (a bit mask over the planner's models; bit k = model k).
 *
 * @param utility indexed by mask, length 2^m; {@code utility[0]} is ignored (the empty set earns 0);
 *                NaN marks a subset the query may not use
 */
public record PlannerQuery(String id, double deadlineMs, double[] utility) {
    public PlannerQuery {
        if (Double.isNaN(deadlineMs)) throw new IllegalArgumentException("deadlineMs must be a number");
        for (int s = 1; s < utility.length; s++) {
            if (utility[s] < 0 || utility[s] == Double.POSITIVE_INFINITY) throw new IllegalArgumentException("utility must be ≥ 0 and finite");
        }
    }
}
