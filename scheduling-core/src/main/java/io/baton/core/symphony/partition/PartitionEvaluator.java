package io.baton.core.symphony.partition;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks an assignment against Symphony's Appendix A constraints and computes its objective, straight from the
 * definitions and independently of any solver (the MILP's own ΔR/ΔS/D_j variables are never trusted). Tests use
 * it to validate every partitioner; the partitioners use it to fill {@link PartitionResult}.
 *
 * <ul>
 *   <li>(9)–(10): every model of the problem has exactly one sub-cluster, an index in [0, l); an assignment map
 *       can hold only one value per model, so "exactly one" reduces to "present and in range", and names not in
 *       the problem are violations.</li>
 *   <li>(5): R_j = Σ_i r_i x_ij ≤ R_max.</li>
 *   <li>(6): S_j + max_i d_i x_ij ≤ S_max (an empty sub-cluster has max 0).</li>
 *   <li>(7)–(8): ΔR and ΔS are defined here as the smallest values that satisfy them, max_j |R_j − R̄| and
 *       max_j |S_j − S̄|, so they always hold; the objective (4) is ΔR + w·ΔS.</li>
 *   <li>(11): Σ_i Σ_j c_i |x_ij − x'_ij| ≤ C_max when a current assignment is given.</li>
 * </ul>
 * Inequalities are checked with a relative tolerance of {@value #RELATIVE_TOLERANCE} (times max(1, |rhs|)),
 * matching a MIP solver's feasibility tolerance, so an assignment that exactly fills a limit is not rejected for
 * floating-point summation order.
 */
public final class PartitionEvaluator {

    /** Relative tolerance on (5), (6), (11). */
    public static final double RELATIVE_TOLERANCE = 1e-6;

    private PartitionEvaluator() {}

    /**
     * Per-sub-cluster loads and the verdict.
     *
     * @param rate       R_j per sub-cluster
     * @param staticMem  S_j per sub-cluster
     * @param maxDynamic max_i d_i x_ij per sub-cluster
     * @param violations human-readable violated constraints (empty when feasible)
     */
    public record Evaluation(double[] rate, double[] staticMem, double[] maxDynamic, double deltaR, double deltaS,
                             double objective, double moveCost, List<String> violations) {
        public boolean feasible() {
            return violations.isEmpty();
        }
    }

    /** Evaluates the assignment (model name → sub-cluster index). */
    public static Evaluation evaluate(PartitionProblem p, Map<String, Integer> assignment) {
        int l = p.subClusters();
        double[] rate = new double[l];
        double[] stat = new double[l];
        double[] dyn = new double[l];
        List<String> violations = new ArrayList<>();
        Set<String> known = new HashSet<>();
        double moveCost = 0;
        CurrentAssignment cur = p.current();

        for (ModelDemand m : p.models()) {
            known.add(m.name());
            Integer j = assignment.get(m.name());
            if (j == null) {
                violations.add("(9) " + m.name() + " is not assigned");
                continue;
            }
            if (j < 0 || j >= l) {
                violations.add("(10) " + m.name() + " has sub-cluster " + j + " outside [0, " + l + ")");
                continue;
            }
            rate[j] += m.rate();
            stat[j] += m.staticMemory();
            dyn[j] = Math.max(dyn[j], m.dynamicMemory());
            if (cur != null) {
                // Σ_j' c_i |x_ij' − x'_ij'| written out over all sub-clusters j', as in (11).
                int was = cur.currentOf(m.name());
                double c = cur.moveCost().get(m.name());
                for (int k = 0; k < l; k++) {
                    int x = k == j ? 1 : 0;
                    int xPrev = k == was ? 1 : 0;
                    moveCost += c * Math.abs(x - xPrev);
                }
            }
        }
        for (String name : assignment.keySet()) {
            if (!known.contains(name)) violations.add("(9) unknown model " + name + " in the assignment");
        }

        double rBar = p.meanRate();
        double sBar = p.meanStaticMemory();
        double deltaR = 0;
        double deltaS = 0;
        for (int j = 0; j < l; j++) {
            deltaR = Math.max(deltaR, Math.abs(rate[j] - rBar));
            deltaS = Math.max(deltaS, Math.abs(stat[j] - sBar));
            if (exceeds(rate[j], p.maxRate())) {
                violations.add("(5) sub-cluster " + j + " rate " + rate[j] + " > R_max " + p.maxRate());
            }
            if (exceeds(stat[j] + dyn[j], p.maxMemory())) {
                violations.add("(6) sub-cluster " + j + " memory " + stat[j] + " + " + dyn[j] + " > S_max "
                        + p.maxMemory());
            }
        }
        if (cur != null && exceeds(moveCost, cur.maxCost())) {
            violations.add("(11) move cost " + moveCost + " > C_max " + cur.maxCost());
        }
        double objective = deltaR + p.memoryWeight() * deltaS;
        return new Evaluation(rate, stat, dyn, deltaR, deltaS, objective, moveCost, List.copyOf(violations));
    }

    static boolean exceeds(double lhs, double rhs) {
        if (rhs == Double.POSITIVE_INFINITY) return false;
        return lhs > rhs + RELATIVE_TOLERANCE * Math.max(1.0, Math.abs(rhs));
    }
}
