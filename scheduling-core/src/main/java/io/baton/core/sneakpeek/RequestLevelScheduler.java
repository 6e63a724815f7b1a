package io.baton.core.sneakpeek;

import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * The request-level baselines of paper §5.1 / §6.1: order the window's requests (EDF, or eq. 12 priority), then give
 * each, in that order, a model (§5.1.2).
 * <ul>
 *   <li>{@link Selection#MAX_ACCURACY}: the candidate with the highest estimated accuracy, deadline-oblivious (the
 *       paper: MaxAcc "always selects the highest accuracy model"; it never gains from short-circuit).</li>
 *   <li>{@link Selection#LOCALLY_OPTIMAL}: eq. 13, argmax_m u(m, d_i, t_i) with t_i the device clock so far plus the
 *       swap-in of m if it is not resident; the clock then advances by the swap and ℓ(m).</li>
 * </ul>
 * Ties (e.g. every candidate worth 0 under a step penalty) go to the candidate that finishes first, so a lost request
 * costs later ones as little as possible. Batching is only opportunistic (the device batches adjacent requests that
 * happen to share a model); selection estimates each request as run alone.
 */
public final class RequestLevelScheduler implements WindowScheduler {

    public enum Ordering { EDF, PRIORITY }

    public enum Selection { MAX_ACCURACY, LOCALLY_OPTIMAL }

    private final Ordering ordering;
    private final Selection selection;
    private final Priority priority;

    public RequestLevelScheduler(Ordering ordering, Selection selection, Priority priority) {
        this.ordering = ordering;
        this.selection = selection;
        this.priority = priority;
    }

    @Override
    public Schedule schedule(SchedulingWindow w, ModelCache initial, double startMs) {
        int n = w.requestCount();
        int[] order = order(w);
        int[] chosen = new int[n];
        ModelCache cache = initial.copy();
        double clock = startMs;
        for (int p = 0; p < n; p++) {
            int r = order[p];
            int app = w.appOf(r);
            int best = -1;
            double bestValue = Double.NEGATIVE_INFINITY, bestEnd = Double.POSITIVE_INFINITY;
            for (int k = 0; k < w.candidateCount(app); k++) {
                int m = w.model(app, k);
                double end = clock + Execution.swapCost(w, cache, m) + w.latencyMs(m, 1);
                double value = selection == Selection.MAX_ACCURACY ? w.accuracy(r, k) : w.utility(r, k, end);
                if (value > bestValue + 1e-12 || (value > bestValue - 1e-12 && end < bestEnd)) {
                    best = k;
                    bestValue = value;
                    bestEnd = end;
                }
            }
            chosen[p] = best;
            int m = w.model(app, best);
            clock += Execution.swapIn(w, cache, m) + w.latencyMs(m, 1);
        }
        return new Schedule(order, chosen);
    }

    int[] order(SchedulingWindow w) {
        Comparator<Integer> edf = Comparator.<Integer>comparingDouble(w::deadline).thenComparingInt(r -> r);
        Comparator<Integer> cmp;
        if (ordering == Ordering.EDF) {
            cmp = edf;
        } else {
            double[] logP = new double[w.requestCount()];
            for (int r = 0; r < logP.length; r++) logP[r] = priority.log(w, r);
            cmp = Comparator.<Integer>comparingDouble(r -> -logP[r]).thenComparing(edf);
        }
        return IntStream.range(0, w.requestCount()).boxed().sorted(cmp).mapToInt(Integer::intValue).toArray();
    }

    @Override
    public String toString() {
        return (selection == Selection.MAX_ACCURACY ? "maxacc-" : "lo-") + (ordering == Ordering.EDF ? "edf" : "priority");
    }
}
