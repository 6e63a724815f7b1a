package io.baton.core.sneakpeek;

/**
 * Runs a {@link Schedule} on the device and scores it (paper eq. 1–3): maximal runs of adjacent requests on the same
 * model (cut at the schedule's group marks) execute together (one swap-in if the model is not resident, then {@link Execution#run}); each request's
 * utility is Acc·(1 − γ) at its completion time; the objective is their mean.
 */
public final class ScheduleEvaluator {
    private ScheduleEvaluator() {}

    /**
     * @param completionMs     per request (window index)
     * @param utility          per request, with the accuracy matrix it was scored with
     * @param meanUtility      eq. 3
     * @param endMs            when the device is free after the schedule
     * @param swaps            swap-ins paid
     * @param swapMs           load time paid
     */
    public record Outcome(double[] completionMs, double[] utility, double meanUtility, double endMs, int swaps, double swapMs) {}

    /** Scores with the window's own accuracy estimates. */
    public static Outcome evaluate(SchedulingWindow w, Schedule s, ModelCache cache, double startMs) {
        return evaluate(w, s, cache, startMs, w.accuracyMatrix());
    }

    /**
     * Scores with accuracy[request][candidate] (e.g. the true-label recall, to measure what a plan really earns).
     * cache is advanced to the state after the schedule.
     */
    public static Outcome evaluate(SchedulingWindow w, Schedule s, ModelCache cache, double startMs, double[][] accuracy) {
        int n = w.requestCount();
        if (s.size() != n) throw new IllegalArgumentException("the schedule places " + s.size() + " of " + n + " requests");
        boolean[] seen = new boolean[n];
        int[] order = s.requests();
        for (int r : order) {
            if (seen[r]) throw new IllegalArgumentException("request " + r + " placed twice");
            seen[r] = true;
        }
        double[] completion = new double[n];
        double clock = startMs;
        int swaps0 = cache.swaps();
        double swapMs0 = cache.swapMs();
        for (int p = 0; p < n; ) {
            int model = w.modelOf(order[p], s.candidate(p));
            int q = p + 1;
            while (q < n && !s.startsGroup(q) && w.modelOf(order[q], s.candidate(q)) == model) q++;
            clock += Execution.swapIn(w, cache, model);
            clock = Execution.run(w, model, order, p, q, clock, completion);
            p = q;
        }
        double[] utility = new double[n];
        double sum = 0;
        for (int p = 0; p < n; p++) {
            int r = order[p];
            utility[r] = accuracy[r][s.candidate(p)] * (1.0 - w.gamma(r, completion[r]));
            sum += utility[r];
        }
        return new Outcome(completion, utility, n == 0 ? 0.0 : sum / n, clock, cache.swaps() - swaps0, cache.swapMs() - swapMs0);
    }
}
