package io.baton.core.symphony.partition;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Symphony's epoch partitioning problem (Appendix A.1): place m models into l sub-clusters, each model in exactly
 * one, so that every sub-cluster's dispatcher rate stays within R_max (5) and its devices' memory within S_max
 * (6), minimising ΔR + w·ΔS (4), where ΔR and ΔS bound every sub-cluster's deviation from the mean rate
 * R̄ = Σr_i/l and mean static memory S̄ = Σs_i/l ((7), (8)); optionally with the disruption budget (11).
 *
 * <p>The paper gives no values for w, R_max, S_max, c_ij or C_max. Here: R_max and S_max may be
 * {@link Double#POSITIVE_INFINITY} (no limit); w ≥ 0 converts memory units into rate units in the objective
 * (e.g. w = (Σr)/(Σs) weighs a relative memory imbalance like a relative rate imbalance). All sub-clusters are
 * identical (same R_max and S_max), as in the paper.
 *
 * @param models       the models (non-empty, unique names)
 * @param subClusters  l ≥ 1
 * @param maxRate      R_max &gt; 0, per sub-cluster dispatcher capacity (+∞ allowed)
 * @param maxMemory    S_max &gt; 0, device memory (+∞ allowed)
 * @param memoryWeight w ≥ 0
 * @param current      the running assignment and disruption budget, or null for an initial partition
 */
public record PartitionProblem(List<ModelDemand> models, int subClusters, double maxRate, double maxMemory,
                               double memoryWeight, CurrentAssignment current) {

    public PartitionProblem {
        models = List.copyOf(Objects.requireNonNull(models, "models"));
        if (models.isEmpty()) throw new IllegalArgumentException("models must not be empty");
        if (subClusters < 1) throw new IllegalArgumentException("subClusters must be ≥ 1, got " + subClusters);
        if (!(maxRate > 0)) throw new IllegalArgumentException("maxRate must be > 0, got " + maxRate);
        if (!(maxMemory > 0)) throw new IllegalArgumentException("maxMemory must be > 0, got " + maxMemory);
        if (!(memoryWeight >= 0) || Double.isInfinite(memoryWeight)) {
            throw new IllegalArgumentException("memoryWeight must be finite and ≥ 0, got " + memoryWeight);
        }
        Set<String> names = new HashSet<>();
        for (ModelDemand m : models) {
            if (!names.add(m.name())) throw new IllegalArgumentException("duplicate model name: " + m.name());
        }
        if (current != null) {
            for (ModelDemand m : models) {
                if (!current.moveCost().containsKey(m.name())) {
                    throw new IllegalArgumentException("current.moveCost lacks model " + m.name());
                }
                int j = current.currentOf(m.name());
                if (j >= subClusters) {
                    throw new IllegalArgumentException("current assignment puts " + m.name() + " in sub-cluster " + j
                            + " but there are only " + subClusters);
                }
                if (j < -1) throw new IllegalArgumentException("negative sub-cluster for " + m.name());
            }
        }
    }

    /** An initial partition (no disruption constraint). */
    public PartitionProblem(List<ModelDemand> models, int subClusters, double maxRate, double maxMemory,
                            double memoryWeight) {
        this(models, subClusters, maxRate, maxMemory, memoryWeight, null);
    }

    /** The same problem with a current assignment and budget. */
    public PartitionProblem withCurrent(CurrentAssignment current) {
        return new PartitionProblem(models, subClusters, maxRate, maxMemory, memoryWeight, current);
    }

    /** R̄ = Σ r_i / l. */
    public double meanRate() {
        return models.stream().mapToDouble(ModelDemand::rate).sum() / subClusters;
    }

    /** S̄ = Σ s_i / l. */
    public double meanStaticMemory() {
        return models.stream().mapToDouble(ModelDemand::staticMemory).sum() / subClusters;
    }

    public int modelCount() {
        return models.size();
    }
}
