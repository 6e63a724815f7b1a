package io.baton.worker.warmup;

import java.time.Duration;

import jakarta.validation.constraints.DecimalMin;
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
 * @param minBatches batches run before the warm-up can count as settled: by default more than the 1,250 invocations
 *                   after which HotSpot compiles a method with C2 under the suite's
 *                   {@code -XX:CompileThresholdScaling=0.25}; latency settles on C1-compiled code long before
 */
@Validated
@ConfigurationProperties(prefix = "baton.worker.warmup")
public record WorkerWarmupProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("20s") Duration bound,
        @DefaultValue("30") @Min(1) int window,
        @DefaultValue("0.10") @DecimalMin("0") double tolerance,
        @DefaultValue("1500") @Min(0) int minBatches) {

    public WorkerWarmupProperties {
        if (bound.isNegative()) {
            throw new IllegalArgumentException("baton.worker.warmup.bound must not be negative, got " + bound);
        }
    }

    public SettleRule rule() {
        return new SettleRule(window, tolerance, minBatches);
    }
}
