package io.baton.core.ipa;

/**
 * Solves IPA's integer program (§4.4, Eqs. 9–10): per stage one variant, one batch size and a replica count,
 * maximising f = α·accuracy − β·Σ n_s·R_s − δ·Σ b_s subject to the end-to-end latency budget (10b), per-stage
 * throughput (10c) and one variant per stage (10d). Two implementations agree on the optimum:
 * {@link EnumerationIpaSolver} (exact, branch and bound) and {@link MipIpaSolver} (through the MipSolver seam).
 */
public interface IpaSolver {

    /** The optimal plan, or {@link IpaPlan#infeasible()} when no configuration satisfies Eq. 10. */
    IpaPlan solve(IpaProblem problem);

    String name();
}
