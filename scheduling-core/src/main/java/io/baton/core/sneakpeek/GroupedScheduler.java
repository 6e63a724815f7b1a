package io.baton.core.sneakpeek;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;

/**
 * Group-level scheduling, paper Algorithm 1 (§5.2) with the data-aware enhancements of §5.3.
 *
 * <p>Requests are grouped by application, or, with {@code splitByLabel}, by (application, label) where the label is
 * the class with θ̂_i &gt; 0.5 (requests with no such class stay in their application's base group, §5.3.2). Each
 * group runs contiguously on one model (and is batched, in {@link ExecutionMode#BATCHED}); inside a group requests run
 * earliest deadline first (the {@code plan sneakpeek} contract, so that its answer is easy to check; the paper sorts by
 * eq. 12 priority, which inside one application differs from EDF only through the data-aware variance term). With at
 * most τ groups the order of the groups and each group's model are found by brute force ({@link GroupBruteForce});
 * otherwise groups run by descending eq. 14 priority, each with the model of highest mean group utility at that point
 * (eq. 13 at group level). The order counter is global (the paper's pseudocode resets it per group, a misprint: it
 * would break constraint 6).
 *
 * <p>Choice where the paper is silent: with label splitting, the sub-group plan always competes with the plain
 * application-group plan (each solved as Algorithm 1 solves it: brute force within τ groups, greedy above), and the
 * one of higher estimated utility wins. So splitting can never do worse than plain grouping by the scheduler's own
 * estimate, at any number of applications: above τ the greedy over many small label sub-groups breaks batches apart
 * and pays extra swaps (with 6–8 applications it collapsed to ~0 utility before this comparison), and then the
 * plain plan wins. The contract's guarantee (with ≤ τ applications the plan reaches the best utility over every
 * application order and model choice) holds with or without splitting.
 */
public final class GroupedScheduler implements WindowScheduler {
    /** τ: the paper solved ≤ 5 applications exactly in under 10 ms (footnote 4). */
    public static final int DEFAULT_THRESHOLD = 5;

    private final int threshold;
    private final boolean splitByLabel;
    private final Priority priority;

    public GroupedScheduler(int threshold, boolean splitByLabel, Priority priority) {
        if (threshold < 0) throw new IllegalArgumentException("the brute-force threshold must be ≥ 0");
        this.threshold = threshold;
        this.splitByLabel = splitByLabel;
        this.priority = priority;
    }

    @Override
    public Schedule schedule(SchedulingWindow w, ModelCache cache, double startMs) {
        int[][] byApp = groups(w, false);
        if (!splitByLabel) return plan(w, byApp, cache, startMs);
        int[][] byLabel = groups(w, true);
        Schedule split = plan(w, byLabel, cache, startMs);
        if (byLabel.length == byApp.length) return split;
        Schedule plain = plan(w, byApp, cache, startMs);
        ScheduleEvaluator.Outcome os = ScheduleEvaluator.evaluate(w, split, cache.copy(), startMs);
        ScheduleEvaluator.Outcome op = ScheduleEvaluator.evaluate(w, plain, cache.copy(), startMs);
        // On a tie (e.g. both worthless behind a long backlog) the plan that frees the device sooner wins.
        double us = os.meanUtility(), up = op.meanUtility();
        if (up > us + 1e-12) return plain;
        if (us > up + 1e-12) return split;
        return op.endMs() < os.endMs() ? plain : split;
    }

    private Schedule plan(SchedulingWindow w, int[][] groups, ModelCache cache, double startMs) {
        return groups.length <= threshold ? GroupBruteForce.solve(w, groups, cache, startMs) : greedy(w, groups, cache, startMs);
    }

    /** The groups, each sorted earliest deadline first, keyed by (application, label or −1) in that order. */
    static int[][] groups(SchedulingWindow w, boolean splitByLabel) {
        Map<Long, List<Integer>> byKey = new TreeMap<>();
        for (int r = 0; r < w.requestCount(); r++) {
            int label = splitByLabel ? w.requests().get(r).confidentLabel() : -1;
            long key = ((long) w.appOf(r) << 32) + (label + 1);
            byKey.computeIfAbsent(key, x -> new ArrayList<>()).add(r);
        }
        int[][] out = new int[byKey.size()][];
        int i = 0;
        for (List<Integer> g : byKey.values()) {
            out[i++] = g.stream().sorted(Comparator.<Integer>comparingDouble(w::deadline).thenComparingInt(r -> r))
                    .mapToInt(Integer::intValue).toArray();
        }
        return out;
    }

    /** Algorithm 1's else-branch: groups by descending eq. 14 priority, each on its best model by mean group utility. */
    private Schedule greedy(SchedulingWindow w, int[][] groups, ModelCache initial, double startMs) {
        double[] logP = new double[groups.length];
        for (int g = 0; g < groups.length; g++) logP[g] = priority.logGroup(w, groups[g]);
        int[] order = IntStream.range(0, groups.length).boxed()
                .sorted(Comparator.<Integer>comparingDouble(g -> -logP[g]).thenComparingInt(g -> g))
                .mapToInt(Integer::intValue).toArray();
        ModelCache cache = initial.copy();
        double clock = startMs;
        double[] completion = new double[w.requestCount()];
        int[] reqs = new int[w.requestCount()];
        int[] cands = new int[w.requestCount()];
        boolean[] starts = new boolean[w.requestCount()];
        int pos = 0;
        for (int g : order) {
            starts[pos] = true;
            int[] members = groups[g];
            int app = w.appOf(members[0]);
            int best = -1;
            double bestU = Double.NEGATIVE_INFINITY, bestEnd = Double.POSITIVE_INFINITY;
            for (int k = 0; k < w.candidateCount(app); k++) {
                int m = w.model(app, k);
                double start = clock + Execution.swapCost(w, cache, m);
                double end = Execution.run(w, m, members, 0, members.length, start, completion);
                double u = Execution.utility(w, k, members, completion);
                if (u > bestU + 1e-12 || (u > bestU - 1e-12 && end < bestEnd)) {
                    best = k;
                    bestU = u;
                    bestEnd = end;
                }
            }
            int m = w.model(app, best);
            clock += Execution.swapIn(w, cache, m);
            clock = Execution.run(w, m, members, 0, members.length, clock, completion);
            for (int r : members) {
                reqs[pos] = r;
                cands[pos++] = best;
            }
        }
        return new Schedule(reqs, cands, starts);
    }

    @Override
    public String toString() {
        return "grouped(τ=" + threshold + (splitByLabel ? ", split" : "") + ")";
    }
}
