package io.baton.core.schemble;

import io.baton.core.policy.Planner;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Schemble's local scheduler: <b>Algorithm 1</b> ("Dynamic Programming Scheduling Algorithm",
 * Li et al., ICDE 2023, §VI-B), which picks a model subset for every buffered query so that the sum of
 * utilities of the queries that finish by their deadlines (eq. 4) is maximal up to the reward
 * quantisation.
 *
 * <ul>
 *   <li>Queries are taken in EDF order (Theorem 2: with fixed subsets EDF is optimal; Theorem 1: one
 *       query order for all models loses nothing). Ties keep input order.</li>
 *   <li>Rewards are quantised: U^(δ)_{i,s} = ⌊U_{i,s}/δ⌋ (in units of δ), so a cell is (i, u).</li>
 *   <li>A partial solution carries the per-model finish-time vector Time_{i,u}: model k runs its tasks
 *       one after another from t_k^(0) = max(now, free-at_k), so choosing s for query i adds T_k to every
 *       k ∈ s and the query completes at the largest of those. It is kept only if that is at or before
 *       d_i (the {@code plan schemble} contract's "at or before"; the paper's eq. 4 writes &lt;).</li>
 *   <li>Line 15's pruning: a solution whose finish time is no earlier on every model than another's is
 *       deleted. We apply it across cells as well as within one: a solution is dropped when another has
 *       at least its reward and no later finish time on any model. Every completion of the dropped one
 *       is a completion of the other with at least the same reward, so the optimum is unchanged; the
 *       table just stays small.</li>
 *   <li>Line 18 (the paper leaves ties open): the answer is the solution with the largest u; among
 *       those, the smallest sum of finish times (it leaves the models freest for later arrivals), then
 *       the first generated.</li>
 * </ul>
 *
 * <p>How the table is kept small and fast (the same answers as comparing every pair of solutions): a
 * finish time is t_k^(0) + c_k·T_k, so a solution's finish-time vector is fixed by how many tasks c_k
 * each model has got, and a solution is stored as its count vector (the times are looked up in
 * {@link FinishTimes}). Each step merges the candidates with the same count vector, keeping the best
 * reward (ties: the first generated), then sorts them best first and keeps one only if no kept one has
 * a count vector ≤ its own ({@link CountSkyline}); the kept ones have at least its reward, so that is
 * line 15's test. The deadline test is on counts too: s fits after a solution when every k ∈ s has
 * c_k &lt; the most tasks model k can finish by d_i.
 *
 * <p>Each query loses less than δ to the floor, so the plan's utility is within N·δ of the optimum
 * (Theorem 3's argument). Subsets of quantised reward 0 are never chosen: the empty set dominates them.
 */
public final class SchemblePlanner implements Planner<PlanningProblem, SchemblePlan> {

    private static final double EPS = 1e-9;

    @Override
    public SchemblePlan plan(PlanningProblem p) {
        int m = p.models().size();
        int n = p.queries().size();
        int[] order = edfOrder(p);
        FinishTimes times = new FinishTimes(p, EPS);
        long[] keyDelta = new long[1 << m];
        for (int s = 1; s < 1 << m; s++) keyDelta[s] = keyDelta[s & (s - 1)] + times.stride(Integer.numberOfTrailingZeros(s));

        // Layer 0: Comb_{0,0} = the empty plan: no tasks on any model, Time = t^(0).
        Layer layer = new Layer(m, 1);
        layer.add(0, 0L, new int[m], 0, -1, 0);
        List<Layer> layers = new ArrayList<>(n + 1);
        layers.add(layer);
        Candidates cand = new Candidates(m, times);
        CountSkyline skyline = new CountSkyline(times.maxCounts());
        int[] masks = new int[1 << m];
        long[] units = new long[1 << m];
        int[] limit = new int[m];
        for (int step = 0; step < n; step++) {
            PlannerQuery q = p.queries().get(order[step]);
            double deadline = q.deadlineMs() + EPS;
            for (int k = 0; k < m; k++) limit[k] = times.mostBy(k, deadline);
            int choices = 0;
            for (int s = 1; s < 1 << m; s++) {
                double util = q.utility()[s];
                if (Double.isNaN(util)) continue;
                long un = (long) Math.floor(util / p.delta() + EPS);
                if (un <= 0) continue;
                boolean possible = true;
                for (int k = 0; k < m && possible; k++) {
                    if ((s >>> k & 1) != 0 && limit[k] < 1) possible = false;
                }
                if (!possible) continue;
                masks[choices] = s;
                units[choices++] = un;
            }
            cand.reset(layer.size * (choices + 1));
            for (int j = 0; j < layer.size; j++) {
                // The models that can take one more task and still finish it by d_i.
                int room = 0;
                for (int k = 0; k < m; k++) if (layer.count[j * m + k] < limit[k]) room |= 1 << k;
                // s = ∅: the query is not served; reward and counts carry over.
                cand.offer(layer.u[j], layer.key[j], layer.count, j * m, j, 0);
                for (int c = 0; c < choices; c++) {
                    int s = masks[c];
                    if ((s & ~room) == 0) cand.offer(layer.u[j] + units[c], layer.key[j] + keyDelta[s], layer.count, j * m, j, s);
                }
            }
            layer = cand.pruned(skyline);
            layers.add(layer);
        }
        // layers.get(n) is sorted best first: largest u, then smallest sum of finish times.
        int j = 0;
        Layer last = layers.get(n);
        long bestUnits = last.u[j];
        int[] chosen = new int[n];
        for (int step = n; step >= 1; step--) {
            Layer l = layers.get(step);
            chosen[step - 1] = l.mask[j];
            j = l.parent[j];
        }
        List<SchemblePlan.Assignment> out = new ArrayList<>();
        double utility = 0;
        for (int step = 0; step < n; step++) {
            if (chosen[step] == 0) continue;
            out.add(new SchemblePlan.Assignment(order[step], chosen[step]));
            utility += p.queries().get(order[step]).utility()[chosen[step]];
        }
        return new SchemblePlan(out, utility, bestUnits);
    }

    /** Query indices by deadline; the sort is stable, so ties keep input order. */
    private static int[] edfOrder(PlanningProblem p) {
        int n = p.queries().size();
        Integer[] boxed = new Integer[n];
        for (int i = 0; i < n; i++) boxed[i] = i;
        Arrays.sort(boxed, (a, b) -> Double.compare(p.queries().get(a).deadlineMs(), p.queries().get(b).deadlineMs()));
        int[] order = new int[n];
        for (int i = 0; i < n; i++) order[i] = boxed[i];
        return order;
    }

    /** The solutions after i queries: reward u, task-count vector (and its key), back pointer and the mask chosen for query i. */
    private static final class Layer {
        final int m;
        int size;
        final long[] u;
        final long[] key;
        final int[] count;
        final int[] parent;
        final int[] mask;

        Layer(int m, int capacity) {
            this.m = m;
            u = new long[capacity];
            key = new long[capacity];
            count = new int[capacity * m];
            parent = new int[capacity];
            mask = new int[capacity];
        }

        void add(long reward, long k, int[] counts, int offset, int from, int s) {
            int i = size++;
            u[i] = reward;
            key[i] = k;
            System.arraycopy(counts, offset, count, i * m, m);
            parent[i] = from;
            mask[i] = s;
        }
    }

    /**
     * One step's candidates, merged by task-count vector (open addressing on the vector's key): a vector
     * keeps the largest reward offered for it and, among equals, the first offered. {@code gen} is the
     * position the kept offer had in generation order, the last tie-break of the ordering.
     */
    private static final class Candidates {
        final int m;
        final FinishTimes times;
        int size;
        int generated;
        long[] u = new long[0];
        long[] key = new long[0];
        double[] sum = new double[0];
        int[] count = new int[0];
        int[] parent = new int[0];
        int[] mask = new int[0];
        int[] gen = new int[0];
        int[] idx = new int[0];
        /** slot → entry + 1, valid only where slotStamp equals stamp (so no clearing between steps). */
        int[] slots = new int[0];
        int[] slotStamp = new int[0];
        int stamp;
        int shift;

        Candidates(int m, FinishTimes times) {
            this.m = m;
            this.times = times;
        }

        void reset(int capacity) {
            size = 0;
            generated = 0;
            if (u.length < capacity) {
                u = new long[capacity];
                key = new long[capacity];
                sum = new double[capacity];
                count = new int[capacity * m];
                parent = new int[capacity];
                mask = new int[capacity];
                gen = new int[capacity];
                idx = new int[capacity];
            }
            int bits = 33 - Integer.numberOfLeadingZeros(Math.max(capacity, 1)); // ≥ 2·capacity slots
            if (slots.length < 1 << bits) {
                slots = new int[1 << bits];
                slotStamp = new int[1 << bits];
                stamp = 0;
            }
            shift = 64 - Integer.numberOfTrailingZeros(slots.length);
            stamp++;
        }

        /** Offers the parent's counts plus one task on every model of s (the vector's key is k). */
        void offer(long reward, long k, int[] parentCounts, int offset, int from, int s) {
            int g = generated++;
            int lastSlot = slots.length - 1;
            for (int slot = (int) ((k * 0x9E3779B97F4A7C15L) >>> shift); ; slot = (slot + 1) & lastSlot) {
                if (slotStamp[slot] != stamp) {
                    int e = size++;
                    slotStamp[slot] = stamp;
                    slots[slot] = e + 1;
                    u[e] = reward;
                    key[e] = k;
                    double total = 0;
                    for (int j = 0; j < m; j++) {
                        int c = parentCounts[offset + j] + (s >>> j & 1);
                        count[e * m + j] = c;
                        total += times.at(j, c);
                    }
                    sum[e] = total;
                    parent[e] = from;
                    mask[e] = s;
                    gen[e] = g;
                    return;
                }
                int e = slots[slot] - 1;
                if (key[e] == k && (times.exactKeys() || sameCounts(e, parentCounts, offset, s))) {
                    // Same counts, so the same finish times; only a larger reward replaces the first offer.
                    if (reward > u[e]) {
                        u[e] = reward;
                        parent[e] = from;
                        mask[e] = s;
                        gen[e] = g;
                    }
                    return;
                }
            }
        }

        private boolean sameCounts(int e, int[] parentCounts, int offset, int s) {
            for (int j = 0; j < m; j++) if (count[e * m + j] != parentCounts[offset + j] + (s >>> j & 1)) return false;
            return true;
        }

        /** Line 15, across cells: keeps the solutions no other one dominates, best first. */
        Layer pruned(CountSkyline skyline) {
            for (int i = 0; i < size; i++) idx[i] = i;
            sort(idx, 0, size - 1);
            skyline.clear();
            Layer kept = new Layer(m, size);
            for (int a = 0; a < size; a++) {
                int e = idx[a];
                // Every kept solution has a reward ≥ e's (sorted), so dominance is a matter of counts alone.
                if (skyline.dominated(count, e * m)) continue;
                skyline.add(count, e * m);
                kept.add(u[e], key[e], count, e * m, parent[e], mask[e]);
            }
            return kept;
        }

        private boolean before(int a, int b) {
            if (u[a] != u[b]) return u[a] > u[b];
            if (sum[a] != sum[b]) return sum[a] < sum[b];
            return gen[a] < gen[b];
        }

        private void sort(int[] idx, int lo, int hi) {
            while (hi - lo > 16) {
                int pivot = idx[(lo + hi) >>> 1];
                int i = lo, j = hi;
                while (i <= j) {
                    while (before(idx[i], pivot)) i++;
                    while (before(pivot, idx[j])) j--;
                    if (i <= j) {
                        int x = idx[i]; idx[i] = idx[j]; idx[j] = x;
                        i++;
                        j--;
                    }
                }
                if (j - lo < hi - i) {
                    sort(idx, lo, j);
                    lo = i;
                } else {
                    sort(idx, i, hi);
                    hi = j;
                }
            }
            for (int i = lo + 1; i <= hi; i++) {
                int x = idx[i];
                int j = i - 1;
                while (j >= lo && before(x, idx[j])) {
                    idx[j + 1] = idx[j];
                    j--;
                }
                idx[j + 1] = x;
            }
        }
    }
}
