package io.baton.core.symphony.partition;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A partition and its quality, always recomputed by {@link PartitionEvaluator} from the assignment itself
 * (never copied from a solver's internal variables, which may be loose when w = 0 or rounded).
 *
 * @param assignment model name → sub-cluster index in [0, l)
 * @param deltaR     ΔR = max_j |Σ_i r_i x_ij − R̄|
 * @param deltaS     ΔS = max_j |Σ_i s_i x_ij − S̄|
 * @param objective  ΔR + w·ΔS (the paper's objective (4))
 * @param moveCost   Σ_i Σ_j c_i·|x_ij − x'_ij| (0 without a current assignment)
 * @param feasible   whether (5), (6), (9)–(11) all hold
 * @param method     which partitioner produced it
 * @param detail     one line: solver status, fallback reason, samples drawn, violations
 */
public record PartitionResult(Map<String, Integer> assignment, double deltaR, double deltaS, double objective,
                              double moveCost, boolean feasible, PartitionMethod method, String detail) {

    public PartitionResult {
        assignment = Map.copyOf(Objects.requireNonNull(assignment, "assignment"));
        Objects.requireNonNull(method, "method");
        detail = detail == null ? "" : detail;
    }

    /** Builds the result for an assignment from its evaluation. */
    static PartitionResult of(PartitionProblem problem, Map<String, Integer> assignment, PartitionMethod method,
                              String detail) {
        PartitionEvaluator.Evaluation e = PartitionEvaluator.evaluate(problem, assignment);
        String d = detail;
        if (!e.feasible()) d = (d == null || d.isEmpty() ? "" : d + "; ") + "violations: " + e.violations();
        return new PartitionResult(assignment, e.deltaR(), e.deltaS(), e.objective(), e.moveCost(), e.feasible(),
                method, d);
    }

    /** Sub-cluster of a model. */
    public int subClusterOf(String model) {
        Integer j = assignment.get(model);
        if (j == null) throw new IllegalArgumentException("unknown model " + model);
        return j;
    }

    /** Models of sub-cluster j, sorted by name. */
    public List<String> modelsOf(int j) {
        return new TreeMap<>(assignment).entrySet().stream().filter(e -> e.getValue() == j).map(Map.Entry::getKey)
                .toList();
    }
}
