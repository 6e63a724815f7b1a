package io.baton.core.sneakpeek;

/**
 * Request priority, paper eq. 12: Priority(r) = (1 + Var[Acc(M_a)])·e^(−d), kept as its logarithm
 * ln(1 + Var) − d so that it never underflows (e^(−d) is 0 in double precision for d past ~745 units). Higher runs
 * first. Group priority, eq. 14, is the mean of its members' priorities, also in the log domain (log-sum-exp).
 *
 * <p>Choices where the paper is silent (notes §7): d is the time left to the deadline, deadline − now (any common
 * shift of all d keeps the order); its unit is configurable and defaults to seconds (in ms the variance term only
 * breaks ties); Var is the population variance over the application's registered models (the short-circuit
 * pseudo-model is not one of M_a), of the accuracies the window estimates (data-aware when the window is).
 */
public final class Priority {
    /** The default unit of d in e^(−d): one second. */
    public static final double SECONDS = 1000.0;

    private final double unitMs;

    public Priority(double unitMs) {
        if (!(unitMs > 0)) throw new IllegalArgumentException("unitMs must be > 0");
        this.unitMs = unitMs;
    }

    public static Priority seconds() {
        return new Priority(SECONDS);
    }

    /** ln Priority(r) = ln(1 + Var) − (deadline − now)/unit. */
    public double log(SchedulingWindow w, int request) {
        return Math.log1p(variance(w, request)) - (w.deadline(request) - w.nowMs()) / unitMs;
    }

    /** Population variance of Acc_r(m) over the registered models of r's application. */
    static double variance(SchedulingWindow w, int request) {
        int app = w.appOf(request);
        int n = 0;
        double mean = 0, m2 = 0;
        for (int k = 0; k < w.candidateCount(app); k++) {
            if (w.isShortCircuit(w.model(app, k))) continue;
            double x = w.accuracy(request, k);
            n++;
            double delta = x - mean;
            mean += delta / n;
            m2 += delta * (x - mean);
        }
        return n == 0 ? 0.0 : m2 / n;
    }

    /** ln Priority(g) = ln((1/|g|) Σ e^(ln Priority(r))), by log-sum-exp. */
    public double logGroup(SchedulingWindow w, int[] members) {
        if (members.length == 0) throw new IllegalArgumentException("an empty group has no priority");
        double max = Double.NEGATIVE_INFINITY;
        double[] logs = new double[members.length];
        for (int i = 0; i < members.length; i++) {
            logs[i] = log(w, members[i]);
            max = Math.max(max, logs[i]);
        }
        double s = 0;
        for (double l : logs) s += Math.exp(l - max);
        return max + Math.log(s / members.length);
    }
}
