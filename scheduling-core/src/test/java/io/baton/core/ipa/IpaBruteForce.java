package io.baton.core.ipa;

/** Test oracle for IPA's integer program: plain enumeration of Eqs. 9–10, replicas included. */
public final class IpaBruteForce {

    private IpaBruteForce() {}

    /**
     * Oracle straight from Eqs. 9–10: every variant, batch size and replica count per stage (no ⌈λ/h⌉ reasoning,
     * no pruning). Returns the best objective, or NaN when nothing is feasible.
     */
    public static double bestObjective(IpaProblem p) {
        int S = p.pipeline().size();
        return brute(p, 0, new int[S], new int[S], new int[S]);
    }

    private static double brute(IpaProblem p, int s, int[] m, int[] b, int[] n) {
        int S = p.pipeline().size();
        if (s == S) {
            double latency = 0, cost = 0, batch = 0;
            double[] score = new double[S];
            for (int k = 0; k < S; k++) {
                ModelVariant v = p.pipeline().stage(k).variants().get(m[k]);
                latency += v.latencyMs(b[k]) + p.queueingMs(b[k]);
                if (n[k] * v.throughput(b[k]) < p.arrivalRate()) return Double.NaN;
                cost += n[k] * v.cores();
                batch += b[k];
                score[k] = p.accuracyMethod().scores(p.pipeline().stage(k))[m[k]];
            }
            if (latency > p.slaMs()) return Double.NaN;
            Weights w = p.weights();
            return w.alpha() * p.accuracyMethod().combine(score) - w.beta() * cost - w.delta() * batch;
        }
        double best = Double.NaN;
        int vs = p.pipeline().stage(s).variants().size();
        for (int mi = 0; mi < vs; mi++) {
            if (p.pinnedVariant()[s] >= 0 && p.pinnedVariant()[s] != mi) continue;
            for (int bi : p.batchSizes()) {
                int lo = p.fixedReplicas()[s] > 0 ? p.fixedReplicas()[s] : 1;
                int hi = p.fixedReplicas()[s] > 0 ? p.fixedReplicas()[s] : p.maxReplicas();
                for (int ni = lo; ni <= hi; ni++) {
                    m[s] = mi; b[s] = bi; n[s] = ni;
                    double f = brute(p, s + 1, m, b, n);
                    if (!Double.isNaN(f) && (Double.isNaN(best) || f > best)) best = f;
                }
            }
        }
        return best;
    }

}
