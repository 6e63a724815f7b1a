package io.baton.core.ipa;

import io.baton.core.domain.LatencyProfile;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * Base allocation R_m of a variant (IPA §4.2, Eq. 1): the fewest cores per replica such that
 * <ul>
 *   <li>(1b) th ≤ h(m, R_m): one replica sustains the stage's threshold load th (requests per second), and</li>
 *   <li>(1c) l_m(max b) ≤ SLA_s: the largest batch the stage may use still finishes within the stage SLA.</li>
 * </ul>
 * It is computed once, offline, from profiles measured at several core counts (the artifact's grid is
 * {1, 2, 4, 8, 16, 32}), and fixed at runtime: the solver only scales replicas of these fixed-size containers.
 *
 * <p>Reading of (1b): the paper does not say at which batch size h is taken. We take the largest throughput over
 * batch sizes 1…maxBatch whose latency also meets SLA_s (a replica can run any of those batches), which is also
 * what the artifact's heuristic counts. Constraint (1c) is taken literally, with the largest batch.
 */
public final class BaseAllocation {

    private BaseAllocation() {}

    /**
     * @param profilesByCores latency profile of one variant per core count
     * @param thresholdRps    th
     * @param stageSlaMs      SLA_s
     * @param maxBatch        max b_s the stage may use (powers of two up to it are considered)
     * @return the smallest feasible core count, or empty when none of the profiled counts is feasible
     */
    public static OptionalInt cores(Map<Integer, LatencyProfile> profilesByCores, double thresholdRps, double stageSlaMs,
                                    int maxBatch) {
        if (maxBatch < 1) throw new IllegalArgumentException("maxBatch must be ≥ 1");
        for (var e : new TreeMap<>(profilesByCores).entrySet()) {
            LatencyProfile p = e.getValue();
            if (p.latencyMs(maxBatch) > stageSlaMs) continue; // (1c)
            double best = 0;
            for (int b = 1; b <= maxBatch; b *= 2) {
                if (p.latencyMs(b) <= stageSlaMs) best = Math.max(best, p.throughput(b));
            }
            if (best >= thresholdRps) return OptionalInt.of(e.getKey()); // (1b)
        }
        return OptionalInt.empty();
    }
}
