package io.baton.core.ipa;

import io.baton.core.util.Checks;
import java.util.List;

/**
 * One stage (task) s of a linear pipeline with its variant set M_s (IPA §4.1). At runtime exactly one
 * variant is active (Eq. 10d), with n_s replicas behind one central queue that forms batches of b_s.
 */
public record PipelineStage(String name, List<ModelVariant> variants) {

    /** The paper's SLA factor: SLA_s = 5 × the mean batch-1 latency of the stage's variants (§4.2, after Swayam). */
    public static final double SLA_FACTOR = 5.0;

    public PipelineStage {
        Checks.named(name, "stage");
        variants = Checks.nonEmptyCopy(variants, "stage " + name, "variant");
    }

    /** SLA_s = 5 × mean over m ∈ M_s of l_m(1), in ms (§4.2; Table 6 lists the results). */
    public double slaMs() {
        double sum = 0;
        for (ModelVariant v : variants) sum += v.latencyMs(1);
        return SLA_FACTOR * sum / variants.size();
    }

    /** Index of the variant with the given name, or -1. */
    public int indexOf(String variantName) {
        for (int i = 0; i < variants.size(); i++) if (variants.get(i).name().equals(variantName)) return i;
        return -1;
    }
}
