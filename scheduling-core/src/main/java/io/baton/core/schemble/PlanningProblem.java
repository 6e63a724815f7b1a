package io.baton.core.schemble;

import java.util.List;

/**
 * One local subproblem of Schemble §VI-B: the buffered queries, the base models' state and the reward
 * increment δ. Queries may come in any order; the planner orders them by deadline (ties: input order).
 */
public record PlanningProblem(double nowMs, double delta, List<PlannerModel> models, List<PlannerQuery> queries) {
    public static final int MAX_MODELS = 16;

    public PlanningProblem {
        models = List.copyOf(models);
        queries = List.copyOf(queries);
        if (!(delta > 0) || !Double.isFinite(delta)) throw new IllegalArgumentException("delta must be > 0");
        if (models.isEmpty() || models.size() > MAX_MODELS) throw new IllegalArgumentException("1 to " + MAX_MODELS + " models");
        for (PlannerQuery q : queries) {
            if (q.utility().length != 1 << models.size()) throw new IllegalArgumentException("query " + q.id() + ": utility needs 2^m entries");
        }
    }
}
