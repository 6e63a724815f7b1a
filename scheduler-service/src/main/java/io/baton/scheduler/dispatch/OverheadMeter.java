package io.baton.scheduler.dispatch;

import java.util.Arrays;

/**
 * What a live batch of one variant costs beyond ONNX Runtime: its round trip (sent to answered) minus the execution
 * time the worker reports, measured on every batch. Profiles are measured in-process, so the HTTP, JSON and thread
 * hand-offs a live batch pays are not in them; a policy planning with the bare profile would send batches that finish
 * late. The engine adds {@link #estimateMs()} to every ℓ(b) of the variant it plans with ({@link VariantOverheads}
 * keeps one meter per variant: the cost grows with a request's bytes).
 *
 * <p>The estimate is the 90th percentile of the batches of the last {@code MAX_AGE_MS} (at most the last {@code WINDOW}
 * of them): a deadline is missed by the slow batches, not the average one, but the percentile is of seconds of them,
 * not of a moment. Read over the last 128 batches (half a second at 300 requests/s), it followed every stall: one
 * young collection or one descheduled thread moved it between 1 and 25 ms (the cap) from one second to the next,
 * restarting the policy 36 times in about a minute of symphony load at 300–900 requests/s, and for each such second
 * the policy planned every batch with that much: in the run where it reached the cap twice, symphony had 7.6% of
 * its requests late at 600/s and 13% dropped at 900/s; in the next run, where it stayed under 7 ms, 1% or less.
 * With fewer than {@code MIN_SAMPLES} batches it is the configured {@code dispatch-overhead}. Samples age out because
 * only served batches give samples: an estimate inflated by a cold start would otherwise make the policy refuse
 * everything, and so never be corrected. Time a batch waited for its model to load is not overhead and is left out.
 * The estimate is re-read at most once a second, and only a change of more than a quarter (and half a millisecond) is
 * reported, because each change restarts the policy.
 *
 * <p>The batches of a meter's first {@code settlingMs} (from its first batch) are left out: a variant's first
 * batches pay for what its first requests set up along the path (measured: a new application's first second planned
 * with 11 ms where its next seconds measured 1–3 ms), and in a window of seconds they would hold the estimate up for
 * as long as they stay in it.
 *
 * <p>The estimate is capped (by the caller: a quarter of the tightest SLO the engine serves). Under overload the round
 * trip also holds queueing inside an overloaded machine; planned with in full, it would make every request look
 * unmeetable, so the engine would refuse all of them while the machine recovers, and a cold or overloaded spell
 * would turn into an outage. Past the cap, the policy's own queueing and pruning handle the rest.
 */
final class OverheadMeter {

    static final int WINDOW = 4096;
    static final int MIN_SAMPLES = 16;
    static final double RECHECK_MS = 1000;
    static final double MAX_AGE_MS = 10_000;
    /** How long a meter's first batches are left out, by default. */
    static final double SETTLING_MS = 2_000;

    private final double initial;
    private final double settlingMs;
    private double firstAtMs = Double.NaN;
    private final double[] samples = new double[WINDOW];
    private final double[] at = new double[WINDOW];
    private int count;
    private double estimate;
    private boolean measured;
    private double checkedAtMs = Double.NEGATIVE_INFINITY;

    OverheadMeter(double initialMs) {
        this(initialMs, SETTLING_MS);
    }

    /** @param settlingMs how long its first batches are left out (0: none) */
    OverheadMeter(double initialMs, double settlingMs) {
        this.initial = initialMs;
        this.estimate = initialMs;
        this.settlingMs = settlingMs;
    }

    /**
     * One served batch: sent to answered ({@code roundTripMs}), of which the worker spent {@code executionMs} running
     * it and {@code loadMs} loading its model (NaN when not reported).
     */
    void record(double nowMs, double roundTripMs, double executionMs, double loadMs) {
        double overhead = roundTripMs - (Double.isNaN(executionMs) ? 0 : executionMs) - (Double.isNaN(loadMs) ? 0 : loadMs);
        if (!(overhead >= 0) || Double.isInfinite(overhead)) return;
        if (Double.isNaN(firstAtMs)) firstAtMs = nowMs;
        if (nowMs - firstAtMs < settlingMs) return;
        samples[count % WINDOW] = overhead;
        at[count % WINDOW] = nowMs;
        count++;
    }

    /** The overhead to plan with now. */
    double estimateMs() {
        return estimate;
    }

    /** True when the estimate comes from enough recent batches, false while it is the configured value. */
    boolean measured() {
        return measured;
    }

    /** Re-estimates when due; true when the estimate moved enough that the policy should plan with the new one. */
    boolean update(double nowMs, double capMs) {
        if (nowMs - checkedAtMs < RECHECK_MS) return false;
        checkedAtMs = nowMs;
        double[] recent = new double[Math.min(count, WINDOW)];
        int n = 0;
        for (int i = 0; i < recent.length; i++) {
            if (nowMs - at[i] <= MAX_AGE_MS) recent[n++] = samples[i];
        }
        measured = n >= MIN_SAMPLES;
        double next;
        if (!measured) {
            next = initial;
        } else {
            Arrays.sort(recent, 0, n);
            next = recent[Math.min(n - 1, (int) Math.ceil(0.9 * n) - 1)];
        }
        next = Math.min(next, Math.max(initial, capMs));
        if (next != estimate && (n < MIN_SAMPLES || Math.abs(next - estimate) > Math.max(0.5, 0.25 * estimate))) {
            estimate = next;
            return true;
        }
        return false;
    }
}
