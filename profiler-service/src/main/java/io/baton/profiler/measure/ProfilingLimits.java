package io.baton.profiler.measure;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * What measuring one variant may cost the profiler, bound from {@code baton.profiler.limits.*}. A model is code that
 * ONNX Runtime runs: one whose run loops or allocates without end would otherwise hold the profiler (and every job
 * queued behind it) for as long as it likes, or take the machine's memory. Past a limit the variant is refused, its
 * job failed with the limit and what was measured, and no profile written, so it is never served.
 *
 * @param runTime      the longest one run (one batch) may take (default 10s; the largest zoo model takes under 100 ms
 *                     at batch 64 on one core)
 * @param totalTime    the longest the measurement of one variant may take, all batch sizes and the accuracy pass
 *                     together (default 5m)
 * @param memoryGrowth how much the profiler's resident memory may grow from before the variant's session was created
 *                     (default 1GB): the session, its arena and any run's buffers
 */
@ConfigurationProperties(prefix = "baton.profiler.limits")
public record ProfilingLimits(Duration runTime, Duration totalTime, DataSize memoryGrowth) {

    public ProfilingLimits {
        if (runTime == null) runTime = Duration.ofSeconds(10);
        if (totalTime == null) totalTime = Duration.ofMinutes(5);
        if (memoryGrowth == null) memoryGrowth = DataSize.ofGigabytes(1);
        if (runTime.isNegative() || runTime.isZero()) {
            throw new IllegalArgumentException("baton.profiler.limits.run-time must be > 0");
        }
        if (totalTime.isNegative() || totalTime.isZero()) {
            throw new IllegalArgumentException("baton.profiler.limits.total-time must be > 0");
        }
        if (memoryGrowth.toBytes() <= 0) {
            throw new IllegalArgumentException("baton.profiler.limits.memory-growth must be > 0");
        }
    }

    public static ProfilingLimits defaults() {
        return new ProfilingLimits(null, null, null);
    }
}
