package io.baton.registry.profile;

import java.time.Instant;
import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

/**
 * The body of {@code PUT /v1/applications/{app}/variants/{variant}/profiles/{deviceKind}/{provider}}: what the
 * profiler measured. The device kind and execution provider are in the path.
 *
 * @param latency            one point per measured batch size (distinct sizes)
 * @param alphaMs            slope of the linear fit ℓ(b) = α·b + β; with {@code betaMs} and {@code quadratic},
 *                           computed from the p50 points when left out
 * @param quadratic          {c0, c1, c2} of ℓ(b) = c0 + c1·b + c2·b²
 * @param memoryBytes        resident bytes once loaded (Symphony's S)
 * @param dynamicMemoryBytes extra bytes while a batch runs (Symphony's D), when measured
 * @param accuracy           top-1 accuracy on the application's validation set, in [0, 1]
 * @param classRecall        per-class recall, one per class label of the application
 * @param confusionMatrix    counts, row = true class, column = predicted class; square, one row per class
 * @param interference       the interference features measured on this device (issue 8), when measured; a PUT
 *                           without them leaves the profile without them
 * @param measuredAt         when the measurement finished (default: when the registry received it)
 * @param version            when replacing an existing profile: the version last read (optional; stale → 409)
 */
public record ProfileRequest(
        @NotNull @Size(min = 1, max = 64) List<@NotNull @Valid LatencyPoint> latency,
        @PositiveOrZero Double alphaMs,
        @PositiveOrZero Double betaMs,
        @Size(min = 3, max = 3) List<@NotNull Double> quadratic,
        @PositiveOrZero Double loadMs,
        @PositiveOrZero Long memoryBytes,
        @PositiveOrZero Long dynamicMemoryBytes,
        @DecimalMin("0") @DecimalMax("1") Double accuracy,
        List<@NotNull @DecimalMin("0") @DecimalMax("1") Double> classRecall,
        List<@NotNull List<@NotNull @PositiveOrZero Long>> confusionMatrix,
        @Valid InterferenceFeatures interference,
        Instant measuredAt,
        Long version) {
}
