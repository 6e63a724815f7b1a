package io.baton.gateway.warmup;

import java.time.Duration;

import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Min;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

import io.baton.core.warmup.SettleRule;

/**
 * {@code baton.gateway.warmup.*}: how the gateway warms its routes before it reports ready.
 *
 * @param enabled     false: ready as soon as it has started, cold
 * @param bound       the whole warm-up's limit, registry reads included; past it the gateway is ready anyway (logged)
 * @param window      requests per window of the settle rule
 * @param tolerance   how close (a fraction) the last window's median latency must be to the one before
 * @param minRequests requests served per application before it can count as settled: by default more than the 1,250
 *                    invocations after which HotSpot compiles a method with C2 under the suite's
 *                    {@code -XX:CompileThresholdScaling=0.25} (latency settles on C1-compiled code long before)
 * @param concurrency synthetic requests in flight at once per application: enough for the scheduler to form batches
 *                    of several, whose paths would otherwise stay cold
 */
@Validated
@ConfigurationProperties(prefix = "baton.gateway.warmup")
public record WarmupProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("45s") Duration bound,
        @DefaultValue("50") @Min(1) int window,
        @DefaultValue("0.10") @DecimalMin("0") double tolerance,
        @DefaultValue("1500") @Min(0) int minRequests,
        @DefaultValue("16") @Min(1) int concurrency) {

    public WarmupProperties {
        if (bound.isNegative()) {
            throw new IllegalArgumentException("baton.gateway.warmup.bound must not be negative, got " + bound);
        }
    }

    public SettleRule rule() {
        return new SettleRule(window, tolerance, minRequests);
    }
}
