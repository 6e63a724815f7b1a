package io.baton.registry.profile;

import io.baton.registry.web.Bounded;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

/**
 * Measured latency of one batch size: median and 99th percentile over the profiler's repetitions, ms: more than 0 and
 * at most {@value ProfileRequest#MAX_MS} ms (an hour), finite.
 */
public record LatencyPoint(@NotNull @Min(1) Integer batchSize, @NotNull @Bounded(min = 0, minExclusive = true, max = ProfileRequest.MAX_MS, unit = "ms") Double p50Ms,
                           @NotNull @Bounded(min = 0, minExclusive = true, max = ProfileRequest.MAX_MS, unit = "ms") Double p99Ms) {
}
