package io.baton.core.symphony.partition;

import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * A fast heuristic for the Appendix A problem, used by {@link MilpPartitioner} as its warm start and as the
 * fallback when the solver finds nothing within its time limit (or is unavailable). The paper has no such
 * fallback (it only compares the MILP with random sampling); one is needed because a time-limited MILP can end
 * without an incumbent, and an epoch must still produce a partition.
 *
 * <p><b>Construction</b> (longest-processing-time style): models in decreasing rate (ties: larger static memory,
 * then name), each to the sub-cluster with the smallest current load R_j + w·S_j (the objective's own weighting
 * of rate against memory) among those where it still fits:
 * <ul>
 *   <li>(5) R_j + r_i ≤ R_max,</li>
 *   <li>(6) S_j + s_i + max(D_j, d_i) ≤ S_max,</li>
 *   <li>(11) the move cost so far plus this model's cost, plus c_k for every not-yet-placed new model (their
 *       load is unavoidable), stays within C_max.</li>
 * </ul>
 * Ties in load prefer the model's current sub-cluster (no disruption), then the lowest index. When no sub-cluster
 * fits, the model goes to the least-loaded one (its current one under a disruption budget) and the result is
 * reported infeasible: a heuristic cannot prove infeasibility, so the caller sees the violations instead.
 *
 * <p><b>Polish</b> (on by default). Balancing the single load R_j + w·S_j does not balance R and S separately,
 * which is what ΔR + w·ΔS measures; on random instances the bare construction is often worse than the paper's
 * random sampling. A first-improvement local search therefore follows: move one model to another sub-cluster,
 * or swap two models of different sub-clusters, whenever that lowers ΔR + w·ΔS and keeps (5), (6) and (11) for
 * the sub-clusters involved. It stops at a local optimum, after {@value #MAX_PASSES} passes, or at its time cap
 * (default {@link #DEFAULT_POLISH_TIME}), so it stays deterministic unless the cap is hit on a very large
 * instance. {@code new GreedyPartitioner(false)} gives the bare construction.
 */
public final class GreedyPartitioner implements Partitioner {

    /** Safety cap on local-search passes. */
    public static final int MAX_PASSES = 200;
    /** Default wall-time cap of the polish step. */
    public static final Duration DEFAULT_POLISH_TIME = Duration.ofSeconds(1);

    private final boolean polish;
    private final Duration polishTime;

    /** Construction followed by local-search polish (capped at 1 s). */
    public GreedyPartitioner() {
        this(true);
    }

    /** Construction, with or without polish. */
    public GreedyPartitioner(boolean polish) {
        this(polish, DEFAULT_POLISH_TIME);
    }

    public GreedyPartitioner(boolean polish, Duration polishTime) {
        Objects.requireNonNull(polishTime, "polishTime");
        if (polishTime.isNegative()) throw new IllegalArgumentException("polishTime must be ≥ 0");
        this.polish = polish;
        this.polishTime = polishTime;
    }

    @Override
    public String name() {
        return polish ? "greedy+polish" : "greedy";
    }

    @Override
    public PartitionResult partition(PartitionProblem problem) {
        int[] a = assign(problem);
        String detail = "greedy: rate-descending, least R_j + w·S_j load first";
        if (polish) {
            int moves = new LocalSearch(problem, a).run(System.nanoTime() + polishTime.toNanos());
            detail += "; local search: " + moves + " improving moves/swaps";
        }
        return PartitionResult.of(problem, new ArrayScorer(problem).toMap(a), PartitionMethod.GREEDY, detail);
    }

    /** The full heuristic (construction, then polish if enabled) as model index → sub-cluster. */
    int[] solve(PartitionProblem problem) {
        int[] a = assign(problem);
        if (polish) new LocalSearch(problem, a).run(System.nanoTime() + polishTime.toNanos());
        return a;
    }

    /** The greedy assignment as model index → sub-cluster. */
    static int[] assign(PartitionProblem p) {
        ArrayScorer sc = new ArrayScorer(p);
        int m = sc.m;
        int l = sc.l;
        double w = p.memoryWeight();
        Integer[] order = IntStream.range(0, m).boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.<Integer>comparingDouble(i -> -sc.r[i])
                .thenComparingDouble(i -> -sc.s[i])
                .thenComparing(i -> p.models().get(i).name()));

        double[] rate = new double[l];
        double[] stat = new double[l];
        double[] dyn = new double[l];
        double spent = 0;
        double reserved = 0; // unavoidable cost of new models not yet placed
        if (sc.was != null) {
            for (int i = 0; i < m; i++) if (sc.was[i] < 0) reserved += sc.cost[i];
        }
        double budget = p.current() == null ? Double.POSITIVE_INFINITY : p.current().maxCost();

        int[] a = new int[m];
        for (int i : order) {
            if (sc.was != null && sc.was[i] < 0) reserved -= sc.cost[i];
            int best = -1;
            double bestLoad = Double.POSITIVE_INFINITY;
            for (int j = 0; j < l; j++) {
                boolean fits = !PartitionEvaluator.exceeds(rate[j] + sc.r[i], p.maxRate())
                        && !PartitionEvaluator.exceeds(stat[j] + sc.s[i] + Math.max(dyn[j], sc.d[i]), p.maxMemory())
                        && !PartitionEvaluator.exceeds(spent + sc.moveCost(i, j) + reserved, budget);
                if (!fits) continue;
                double load = rate[j] + w * stat[j];
                boolean better = load < bestLoad
                        || (load == bestLoad && sc.was != null && sc.was[i] == j);
                if (better) {
                    best = j;
                    bestLoad = load;
                }
            }
            if (best < 0) { // nothing fits: keep it where it is, else least loaded; reported infeasible
                if (sc.was != null && sc.was[i] >= 0) {
                    best = sc.was[i];
                } else {
                    best = 0;
                    for (int j = 1; j < l; j++) {
                        if (rate[j] + w * stat[j] < rate[best] + w * stat[best]) best = j;
                    }
                }
            }
            a[i] = best;
            rate[best] += sc.r[i];
            stat[best] += sc.s[i];
            dyn[best] = Math.max(dyn[best], sc.d[i]);
            spent += sc.moveCost(i, best);
        }
        return a;
    }

    /**
     * First-improvement local search over single moves and pairwise swaps, on the objective ΔR + w·ΔS, keeping
     * (5), (6) and (11) for every sub-cluster a step touches. Works in place on the assignment.
     */
    static final class LocalSearch {
        private final PartitionProblem p;
        private final ArrayScorer sc;
        private final int[] a;
        private final int m;
        private final int l;
        private final double w;
        private final double[] rate;
        private final double[] stat;
        private final double[] top1;   // largest d in the sub-cluster (0 when empty)
        private final int[] top1Count; // how many models have it
        private final double[] top2;   // largest d strictly below top1 (0 when none)
        private double cost;
        private final double budget;

        LocalSearch(PartitionProblem p, int[] a) {
            this.p = p;
            this.sc = new ArrayScorer(p);
            this.a = a;
            this.m = sc.m;
            this.l = sc.l;
            this.w = p.memoryWeight();
            rate = new double[l];
            stat = new double[l];
            top1 = new double[l];
            top1Count = new int[l];
            top2 = new double[l];
            for (int i = 0; i < m; i++) {
                rate[a[i]] += sc.r[i];
                stat[a[i]] += sc.s[i];
                cost += sc.moveCost(i, a[i]);
            }
            for (int j = 0; j < l; j++) refreshDynamic(j);
            budget = p.current() == null ? Double.POSITIVE_INFINITY : p.current().maxCost();
        }

        /** Runs until a local optimum, the pass cap or the deadline; returns the number of improving steps. */
        int run(long deadlineNanos) {
            int steps = 0;
            double obj = objective(-1, 0, 0, -1, 0, 0);
            for (int pass = 0; pass < MAX_PASSES; pass++) {
                boolean improved = false;
                for (int i = 0; i < m; i++) {
                    int from = a[i];
                    for (int k = 0; k < l; k++) {
                        if (k == from) continue;
                        double rf = rate[from] - sc.r[i], sf = stat[from] - sc.s[i];
                        double rk = rate[k] + sc.r[i], sk = stat[k] + sc.s[i];
                        double newCost = cost - sc.moveCost(i, from) + sc.moveCost(i, k);
                        if (!fits(rk, sk + Math.max(top1[k], sc.d[i])) || !withinBudget(newCost)) continue;
                        double cand = objective(from, rf, sf, k, rk, sk);
                        if (cand < obj - eps(obj)) {
                            apply(i, k);
                            cost = newCost;
                            obj = cand;
                            improved = true;
                            steps++;
                            break;
                        }
                    }
                }
                if (System.nanoTime() >= deadlineNanos) break;
                for (int i = 0; i < m; i++) {
                    for (int h = i + 1; h < m; h++) {
                        int ji = a[i], jh = a[h];
                        if (ji == jh) continue;
                        double ri = rate[ji] - sc.r[i] + sc.r[h], si = stat[ji] - sc.s[i] + sc.s[h];
                        double rh = rate[jh] - sc.r[h] + sc.r[i], sh = stat[jh] - sc.s[h] + sc.s[i];
                        double cand = objective(ji, ri, si, jh, rh, sh);
                        if (!(cand < obj - eps(obj))) continue;
                        double newCost = cost - sc.moveCost(i, ji) - sc.moveCost(h, jh) + sc.moveCost(i, jh)
                                + sc.moveCost(h, ji);
                        if (!withinBudget(newCost)) continue;
                        if (!fits(ri, si + Math.max(dynamicWithout(i, ji), sc.d[h]))
                                || !fits(rh, sh + Math.max(dynamicWithout(h, jh), sc.d[i]))) {
                            continue;
                        }
                        apply(i, jh);
                        apply(h, ji);
                        cost = newCost;
                        obj = cand;
                        improved = true;
                        steps++;
                    }
                    if ((i & 31) == 0 && System.nanoTime() >= deadlineNanos) break;
                }
                if (!improved || System.nanoTime() >= deadlineNanos) break;
            }
            return steps;
        }

        private boolean fits(double r, double memory) {
            return !PartitionEvaluator.exceeds(r, p.maxRate()) && !PartitionEvaluator.exceeds(memory, p.maxMemory());
        }

        private boolean withinBudget(double newCost) {
            return newCost <= cost || !PartitionEvaluator.exceeds(newCost, budget);
        }

        private static double eps(double obj) {
            return 1e-9 * Math.max(1.0, Math.abs(obj));
        }

        /** ΔR + w·ΔS with sub-clusters j1 and j2 replaced by the given loads (−1: no replacement). */
        private double objective(int j1, double r1, double s1, int j2, double r2, double s2) {
            double dr = 0, ds = 0;
            for (int j = 0; j < l; j++) {
                double r = j == j1 ? r1 : j == j2 ? r2 : rate[j];
                double s = j == j1 ? s1 : j == j2 ? s2 : stat[j];
                dr = Math.max(dr, Math.abs(r - sc.rBar));
                ds = Math.max(ds, Math.abs(s - sc.sBar));
            }
            return dr + w * ds;
        }

        /** max d over sub-cluster j without model i (which is in j). */
        private double dynamicWithout(int i, int j) {
            if (sc.d[i] < top1[j] || top1Count[j] > 1) return top1[j];
            return top2[j];
        }

        private void apply(int i, int to) {
            int from = a[i];
            a[i] = to;
            rate[from] -= sc.r[i];
            stat[from] -= sc.s[i];
            rate[to] += sc.r[i];
            stat[to] += sc.s[i];
            refreshDynamic(from);
            refreshDynamic(to);
        }

        private void refreshDynamic(int j) {
            double t1 = 0, t2 = 0;
            int c = 0;
            for (int i = 0; i < m; i++) {
                if (a[i] != j) continue;
                double d = sc.d[i];
                if (d > t1) {
                    t2 = t1;
                    t1 = d;
                    c = 1;
                } else if (d == t1) {
                    c++;
                } else if (d > t2) {
                    t2 = d;
                }
            }
            top1[j] = t1;
            top1Count[j] = c;
            top2[j] = t2;
        }
    }
}
