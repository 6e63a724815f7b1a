package io.baton.scheduler.warmup;

import java.time.Duration;

import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Min;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import io.baton.core.warmup.SettleRule;

/**
 * {@code baton.scheduler.warmup.*}: how the scheduler warms its request path before it reports ready.
 *
 * @param enabled     false: ready as soon as it has started, cold
 * @param bound       the whole warm-up's limit, the wait for a worker and the registry included; past it the
 *                    scheduler is ready anyway (logged)
 * @param workerWait  how long, within the bound, it waits for a worker to register (LIVE) before it is ready cold:
 *                    a few heartbeat intervals, so that the workers of a scheduler restarted alone re-register, while
 *                    a first start (whose workers wait for it, or reach it through a Service routing to ready pods
 *                    only) is delayed no longer than that
 * @param window      requests per window of the settle rule
 * @param tolerance   how close (a fraction) the last window's median latency must be to the one before
 * @param minRequests requests served per application before it can count as settled
 * @param maxRequests requests sent per application at most: they reach real workers, so the count stays small
 * @param concurrency synthetic requests in flight at once per application
 */
@Validated
@ConfigurationProperties(prefix = "baton.scheduler.warmup")
public record SchedulerWarmupProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("20s") Duration bound,
        @DefaultValue("5s") Duration workerWait,
        @DefaultValue("10") @Min(1) int window,
        @DefaultValue("0.10") @DecimalMin("0") double tolerance,
        @DefaultValue("40") @Min(0) int minRequests,
        @DefaultValue("200") @Min(1) int maxRequests,
        @DefaultValue("2") @Min(1) int concurrency) {

    public SchedulerWarmupProperties {
        if (bound.isNegative()) {
            throw new IllegalArgumentException("baton.scheduler.warmup.bound must not be negative, got " + bound);
        }
        if (workerWait.isNegative()) {
            throw new IllegalArgumentException("baton.scheduler.warmup.worker-wait must not be negative, got " + workerWait);
        }
    }

    public SettleRule rule() {
        return new SettleRule(window, tolerance, minRequests);
    }
}
