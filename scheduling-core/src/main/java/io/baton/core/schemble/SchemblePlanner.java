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
 * <p>Each query loses less than δ to the floor, so the plan's utility is within N·δ of the optimum
 * (Theorem 3's argument). Subsets of quantised reward 0 are never chosen: the empty set dominates them.
 */
public final class SchemblePlanner implements Planner<PlanningProblem, SchemblePlan> {

    private static final double EPS = 1e-9;

    @Override
    public SchemblePlan plan(PlanningProblem p) {
        int m = p.models().size();
        int n = p.queries().size();
        double[] lat = new double[m];
        double[] t0 = new double[m];
        for (int k = 0; k < m; k++) {
            lat[k] = p.models().get(k).latencyMs();
            t0[k] = Math.max(p.nowMs(), p.models().get(k).freeAtMs());
        }
        Integer[] boxed = new Integer[n];
        for (int i = 0; i < n; i++) boxed[i] = i;
        Arrays.sort(boxed, (a, b) -> Double.compare(p.queries().get(a).deadlineMs(), p.queries().get(b).deadlineMs()));
        int[] order = new int[n];
        for (int i = 0; i < n; i++) order[i] = boxed[i];

        // Layer 0: Comb_{0,0} = the empty plan, Time = t^(0).
        Layer layer = new Layer(m, 1);
        layer.add(0, t0, 0, -1, 0);
        List<Layer> layers = new ArrayList<>(n + 1);
        layers.add(layer);
        int[] masks = new int[1 << m];
        long[] units = new long[1 << m];
        double[] next = new double[m];
        for (int step = 0; step < n; step++) {
            PlannerQuery q = p.queries().get(order[step]);
            double deadline = q.deadlineMs() + EPS;
            int choices = 0;
            for (int s = 1; s < 1 << m; s++) {
                double util = q.utility()[s];
                if (Double.isNaN(util)) continue;
                long un = (long) Math.floor(util / p.delta() + EPS);
                if (un <= 0) continue;
                boolean possible = true;
                for (int k = 0; k < m && possible; k++) {
                    if ((s >>> k & 1) != 0 && t0[k] + lat[k] > deadline) possible = false;
                }
                if (!possible) continue;
                masks[choices] = s;
                units[choices++] = un;
            }
            Layer cand = new Layer(m, layer.size * (choices + 1));
            for (int j = 0; j < layer.size; j++) {
                // s = ∅: the query is not served; reward and times carry over.
                cand.add(layer.u[j], layer.t, j * m, j, 0);
                for (int c = 0; c < choices; c++) {
                    int s = masks[c];
                    double finish = Double.NEGATIVE_INFINITY;
                    for (int k = 0; k < m; k++) {
                        double tk = layer.t[j * m + k];
                        if ((s >>> k & 1) != 0) {
                            tk += lat[k];
                            finish = Math.max(finish, tk);
                        }
                        next[k] = tk;
                    }
                    if (finish <= deadline) cand.add(layer.u[j] + units[c], next, 0, j, s);
                }
            }
            layer = cand.pruned();
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

    /** The solutions after i queries: reward u, finish-time vector, back pointer and the mask chosen for query i. */
    private static final class Layer {
        final int m;
        int size;
        long[] u;
        double[] t;
        double[] sum;
        int[] parent;
        int[] mask;

        Layer(int m, int capacity) {
            this.m = m;
            capacity = Math.max(capacity, 1);
            u = new long[capacity];
            t = new double[capacity * m];
            sum = new double[capacity];
            parent = new int[capacity];
            mask = new int[capacity];
        }

        void add(long reward, double[] times, int offset, int from, int s) {
            int i = size++;
            u[i] = reward;
            double total = 0;
            for (int k = 0; k < m; k++) {
                t[i * m + k] = times[offset + k];
                total += times[offset + k];
            }
            sum[i] = total;
            parent[i] = from;
            mask[i] = s;
        }

        /** Line 15, across cells: keeps the solutions no other one dominates, best first. */
        Layer pruned() {
            int[] idx = new int[size];
            for (int i = 0; i < size; i++) idx[i] = i;
            sort(idx, 0, size - 1);
            Layer kept = new Layer(m, Math.min(size, 64));
            for (int a = 0; a < size; a++) {
                int c = idx[a];
                if (!dominated(kept, c)) {
                    kept.ensure();
                    kept.add(u[c], t, c * m, parent[c], mask[c]);
                }
            }
            return kept;
        }

        // Every kept solution has a reward ≥ c's (sorted), so dominance is a matter of times alone.
        private boolean dominated(Layer kept, int c) {
            int base = c * m;
            outer:
            for (int j = 0; j < kept.size; j++) {
                int kb = j * m;
                for (int k = 0; k < m; k++) {
                    if (kept.t[kb + k] > t[base + k]) continue outer;
                }
                return true;
            }
            return false;
        }

        private void ensure() {
            if (size < u.length) return;
            int cap = u.length * 2;
            u = Arrays.copyOf(u, cap);
            t = Arrays.copyOf(t, cap * m);
            sum = Arrays.copyOf(sum, cap);
            parent = Arrays.copyOf(parent, cap);
            mask = Arrays.copyOf(mask, cap);
        }

        private boolean before(int a, int b) {
            if (u[a] != u[b]) return u[a] > u[b];
            if (sum[a] != sum[b]) return sum[a] < sum[b];
            return a < b;
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
