package io.baton.scheduler.dispatch;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The dispatch overhead of each variant a live engine serves, each its own {@link OverheadMeter}. One engine serves
 * variants whose batches cost very different amounts outside ONNX Runtime: a Fashion-MNIST request is 3 KB, an OCR
 * direction request 110 KB, and the relay and the worker's decode grow with the bytes. One estimate shared by all of
 * them is too high for the small ones (their requests look unmeetable) and too low for the large ones (their batches
 * finish late), so each variant is planned with its own.
 *
 * <p>A variant is named as the policy's model table names it ({@code application/variant}): a re-profiled or newly
 * learned variant keeps the overhead measured so far, because its transport did not change. A variant not metered yet,
 * or with too few recent batches, plans with the configured {@code dispatch-overhead}; each variant's estimate is capped
 * at a quarter of its own SLO (the tightest of the live variants sharing its name). Used only on the engine's thread.
 */
final class VariantOverheads {

    private final double initialMs;
    private final double settlingMs;
    private final Map<String, OverheadMeter> meters = new LinkedHashMap<>();
    private double checkedAtMs = Double.NEGATIVE_INFINITY;

    /** @param initialMs the configured {@code dispatch-overhead}: what every variant plans with until measured */
    VariantOverheads(double initialMs) {
        this(initialMs, OverheadMeter.SETTLING_MS);
    }

    /** @param settlingMs how long each variant's first batches are left out ({@link OverheadMeter}; 0: none) */
    VariantOverheads(double initialMs, double settlingMs) {
        if (!(initialMs >= 0) || Double.isInfinite(initialMs)) {
            throw new IllegalArgumentException("the configured dispatch overhead must be a finite number of ms ≥ 0, got "
                    + initialMs);
        }
        this.initialMs = initialMs;
        this.settlingMs = settlingMs;
    }

    /** The name a variant is metered under, the name the policy's model table gives it. */
    static String nameOf(LiveVariant variant) {
        return variant.application() + "/" + variant.variant();
    }

    /** The overhead to plan the variant's batches with now. */
    double estimateMs(LiveVariant variant) {
        OverheadMeter meter = meters.get(nameOf(variant));
        return meter == null ? initialMs : meter.estimateMs();
    }

    /** One served batch of the variant (see {@link OverheadMeter#record}). */
    void record(LiveVariant variant, double nowMs, double roundTripMs, double executionMs, double loadMs) {
        meters.computeIfAbsent(nameOf(variant), n -> new OverheadMeter(initialMs, settlingMs))
                .record(nowMs, roundTripMs, executionMs, loadMs);
    }

    /**
     * Re-estimates every metered variant, each under its own cap, at most once a second: all variants at once, so that
     * their changes restart the policy once, not once per variant.
     *
     * @param served the variants the engine serves now (their SLOs set the caps)
     * @return true when any variant's estimate moved enough that the policy should plan with the new ones
     */
    boolean update(double nowMs, List<LiveVariant> served) {
        if (nowMs - checkedAtMs < OverheadMeter.RECHECK_MS) return false;
        checkedAtMs = nowMs;
        Map<String, Double> caps = capsMs(served);
        boolean moved = false;
        for (Map.Entry<String, OverheadMeter> e : meters.entrySet()) {
            Double cap = caps.get(e.getKey());
            if (cap != null && e.getValue().update(nowMs, cap)) moved = true;
        }
        return moved;
    }

    /** For the log: each served variant's estimate, {@code app/variant 1.20 ms, …}. */
    String describe(List<LiveVariant> served) {
        List<String> parts = new ArrayList<>();
        for (String name : capsMs(served).keySet()) {
            OverheadMeter meter = meters.get(name);
            double ms = meter == null ? initialMs : meter.estimateMs();
            parts.add(String.format(Locale.ROOT, "%s %.2f ms%s", name, ms, meter != null && meter.measured() ? "" : " (configured)"));
        }
        return String.join(", ", parts);
    }

    /** A quarter of the tightest SLO of the served variants of each name. */
    private static Map<String, Double> capsMs(List<LiveVariant> served) {
        Map<String, Double> caps = new LinkedHashMap<>();
        for (LiveVariant v : served) caps.merge(nameOf(v), v.sloMs() / 4, Math::min);
        return caps;
    }
}
