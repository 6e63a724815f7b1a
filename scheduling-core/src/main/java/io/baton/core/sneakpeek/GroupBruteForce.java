package io.baton.core.sneakpeek;

import java.util.Arrays;

/**
 * The exact branch of Algorithm 1: every order of the groups (|G|!) and every candidate per group (Π|M_g|), each group
 * contiguous on its one model, scored by eq. 3 on the device timeline ({@link Execution}, swaps through the
 * {@link ModelCache}).
 *
 * <p>Exact, but not naive: a depth-first branch and bound. Orders share prefixes; at each node the children (next
 * group, its model) are scored, then visited best bound first, and a child is cut when its bound cannot beat the best
 * complete plan found. The bound is admissible: a request not yet placed can at best complete its group's fastest
 * single-request latency after the child's end (γ is non-decreasing in completion time, ℓ(b) ≥ ℓ(1), swaps cost ≥ 0),
 * so it earns at most max_k Acc_r(k)·(1 − γ(end + min_k ℓ_k(1))). And a partial plan is dropped when another one placed the same groups,
 * leaves the cache in the same state, and ends no later with no less utility: what the rest can earn depends only on
 * that state and falls as the end time grows (γ non-decreasing), so the dropped plan cannot do better. Hence the result
 * has exactly the enumeration's optimal utility.
 */
final class GroupBruteForce {
    private final SchedulingWindow w;
    private final int[][] groups;
    private final int n; // groups
    private final int[] groupApp;
    private final double[] completion;
    private final double[] maxAccuracy; // per request: max_k Acc_r(k)
    private final double[] minLatency;  // per group: min_k ℓ_k(1) (0 with a short-circuit candidate)
    private final ModelCache[] caches; // per depth
    private final int[] order, choice, bestOrder, bestChoice;
    // per depth: the children (group, candidate), their utility, end time and bound
    private final int[][] childGroup, childK;
    private final double[][] childU, childEnd, childBound;
    private final Integer[][] childOrder;
    private double best = Double.NEGATIVE_INFINITY;
    /** Per set of placed groups: cache state → Pareto front of (end, utility) of the partial plans seen. */
    private final java.util.Map<CacheState, double[]>[] fronts;

    /** The resident models in LRU order: what the future of a partial plan depends on, besides its end time. */
    private record CacheState(int[] resident) {
        @Override
        public boolean equals(Object o) {
            return o instanceof CacheState c && Arrays.equals(resident, c.resident);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(resident);
        }
    }

    private GroupBruteForce(SchedulingWindow w, int[][] groups, ModelCache cache) {
        this.w = w;
        this.groups = groups;
        this.n = groups.length;
        this.groupApp = new int[n];
        int children = 0;
        for (int g = 0; g < n; g++) {
            groupApp[g] = w.appOf(groups[g][0]);
            children += w.candidateCount(groupApp[g]);
        }
        this.maxAccuracy = new double[w.requestCount()];
        this.minLatency = new double[n];
        for (int g = 0; g < n; g++) {
            minLatency[g] = Double.POSITIVE_INFINITY;
            for (int k = 0; k < w.candidateCount(groupApp[g]); k++) {
                minLatency[g] = Math.min(minLatency[g], w.singleLatencyMs(w.model(groupApp[g], k)));
                for (int r : groups[g]) maxAccuracy[r] = Math.max(maxAccuracy[r], w.accuracy(r, k));
            }
        }
        this.completion = new double[w.requestCount()];
        this.caches = new ModelCache[n + 1];
        caches[0] = cache.copy();
        for (int d = 1; d <= n; d++) caches[d] = cache.copy();
        this.order = new int[n];
        this.choice = new int[n];
        this.bestOrder = new int[n];
        this.bestChoice = new int[n];
        childGroup = new int[n][children];
        childK = new int[n][children];
        childU = new double[n][children];
        childEnd = new double[n][children];
        childBound = new double[n][children];
        childOrder = new Integer[n][];
        @SuppressWarnings("unchecked")
        java.util.Map<CacheState, double[]>[] f = n <= 16 ? new java.util.Map[1 << n] : null;
        this.fronts = f;
    }

    /**
     * Records (end, utility) for the state; false when a recorded plan with the same state dominates it. A front is a
     * flat array of pairs, count in slot 0.
     */
    private boolean admit(int used, ModelCache cache, double end, double utility) {
        if (fronts == null) return true;
        java.util.Map<CacheState, double[]> byCache = fronts[used];
        if (byCache == null) byCache = fronts[used] = new java.util.HashMap<>();
        CacheState key = new CacheState(cache.residentModels());
        double[] front = byCache.get(key);
        if (front == null) {
            front = new double[9];
            byCache.put(key, front);
        }
        int count = (int) front[0];
        for (int i = 0; i < count; i++) {
            if (front[1 + 2 * i] <= end && front[2 + 2 * i] >= utility) return false;
        }
        // Drop points the new one dominates, then append.
        int kept = 0;
        for (int i = 0; i < count; i++) {
            double e = front[1 + 2 * i], u = front[2 + 2 * i];
            if (end <= e && utility >= u) continue;
            front[1 + 2 * kept] = e;
            front[2 + 2 * kept] = u;
            kept++;
        }
        if (1 + 2 * (kept + 1) > front.length) {
            front = Arrays.copyOf(front, front.length * 2);
            byCache.put(key, front);
        }
        front[1 + 2 * kept] = end;
        front[2 + 2 * kept] = utility;
        front[0] = kept + 1;
        return true;
    }

    static Schedule solve(SchedulingWindow w, int[][] groups, ModelCache cache, double startMs) {
        if (groups.length > 30) throw new IllegalArgumentException("brute force over " + groups.length + " groups");
        int[] reqs = new int[w.requestCount()];
        int[] cands = new int[w.requestCount()];
        boolean[] starts = new boolean[w.requestCount()];
        if (groups.length == 0) return new Schedule(reqs, cands, starts);
        GroupBruteForce bf = new GroupBruteForce(w, groups, cache);
        bf.search(0, 0, startMs, 0.0);
        int pos = 0;
        for (int d = 0; d < groups.length; d++) {
            starts[pos] = true;
            for (int r : groups[bf.bestOrder[d]]) {
                reqs[pos] = r;
                cands[pos++] = bf.bestChoice[d];
            }
        }
        return new Schedule(reqs, cands, starts);
    }

    /**
     * The most the requests of the groups not in used can earn when the device is free at end: none completes before
     * end + its group's fastest single-request latency, none is more accurate than its best candidate.
     */
    private double bound(int used, double end) {
        double b = 0;
        for (int g = 0; g < n; g++) {
            if ((used & (1 << g)) != 0) continue;
            double earliest = end + minLatency[g];
            for (int r : groups[g]) b += maxAccuracy[r] * (1.0 - w.gamma(r, earliest));
        }
        return b;
    }

    private void search(int depth, int used, double clock, double utility) {
        ModelCache cache = caches[depth];
        int c = 0;
        boolean last = depth == n - 1;
        for (int g = 0; g < n; g++) {
            if ((used & (1 << g)) != 0) continue;
            int[] members = groups[g];
            int app = groupApp[g];
            for (int k = 0; k < w.candidateCount(app); k++) {
                int m = w.model(app, k);
                double start = clock + Execution.swapCost(w, cache, m);
                double end = Execution.run(w, m, members, 0, members.length, start, completion);
                double u = Execution.utility(w, k, members, completion);
                if (last) {
                    if (utility + u > best) {
                        best = utility + u;
                        order[depth] = g;
                        choice[depth] = k;
                        System.arraycopy(order, 0, bestOrder, 0, n);
                        System.arraycopy(choice, 0, bestChoice, 0, n);
                    }
                    continue;
                }
                childGroup[depth][c] = g;
                childK[depth][c] = k;
                childU[depth][c] = u;
                childEnd[depth][c] = end;
                childBound[depth][c] = utility + u + bound(used | (1 << g), end);
                c++;
            }
        }
        if (last || c == 0) return;
        Integer[] idx = childOrder[depth];
        if (idx == null || idx.length < c) idx = childOrder[depth] = new Integer[childGroup[depth].length];
        for (int i = 0; i < c; i++) idx[i] = i;
        final double[] bounds = childBound[depth];
        Arrays.sort(idx, 0, c, (a, b) -> Double.compare(bounds[b], bounds[a]));
        for (int i = 0; i < c; i++) {
            int ch = idx[i];
            if (bounds[ch] <= best) break; // sorted: no later child can do better
            int g = childGroup[depth][ch], k = childK[depth][ch];
            int m = w.model(groupApp[g], k);
            ModelCache next = caches[depth + 1];
            next.copyFrom(cache);
            Execution.swapIn(w, next, m);
            if (!admit(used | (1 << g), next, childEnd[depth][ch], utility + childU[depth][ch])) continue;
            order[depth] = g;
            choice[depth] = k;
            search(depth + 1, used | (1 << g), childEnd[depth][ch], utility + childU[depth][ch]);
        }
    }
}
