package io.baton.profiler.measure;

import java.time.Duration;

import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.annotation.Validated;

/**
 * What measuring one variant may cost the profiler, bound from {@code baton.profiler.limits.*}. A model is code that
 * ONNX Runtime runs: one whose run loops or allocates without end would otherwise hold the profiler (and every job
 * queued behind it) for as long as it likes, or take the machine's memory. Past a limit the variant is refused, its
 * job failed with the limit and what was measured, and no profile written, so it is never served.
 *
 * @param runTime      the longest one run (one batch) may take (by default 10s: the largest zoo model takes under 100 ms
 *                     at batch 64 on one core)
 * @param totalTime    the longest the measurement of one variant may take, all batch sizes and the accuracy pass
 *                     together
 * @param memoryGrowth how much the profiler's resident memory may grow from before the variant's session was created:
 *                     the session, its arena and any run's buffers
 */
@Validated
@ConfigurationProperties(prefix = "baton.profiler.limits")
public record ProfilingLimits(
        @DefaultValue("10s") @DurationMin(nanos = 0, inclusive = false) Duration runTime,
        @DefaultValue("5m") @DurationMin(nanos = 0, inclusive = false) Duration totalTime,
        @DefaultValue("1GB") DataSize memoryGrowth) {

    public ProfilingLimits {
        if (memoryGrowth.toBytes() <= 0) {
            throw new IllegalArgumentException("baton.profiler.limits.memory-growth must be > 0");
        }
    }

    /** The defaults, as Spring binds them when nothing is configured. */
    public static ProfilingLimits defaults() {
        return new Binder().bindOrCreate("baton.profiler.limits", ProfilingLimits.class);
    }
}
