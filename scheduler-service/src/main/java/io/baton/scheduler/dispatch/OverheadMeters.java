package io.baton.scheduler.dispatch;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An engine's {@link OverheadMeter}s, one per variant it serves (by model id, in the order the variants were first
 * seen), each capped at a quarter of its variant's SLO. What a batch costs beyond ONNX Runtime grows with what it
 * carries: one figure for every variant of an engine planned a variant of small requests with the overhead of another
 * one's large requests, and capped every variant at the tightest SLO of them all. Engine-thread only.
 */
final class OverheadMeters {

    /** The share of its SLO a variant's estimate may reach (see {@link OverheadMeter} on why it is capped). */
    static final double CAP_SHARE_OF_SLO = 0.25;

    private final double initialMs;
    private final List<OverheadMeter> meters = new ArrayList<>();
    private final List<Double> capsMs = new ArrayList<>();

    /** @param initialMs the configured {@code dispatch-overhead}: each meter's estimate until it has seen enough */
    OverheadMeters(double initialMs) {
        this.initialMs = initialMs;
    }

    /** A new variant, whose model id is the number of variants added before it. */
    void add(LiveVariant variant) {
        meters.add(new OverheadMeter(initialMs));
        capsMs.add(CAP_SHARE_OF_SLO * variant.sloMs());
    }

    /** The overhead to plan model {@code model}'s batches with now. */
    double estimateMs(int model) {
        return meters.get(model).estimateMs();
    }

    /** One served batch of model {@code model} (see {@link OverheadMeter#record}). */
    void record(int model, double nowMs, double roundTripMs, double executionMs, double queueMs, double loadMs) {
        meters.get(model).record(nowMs, roundTripMs, executionMs, queueMs, loadMs);
    }

    /** Re-estimates model {@code model}'s overhead when due; true when the policy should plan with the new one. */
    boolean update(int model, double nowMs) {
        return meters.get(model).update(nowMs, capsMs.get(model));
    }

    /** The estimates, for the log: one figure when all agree, else their range. */
    String describe() {
        double low = Double.POSITIVE_INFINITY, high = Double.NEGATIVE_INFINITY;
        for (OverheadMeter m : meters) {
            low = Math.min(low, m.estimateMs());
            high = Math.max(high, m.estimateMs());
        }
        if (meters.isEmpty()) return String.format(Locale.ROOT, "%.2f", initialMs);
        return low == high ? String.format(Locale.ROOT, "%.2f", low)
                : String.format(Locale.ROOT, "%.2f to %.2f (by variant)", low, high);
    }
}
