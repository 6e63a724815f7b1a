package io.baton.core.symphony.partition;

import java.util.Objects;

/**
 * One model's demand in the epoch partitioning problem (Symphony Appendix A.1).
 *
 * @param name          unique model name
 * @param rate          r_i, request rate (req/s; any unit consistent with R_max)
 * @param staticMemory  s_i, memory resident on every device of its sub-cluster once loaded (MB; same unit as S_max)
 * @param dynamicMemory d_i, extra memory while one of its batches runs, freed afterwards (same unit)
 */
public record ModelDemand(String name, double rate, double staticMemory, double dynamicMemory) {
    public ModelDemand {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) throw new IllegalArgumentException("model name must be non-blank");
        requireNonNegative(rate, "rate", name);
        requireNonNegative(staticMemory, "staticMemory", name);
        requireNonNegative(dynamicMemory, "dynamicMemory", name);
    }

    private static void requireNonNegative(double v, String field, String model) {
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(field + " of model " + model + " must be finite and ≥ 0, got " + v);
        }
    }
}
