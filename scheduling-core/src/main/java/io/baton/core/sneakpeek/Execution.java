package io.baton.core.sneakpeek;

/**
 * The device timeline of eq. 1: a run of requests on one model, back to back from a start time, under the window's
 * {@link ExecutionMode}. Shared by the evaluator and every scheduler so that they all cost a plan the same way.
 */
final class Execution {
    private Execution() {}

    /**
     * Runs requests[from, to) on model from startMs (the swap, if any, already paid); writes each one's completion
     * time into completion[request] and returns when the device is free again.
     */
    static double run(SchedulingWindow w, int model, int[] requests, int from, int to, double startMs, double[] completion) {
        if (w.isShortCircuit(model)) {
            for (int i = from; i < to; i++) completion[requests[i]] = startMs;
            return startMs;
        }
        double clock = startMs;
        if (w.mode() == ExecutionMode.SEQUENTIAL) {
            double l = w.singleLatencyMs(model);
            for (int i = from; i < to; i++) {
                clock += l;
                completion[requests[i]] = clock;
            }
            return clock;
        }
        int maxBatch = w.maxBatch(model);
        for (int i = from; i < to; ) {
            int b = Math.min(maxBatch, to - i);
            clock += w.latencyMs(model, b);
            for (int j = i; j < i + b; j++) completion[requests[j]] = clock;
            i += b;
        }
        return clock;
    }

    /** The swap cost of model on cache (short-circuit never swaps); applies it and returns it. */
    static double swapIn(SchedulingWindow w, ModelCache cache, int model) {
        return w.isShortCircuit(model) ? 0.0 : cache.use(model);
    }

    static double swapCost(SchedulingWindow w, ModelCache cache, int model) {
        return w.isShortCircuit(model) ? 0.0 : cache.costOf(model);
    }

    /** The summed utility of a group's requests served by its application's k-th candidate, at their completions. */
    static double utility(SchedulingWindow w, int candidate, int[] members, double[] completion) {
        double u = 0;
        for (int r : members) u += w.utility(r, candidate, completion[r]);
        return u;
    }
}
