package io.baton.core.ipa;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The feasible (variant, batch) choices of one stage with everything the objective needs, derived as in the
 * notes' "exact solver" (§3.6): n_s appears only in the cost term and in Eq. 10c, and Eq. 10b does not depend on
 * n_s, so for a fixed (variant, batch) the optimal replica count is the fewest with n·h ≥ λ, i.e. ⌈λ/h⌉ (at
 * least 1). A choice whose count exceeds the cap, or whose own latency already exceeds SLA_P, is dropped.
 *
 * <p>{@link #paretoFront} then removes choices that another choice beats on all three of score (higher),
 * cost term β·n·R + δ·b (lower) and latency l + q (lower): such a choice can never be in a unique optimum, and an
 * optimum that uses it has an equally good twin without it.
 */
final class StageOptions {

    /** One choice for a stage. */
    record Option(int variant, int batch, int replicas, double latencyMs, double costTerm, double score) {}

    private StageOptions() {}

    static List<Option> feasible(IpaProblem p, int s) {
        PipelineStage st = p.pipeline().stage(s);
        double[] scores = p.accuracyMethod().scores(st);
        List<Option> out = new ArrayList<>();
        for (int m = 0; m < st.variants().size(); m++) {
            if (p.pinnedVariant()[s] >= 0 && p.pinnedVariant()[s] != m) continue;
            ModelVariant v = st.variants().get(m);
            for (int b : p.batchSizes()) {
                int n = p.replicasFor(s, v.throughput(b));
                if (n == 0) continue;
                double latency = v.latencyMs(b) + p.queueingMs(b);
                if (latency > p.slaMs()) continue;
                double cost = p.weights().beta() * n * v.cores() + p.weights().delta() * b;
                out.add(new Option(m, b, n, latency, cost, scores[m]));
            }
        }
        return out;
    }

    /** The options no other option dominates (ties keep the first), best score first, then cheapest. */
    static List<Option> paretoFront(List<Option> options) {
        List<Option> sorted = new ArrayList<>(options);
        sorted.sort(Comparator.comparingDouble(Option::score).reversed()
                .thenComparingDouble(Option::costTerm).thenComparingDouble(Option::latencyMs));
        List<Option> front = new ArrayList<>();
        for (Option o : sorted) {
            boolean dominated = false;
            for (Option f : front) {
                // f comes earlier, so f.score ≥ o.score; it dominates when it is no costlier and no slower.
                if (f.costTerm() <= o.costTerm() && f.latencyMs() <= o.latencyMs()) { dominated = true; break; }
            }
            if (!dominated) front.add(o);
        }
        return front;
    }
}
