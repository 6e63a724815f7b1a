package io.baton.registry.profile;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;

/** Measured latency of one batch size: median and 99th percentile over the profiler's repetitions, ms. */
public record LatencyPoint(@NotNull @Min(1) Integer batchSize, @NotNull @Positive Double p50Ms,
                           @NotNull @Positive Double p99Ms) {
}
