package io.baton.worker.warmup;

import java.time.Duration;

import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import io.baton.core.warmup.SettleRule;

/**
 * {@code baton.worker.warmup.*}: how the worker warms its batch path before it reports ready (and registers).
 *
 * @param enabled    false: ready (and registered) as soon as it has started, cold
 * @param bound      the whole warm-up's limit; past it the worker is ready anyway (logged)
 * @param window     batches per window of the settle rule
 * @param tolerance  how close (a fraction) the last window's median latency must be to the one before
 * @param minBatches batches run before the warm-up can count as settled
 * @param loadMaxBatch the largest batch a newly loaded model's session is run at (zeros) before its load is done, so
 *                   that the scheduler's first batches of a new variant are not ONNX Runtime's first runs (keep it at
 *                   the scheduler's {@code baton.scheduler.max-batch})
 * @param loadBound  how long those first runs may take per load (1, then powers of two, then the other sizes, until
 *                   it passes); 0 hands sessions over cold
 */
@Validated
@ConfigurationProperties(prefix = "baton.worker.warmup")
public record WorkerWarmupProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("20s") Duration bound,
        @DefaultValue("30") @Min(1) int window,
        @DefaultValue("0.10") @DecimalMin("0") double tolerance,
        @DefaultValue("200") @Min(0) int minBatches,
        @DefaultValue("64") @Min(1) @Max(4096) int loadMaxBatch,
        @DefaultValue("2s") Duration loadBound) {

    public WorkerWarmupProperties {
        if (bound.isNegative()) {
            throw new IllegalArgumentException("baton.worker.warmup.bound must not be negative, got " + bound);
        }
        if (loadBound.isNegative()) {
            throw new IllegalArgumentException("baton.worker.warmup.load-bound must not be negative, got " + loadBound);
        }
    }

    public SettleRule rule() {
        return new SettleRule(window, tolerance, minBatches);
    }
}
