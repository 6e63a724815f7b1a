package io.baton.core.symphony.sizing;

import io.baton.core.policy.PolicyIds;
import java.util.Locale;

/**
 * The {@code symphony-sizing} planner: how many devices a model needs and at which batch size, from the
 * Symphony paper's Eqs. 2–3 (§4.2). The paper uses "the b and N solved by Eqns. 2 and 3" to size the GPUs of
 * a model when it is introduced or at an epoch rebalance; it does not say how to solve them. This class fixes
 * the reading:
 *
 * <blockquote>N is the smallest device count in [1, {@value #MAX_DEVICES}] for which the largest batch
 * b ≤ maxBatch with (1 + 1/N)·ℓ(b) &lt; SLO (Eq. 2) also satisfies N·b/ℓ(b)·1000 ≥ rate (Eq. 3); b is that
 * largest batch.</blockquote>
 *
 * <p>Choices and why:
 * <ul>
 *   <li><b>Smallest N, then largest b for that N.</b> Devices are the cost; for a given N the largest batch that
 *       meets the SLO maximises throughput, because b/ℓ(b) = b/(αb+β) is non-decreasing in b.</li>
 *   <li><b>Rate in req/s, ℓ in ms</b>, hence the factor 1000 in Eq. 3. The rate is the paper's λ: the model's
 *       measured mean rate; any headroom for burstiness is the caller's to add.</li>
 *   <li><b>Upper limit {@value #MAX_DEVICES} devices.</b> A guard against pathological inputs (a rate far beyond
 *       any cluster); beyond it sizing reports {@link InfeasibleSizingException.Reason#RATE_UNREACHABLE}.</li>
 *   <li><b>Search.</b> b(N) is closed form (see {@link IdealBatching}); b(N) is non-decreasing in N because
 *       (1 + 1/N) decreases, and N·b(N)/ℓ(b(N)) is then non-decreasing too (both N and b/ℓ(b) grow). So
 *       "feasible(N)" = b(N) ≥ 1 ∧ throughput(N) ≥ rate is monotone, and N is found by doubling followed by a
 *       binary search: O(log N) closed-form evaluations. The same monotonicity holds for the floating-point
 *       evaluation: the predicate of Eq. 2 is monotone under correctly rounded arithmetic, N·b is exact, and
 *       whenever b changes N has grown by at least one, a relative change (≥ 1e-6) far above rounding error.
 *       The tests check the search against a linear scan on random inputs.</li>
 *   <li><b>Infeasibility</b> is an exception rather than an empty result, because a caller sizing a model that
 *       cannot be served must not silently get zero devices.</li>
 * </ul>
 */
public final class SymphonySizing {

    /** Planner name used in configuration and reports. */
    public static final String NAME = PolicyIds.SYMPHONY_SIZING;

    /** Largest device count considered. */
    public static final int MAX_DEVICES = 1_000_000;

    /**
     * Solves Eqs. 2–3 for the input.
     *
     * @throws InfeasibleSizingException when no N in [1, {@value #MAX_DEVICES}] works
     */
    public SizingPlan plan(SizingInput in) {
        IdealBatching ib = IdealBatching.of(in.alphaMs(), in.betaMs());
        int cap = in.effectiveMaxBatch();

        int bMax = ib.staggeredBatch(MAX_DEVICES, in.sloMs(), cap);
        if (bMax == 0) {
            throw new InfeasibleSizingException(InfeasibleSizingException.Reason.NO_BATCH_FITS, String.format(
                    Locale.ROOT, "sloMs %s does not exceed ℓ(1)·(1+1/N) for any N ≤ %d (ℓ(1) = %s ms): no batch fits",
                    num(in.sloMs()), MAX_DEVICES, num(ib.latencyMs(1))));
        }
        double best = ib.throughputRps(MAX_DEVICES, bMax);
        if (best < in.rate()) {
            throw new InfeasibleSizingException(InfeasibleSizingException.Reason.RATE_UNREACHABLE, String.format(
                    Locale.ROOT, "rate %s req/s cannot be reached with %d devices (at most %s req/s at batch %d)",
                    num(in.rate()), MAX_DEVICES, num(best), bMax));
        }

        // Doubling: find hi with feasible(hi); lo is the last infeasible probe (0 = none).
        int lo = 0;
        int hi = 1;
        while (!feasible(ib, hi, in.sloMs(), cap, in.rate())) {
            lo = hi;
            if (hi >= MAX_DEVICES) throw new IllegalStateException("unreachable: N = MAX_DEVICES was feasible");
            hi = (int) Math.min((long) hi * 2, MAX_DEVICES);
        }
        // Binary search for the smallest feasible N in (lo, hi].
        while (hi - lo > 1) {
            int mid = (int) (((long) lo + hi) >>> 1);
            if (feasible(ib, mid, in.sloMs(), cap, in.rate())) hi = mid; else lo = mid;
        }
        return new SizingPlan(hi, ib.staggeredBatch(hi, in.sloMs(), cap));
    }

    private static boolean feasible(IdealBatching ib, int n, double slo, int cap, double rate) {
        int b = ib.staggeredBatch(n, slo, cap);
        return b >= 1 && ib.throughputRps(n, b) >= rate;
    }

    private static String num(double x) {
        if (x == Math.rint(x) && Math.abs(x) < 1e15) return Long.toString((long) x);
        return String.format(Locale.ROOT, "%.4g", x);
    }

    @Override
    public String toString() {
        return NAME;
    }
}
