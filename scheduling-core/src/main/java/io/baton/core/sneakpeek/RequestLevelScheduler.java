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
 *       swap-in of m if it is not resident; the clock then advances by the swap and ℓ(m). The paper's baselines
 *       (LO-EDF, LO-Priority) use it.</li>
 *   <li>{@link Selection#DEADLINE_FIRST}: the §6.1 prose reading of LO, "select the highest accuracy model that
 *       satisfies each deadline" (sneakpeek.txt l. 280): the most accurate candidate that finishes by the deadline;
 *       when none does, eq. 13. Under the step penalty it is eq. 13; under the sigmoid, eq. 13 may take a slightly
 *       late, more accurate model (the sigmoid is flat just past the deadline) where this one stays on time. Only
 *       the bench's readings table uses it, to show what the other reading does to LO-EDF.</li>
 * </ul>
 * Ties (e.g. every candidate worth 0 under a step penalty) go to the candidate that finishes first, so a lost request
 * costs later ones as little as possible. Batching is only opportunistic (the device batches adjacent requests that
 * happen to share a model); selection estimates each request as run alone.
 */
public record RequestLevelScheduler(Ordering ordering, Selection selection, Priority priority) implements WindowScheduler {

    public enum Ordering { EDF, PRIORITY }

    public enum Selection { MAX_ACCURACY, LOCALLY_OPTIMAL, DEADLINE_FIRST }

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
            boolean bestOnTime = false;
            for (int k = 0; k < w.candidateCount(app); k++) {
                int m = w.model(app, k);
                double end = clock + Execution.swapCost(w, cache, m) + w.latencyMs(m, 1);
                boolean onTime = selection == Selection.DEADLINE_FIRST && end <= w.deadline(r);
                double value = selection == Selection.MAX_ACCURACY || onTime ? w.accuracy(r, k) : w.utility(r, k, end);
                boolean better = onTime != bestOnTime ? onTime
                        : value > bestValue + 1e-12 || (value > bestValue - 1e-12 && end < bestEnd);
                if (best < 0 || better) {
                    best = k;
                    bestValue = value;
                    bestEnd = end;
                    bestOnTime = onTime;
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
        String sel = switch (selection) {
            case MAX_ACCURACY -> "maxacc-";
            case LOCALLY_OPTIMAL -> "lo-";
            case DEADLINE_FIRST -> "lo-deadline-first-";
        };
        return sel + (ordering == Ordering.EDF ? "edf" : "priority");
    }
}
