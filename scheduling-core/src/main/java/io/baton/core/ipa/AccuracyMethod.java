package io.baton.core.ipa;

import java.util.List;

/**
 * How the end-to-end pipeline accuracy is scored.
 *
 * <ul>
 *   <li>{@link #PAS} (Eq. 8): the product of the active variants' accuracies, assuming independent stage errors.</li>
 *   <li>{@link #PAS_PRIME} (Appendix C, Eq. 11): within each stage the variants are ranked by accuracy and the
 *       ranks mapped linearly onto [0, 1] (lowest 0, highest 1); the score is the sum over stages. A stage with a
 *       single variant scores 1 (the artifact's choice). Equal accuracies share the lower rank's position (the
 *       paper is silent on ties; sharing keeps the score a function of accuracy alone).</li>
 * </ul>
 */
public enum AccuracyMethod {
    PAS,
    PAS_PRIME;

    /** The per-variant score that enters the objective: a_{s,m} for PAS, the normalised rank a'_{s,m} for PAS'. */
    public double[] scores(PipelineStage stage) {
        List<ModelVariant> vs = stage.variants();
        double[] out = new double[vs.size()];
        if (this == PAS) {
            for (int i = 0; i < out.length; i++) out[i] = vs.get(i).accuracy();
            return out;
        }
        double[] distinct = vs.stream().mapToDouble(ModelVariant::accuracy).distinct().sorted().toArray();
        for (int i = 0; i < out.length; i++) {
            if (distinct.length == 1) { out[i] = 1.0; continue; }
            int rank = java.util.Arrays.binarySearch(distinct, vs.get(i).accuracy());
            out[i] = rank / (double) (distinct.length - 1);
        }
        return out;
    }

    /** Combines per-stage scores: product (PAS) or sum (PAS'). */
    public double combine(double[] perStage) {
        double v = this == PAS ? 1 : 0;
        for (double x : perStage) v = this == PAS ? v * x : v + x;
        return v;
    }
}
