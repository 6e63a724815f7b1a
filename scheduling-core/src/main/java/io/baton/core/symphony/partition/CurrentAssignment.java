package io.baton.core.symphony.partition;

import java.util.Map;
import java.util.Objects;

/**
 * The running epoch's assignment X' and the disruption budget of Symphony's constraint (11):
 * Σ_i Σ_j c_ij·y_ij ≤ C_max with y_ij = |x_ij − x'_ij|.
 *
 * <p>The paper allows a cost c_ij per model and sub-cluster, "symmetric between loading and unloading". Sub-
 * clusters are interchangeable here, so the cost is per model: c_ij = c_i for every j. Consequences, which follow
 * from (11) as written and are kept on purpose:
 * <ul>
 *   <li>a model that stays put costs 0;</li>
 *   <li>a model that moves costs 2·c_i (unloaded from its old sub-cluster, y = 1 there, and loaded into its new
 *       one, y = 1 there);</li>
 *   <li>a model absent from {@code subClusterOf} (new this epoch: x'_i· = 0) costs c_i wherever it goes; that
 *       load is unavoidable, so C_max must leave room for it (pass c_i = 0 to exempt new models).</li>
 * </ul>
 * Entries of {@code subClusterOf} naming models not in the problem (models retired this epoch) are ignored.
 *
 * @param subClusterOf model name → its current sub-cluster index x'
 * @param moveCost     model name → c_i ≥ 0; must cover every model of the problem
 * @param maxCost      C_max ≥ 0 (may be +∞)
 */
public record CurrentAssignment(Map<String, Integer> subClusterOf, Map<String, Double> moveCost, double maxCost) {
    public CurrentAssignment {
        subClusterOf = Map.copyOf(Objects.requireNonNull(subClusterOf, "subClusterOf"));
        moveCost = Map.copyOf(Objects.requireNonNull(moveCost, "moveCost"));
        moveCost.forEach((m, c) -> {
            if (!(c >= 0) || Double.isInfinite(c)) {
                throw new IllegalArgumentException("moveCost of model " + m + " must be finite and ≥ 0, got " + c);
            }
        });
        if (!(maxCost >= 0)) throw new IllegalArgumentException("maxCost must be ≥ 0, got " + maxCost);
    }

    /** Current sub-cluster of the model, or −1 when it is new. */
    public int currentOf(String model) {
        Integer j = subClusterOf.get(model);
        return j == null ? -1 : j;
    }

    /** Cost of giving model the sub-cluster j: 0 to stay, 2·c_i to move, c_i when new. */
    public double costOf(String model, int j) {
        int cur = currentOf(model);
        double c = moveCost.getOrDefault(model, 0.0);
        if (cur < 0) return c;
        return cur == j ? 0.0 : 2 * c;
    }
}
