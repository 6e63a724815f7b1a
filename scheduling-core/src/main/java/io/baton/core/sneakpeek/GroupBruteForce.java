package io.baton.core.sneakpeek;

/**
 * The exact branch of Algorithm 1: every order of the groups (|G|!) and every candidate per group (Π|M_g|), each group
 * contiguous on its one model, scored by eq. 3 on the device timeline ({@link Execution}, swaps through the
 * {@link ModelCache}). A depth-first search shares prefixes between orders, and a branch is cut when even perfect
 * accuracy with no penalty for every unplaced request (Σ max_k Acc_r(k)) could not beat the best plan found, so the
 * result is exactly the enumeration's optimum (the first one found, on ties).
 */
final class GroupBruteForce {
    private final SchedulingWindow w;
    private final int[][] groups;
    private final double[] bound; // per group: Σ max_k Acc_r(k)
    private final double[] completion;
    private final int[] order, choice, bestOrder, bestChoice;
    private double best = Double.NEGATIVE_INFINITY;

    private GroupBruteForce(SchedulingWindow w, int[][] groups) {
        this.w = w;
        this.groups = groups;
        this.bound = new double[groups.length];
        for (int g = 0; g < groups.length; g++) {
            for (int r : groups[g]) {
                double mx = 0;
                for (int k = 0; k < w.candidateCount(w.appOf(r)); k++) mx = Math.max(mx, w.accuracy(r, k));
                bound[g] += mx;
            }
        }
        this.completion = new double[w.requestCount()];
        this.order = new int[groups.length];
        this.choice = new int[groups.length];
        this.bestOrder = new int[groups.length];
        this.bestChoice = new int[groups.length];
    }

    static Schedule solve(SchedulingWindow w, int[][] groups, ModelCache cache, double startMs) {
        if (groups.length > 30) throw new IllegalArgumentException("brute force over " + groups.length + " groups");
        GroupBruteForce bf = new GroupBruteForce(w, groups);
        double all = 0;
        for (double b : bf.bound) all += b;
        bf.search(0, 0, startMs, cache, 0.0, all);
        int[] reqs = new int[w.requestCount()];
        int[] cands = new int[w.requestCount()];
        int pos = 0;
        for (int d = 0; d < groups.length; d++) {
            for (int r : groups[bf.bestOrder[d]]) {
                reqs[pos] = r;
                cands[pos++] = bf.bestChoice[d];
            }
        }
        return new Schedule(reqs, cands);
    }

    private void search(int depth, int used, double clock, ModelCache cache, double utility, double remaining) {
        if (depth == groups.length) {
            if (utility > best) {
                best = utility;
                System.arraycopy(order, 0, bestOrder, 0, depth);
                System.arraycopy(choice, 0, bestChoice, 0, depth);
            }
            return;
        }
        if (utility + remaining <= best) return;
        for (int g = 0; g < groups.length; g++) {
            if ((used & (1 << g)) != 0) continue;
            int[] members = groups[g];
            int app = w.appOf(members[0]);
            for (int k = 0; k < w.candidateCount(app); k++) {
                int m = w.model(app, k);
                ModelCache next = w.isShortCircuit(m) || cache.mostRecent() == m ? cache : cache.copy();
                double start = clock + Execution.swapIn(w, next, m);
                double end = Execution.run(w, m, members, 0, members.length, start, completion);
                double u = 0;
                for (int r : members) u += w.utility(r, k, completion[r]);
                order[depth] = g;
                choice[depth] = k;
                search(depth + 1, used | (1 << g), end, next, utility + u, remaining - bound[g]);
            }
        }
    }
}
