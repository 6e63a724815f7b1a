package io.baton.scheduler.dispatch;

import java.util.Arrays;

/**
 * What a live batch costs beyond ONNX Runtime: its round trip (sent to answered) minus the execution time the worker
 * reports, measured on every batch. Profiles are measured in-process, so the HTTP, JSON and thread hand-offs a live
 * batch pays are not in them; a policy planning with the bare profile would send batches that finish late. The
 * engine adds {@link #estimateMs()} to every ℓ(b) it plans with.
 *
 * <p>The estimate is the 90th percentile of the last {@code WINDOW} batches (a deadline is missed by the slow batches,
 * not the average one), starting from the configured {@code dispatch-overhead} until {@code MIN_SAMPLES} batches have
 * been seen. It is re-read at most once a second, and only a change of more than a quarter (and half a millisecond)
 * is reported, because each change restarts the policy.
 */
final class OverheadMeter {

    static final int WINDOW = 128;
    static final int MIN_SAMPLES = 16;
    static final double RECHECK_MS = 1000;

    private final double[] samples = new double[WINDOW];
    private int count;
    private double estimate;
    private double checkedAtMs = Double.NEGATIVE_INFINITY;

    OverheadMeter(double initialMs) {
        this.estimate = initialMs;
    }

    void record(double roundTripMs, double executionMs) {
        double overhead = roundTripMs - (Double.isNaN(executionMs) ? 0 : executionMs);
        if (!(overhead >= 0) || Double.isInfinite(overhead)) return;
        samples[count % WINDOW] = overhead;
        count++;
    }

    /** The overhead to plan with now. */
    double estimateMs() {
        return estimate;
    }

    /** Re-estimates when due; true when the estimate moved enough that the policy should plan with the new one. */
    boolean update(double nowMs) {
        if (count < MIN_SAMPLES || nowMs - checkedAtMs < RECHECK_MS) return false;
        checkedAtMs = nowMs;
        int n = Math.min(count, WINDOW);
        double[] sorted = Arrays.copyOf(samples, n);
        Arrays.sort(sorted);
        double p90 = sorted[Math.min(n - 1, (int) Math.ceil(0.9 * n) - 1)];
        if (Math.abs(p90 - estimate) > Math.max(0.5, 0.25 * estimate)) {
            estimate = p90;
            return true;
        }
        return false;
    }
}
