package io.baton.registry.profile;

import java.time.Instant;
import java.util.List;

import io.baton.registry.web.Bounded;

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
 *                           computed from the p50 points when left out; these and {@code loadMs} from 0 to
 *                           {@value #MAX_MS} ms (an hour), finite
 * @param quadratic          {c0, c1, c2} of ℓ(b) = c0 + c1·b + c2·b², finite
 * @param loadMs             time to load the model, ms
 * @param memoryBytes        resident bytes once loaded (Symphony's S)
 * @param dynamicMemoryBytes extra bytes while a batch runs (Symphony's D), when measured
 * @param accuracy           top-1 accuracy on the application's validation set, in [0, 1]
 * @param classRecall        per-class recall, one per class label of the application
 * @param confusionMatrix    counts, row = true class, column = predicted class; square, one row per class
 * @param interference the interference features measured on this device (the interference planner's input), when
 *                           measured; a PUT without them leaves the profile without them
 * @param measuredAt         when the measurement finished (default: when the registry received it)
 * @param version            when replacing an existing profile: the version last read (optional, ≥ 0; stale → 409)
 */
public record ProfileRequest(
        @NotNull @Size(min = 1, max = 64) List<@NotNull @Valid LatencyPoint> latency,
        @Bounded(min = 0, max = MAX_MS, unit = "ms") Double alphaMs,
        @Bounded(min = 0, max = MAX_MS, unit = "ms") Double betaMs,
        @Size(min = 3, max = 3) List<@NotNull @Bounded Double> quadratic,
        @Bounded(min = 0, max = MAX_MS, unit = "ms") Double loadMs,
        @PositiveOrZero Long memoryBytes,
        @PositiveOrZero Long dynamicMemoryBytes,
        @DecimalMin("0") @DecimalMax("1") Double accuracy,
        List<@NotNull @DecimalMin("0") @DecimalMax("1") Double> classRecall,
        List<@NotNull List<@NotNull @PositiveOrZero Long>> confusionMatrix,
        @Valid InterferenceFeatures interference,
        Instant measuredAt,
        @PositiveOrZero Long version) {

    /** The largest latency or time accepted anywhere in a profile, ms: an hour. */
    public static final double MAX_MS = 3_600_000;
}
