package io.baton.registry.profile;

import java.time.Instant;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

/**
 * A variant's interference features on the profile's device (the interference paper's section IV-B), as the
 * profiler measured them: the inputs of the interference predictor. Stored with the profile, replaced with it.
 * Every number must be finite (checked by {@link ProfileService}: JSON such as {@code 1e999} reads as infinity).
 *
 * @param soloMs       latency of one batch-1 inference alone, ms (on the CPU: the thread CPU time, median)
 * @param avgLayerMs   soloMs ÷ the graph's operator nodes, ms
 * @param layers       the graph's operator nodes, when given
 * @param bandwidthGBs memory-bandwidth use alone, GB/s, as {@code probe} measured it
 * @param utilisation  the device's busy fraction while the variant runs alone, in [0, 1]
 * @param sensitivity  slowdown beside the fixed bubble co-runner (latency beside it ÷ solo), ≥ 0.5 (a measured
 *                     ratio is ≥ 1 but for noise; below 0.5 is not a measurement)
 * @param probe        how bandwidth was measured, e.g. {@code bubble-probe:32MiB-copy} or a hardware-counter name
 * @param measuredAt   when the features were measured (default: the profile's {@code measuredAt})
 * @param pressure     memory-bandwidth pressure: the fraction of the bubble's solo streaming rate the variant takes away
 *                     (bandwidthGBs ÷ the bubble's rate; the bubble itself is 1), ≥ 0, when measured; the scheduler's
 *                     interference predictor scales a co-runner's effect by it
 */
public record InterferenceFeatures(
        @NotNull @Positive Double soloMs,
        @NotNull @PositiveOrZero Double avgLayerMs,
        @Positive Integer layers,
        @NotNull @PositiveOrZero Double bandwidthGBs,
        @NotNull @DecimalMin("0") @DecimalMax("1") Double utilisation,
        @NotNull @DecimalMin("0.5") Double sensitivity,
        @NotBlank @Size(max = 128) String probe,
        Instant measuredAt,
        @PositiveOrZero Double pressure) {

    /** Features without a pressure (profilers before it was recorded). */
    public InterferenceFeatures(Double soloMs, Double avgLayerMs, Integer layers, Double bandwidthGBs, Double utilisation,
                                Double sensitivity, String probe, Instant measuredAt) {
        this(soloMs, avgLayerMs, layers, bandwidthGBs, utilisation, sensitivity, probe, measuredAt, null);
    }

    /** The same features measured at {@code at} when they name no time of their own. */
    InterferenceFeatures at(Instant at) {
        return measuredAt != null ? this
                : new InterferenceFeatures(soloMs, avgLayerMs, layers, bandwidthGBs, utilisation, sensitivity, probe, at,
                        pressure);
    }
}
