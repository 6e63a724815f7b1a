package io.baton.registry.ensemble;

import java.time.Instant;
import java.util.List;

import io.baton.registry.web.Bounded;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

/**
 * The body of {@code PUT /v1/applications/{app}/ensemble-profile}: what the profiler derived from every base model's
 * output on a validation set (Schemble §V): the discrepancy score's per-model temperatures and normalisers, the
 * score bins, and the accuracy of every (bin, subset) against the full ensemble.
 *
 * @param models        the base models, each a variant of the application, distinct; subset masks count bits in this
 *                      order (bit k set: {@code models[k]} runs); at most {@value EnsembleProfileService#MAX_MODELS}
 * @param aggregator    how the ensemble combines its base models' outputs ({@code averaging}, {@code weighted-averaging}
 *                      or {@code voting}): the full ensemble the accuracy is measured against
 * @param dataset       the application's validation dataset the outputs were recorded on (optional)
 * @param sampleCount   samples profiled; {@code binCounts} sum to it
 * @param temperatures  per model, T_k of its temperature scaling (> 0, finite)
 * @param meanDistances per model, its mean distance to the ensemble on the samples (eq. 1's normaliser, ≥ 0, finite)
 * @param binEdges      upper edges of bins 0 … b−2 over the score, non-decreasing (b bins; empty: one bin)
 * @param binCounts     samples per bin, b values
 * @param accuracy      [bin][mask]: b rows of 2^m values in [0, 1]; entry (b, s) is the share of bin b's samples on
 *                      which the ensemble restricted to subset s agrees with the full ensemble
 * @param outputsDigest the recorded outputs (a data artifact: FP32 little-endian [sample][model][value]), when kept
 * @param predictorDigest the difficulty predictor trained on those outputs (an ONNX artifact with an output named
 *                      {@code difficulty}), which the gateway serves as the ensemble's enricher; optional
 * @param measuredAt    when the profile was derived (default: when the registry received it)
 * @param version       when replacing: the version last read (optional, ≥ 0; stale → 409)
 */
public record EnsembleProfileRequest(
        @NotNull @Size(min = 1, max = EnsembleProfileService.MAX_MODELS) List<@NotBlank String> models,
        @NotNull @Pattern(regexp = "averaging|weighted-averaging|voting",
                message = "must be averaging, weighted-averaging or voting") String aggregator,
        String dataset,
        @NotNull @Positive Integer sampleCount,
        @NotNull List<@NotNull @Positive @Bounded Double> temperatures,
        @NotNull List<@NotNull @PositiveOrZero @Bounded Double> meanDistances,
        @NotNull @Size(max = EnsembleProfileService.MAX_BINS - 1) List<@NotNull Double> binEdges,
        @NotNull @Size(min = 1, max = EnsembleProfileService.MAX_BINS) List<@NotNull @PositiveOrZero Long> binCounts,
        @NotNull @Size(min = 1, max = EnsembleProfileService.MAX_BINS)
        List<@NotNull List<@NotNull @DecimalMin("0") @DecimalMax("1") Double>> accuracy,
        String outputsDigest,
        String predictorDigest,
        Instant measuredAt,
        @PositiveOrZero Long version) {
}
