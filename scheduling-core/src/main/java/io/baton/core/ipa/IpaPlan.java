package io.baton.core.ipa;

import java.util.List;

/**
 * A solved configuration of the whole pipeline, or the verdict that none satisfies Eq. 10.
 *
 * @param objective f of Eq. 9 at this configuration
 * @param accuracy  PAS (Eq. 8), the product of the active variants' accuracies, whatever method the objective used
 * @param cost      Σ_s n_s·R_s in cores
 * @param latencyMs Σ_s l_s(b_s) + q_s(b_s), the left side of Eq. 10b
 */
public record IpaPlan(boolean feasible, double objective, double accuracy, int cost, double latencyMs,
                      List<StageConfig> stages) {

    public IpaPlan {
        stages = stages == null ? List.of() : List.copyOf(stages);
    }

    public static IpaPlan infeasible() {
        return new IpaPlan(false, Double.NaN, Double.NaN, 0, Double.NaN, List.of());
    }

    /**
     * Evaluates a choice of (variant, batch) per stage exactly: replicas are the fewest meeting Eq. 10c (or the fixed
     * count), and the result is infeasible when any constraint of Eq. 10 (or a baseline's extra constraint) fails.
     * Both solvers report through here, so they are scored by one piece of code.
     */
    public static IpaPlan evaluate(IpaProblem p, int[] variant, int[] batch) {
        Pipeline pipe = p.pipeline();
        int n = pipe.size();
        StageConfig[] out = new StageConfig[n];
        double[] score = new double[n];
        double pas = 1, latency = 0, batchSum = 0;
        int cost = 0;
        for (int s = 0; s < n; s++) {
            PipelineStage st = pipe.stage(s);
            if (p.pinnedVariant()[s] >= 0 && p.pinnedVariant()[s] != variant[s]) return infeasible();
            int b = batch[s];
            if (java.util.Arrays.stream(p.batchSizes()).noneMatch(x -> x == b)) return infeasible();
            ModelVariant v = st.variants().get(variant[s]);
            int replicas = p.replicasFor(s, v.throughput(batch[s]));
            if (replicas == 0) return infeasible();
            out[s] = new StageConfig(st.name(), variant[s], v.name(), batch[s], replicas, v.cores());
            score[s] = p.accuracyMethod().scores(st)[variant[s]];
            pas *= v.accuracy();
            latency += v.latencyMs(batch[s]) + p.queueingMs(batch[s]);
            cost += replicas * v.cores();
            batchSum += batch[s];
        }
        if (latency > p.slaMs()) return infeasible();
        Weights w = p.weights();
        double f = w.alpha() * p.accuracyMethod().combine(score) - w.beta() * cost - w.delta() * batchSum;
        return new IpaPlan(true, f, pas, cost, latency, List.of(out));
    }
}
