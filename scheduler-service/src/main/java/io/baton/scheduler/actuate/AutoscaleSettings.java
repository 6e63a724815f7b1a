package io.baton.scheduler.actuate;

import java.time.Duration;

import org.springframework.boot.context.properties.bind.DefaultValue;

import io.baton.core.symphony.autoscale.AutoscalingAdvisor;

/**
 * Symphony's epoch autoscaling ({@code baton.scheduler.actuator.autoscale.*}; scheduling-core's
 * {@link AutoscalingAdvisor}, whose defaults these are), off unless enabled.
 *
 * @param enabled                  run the epoch loop
 * @param period                   the epoch: the advice is computed from this long of live metrics
 * @param badRateThreshold         add devices when the epoch's bad rate is above this
 * @param minIdleFractionToRelease release devices only from this idle fraction up
 * @param maxGrowthFactor          at most this many times N added in one epoch
 */
public record AutoscaleSettings(
        @DefaultValue("false") boolean enabled,
        @DefaultValue("60s") Duration period,
        @DefaultValue("" + AutoscalingAdvisor.DEFAULT_BAD_RATE_THRESHOLD) Double badRateThreshold,
        @DefaultValue("" + AutoscalingAdvisor.DEFAULT_MIN_IDLE_FRACTION_TO_RELEASE) Double minIdleFractionToRelease,
        @DefaultValue("" + AutoscalingAdvisor.DEFAULT_MAX_GROWTH_FACTOR) Double maxGrowthFactor) {

    public AutoscaleSettings {
        if (period != null && (period.isNegative() || period.isZero())) {
            throw new IllegalArgumentException("baton.scheduler.actuator.autoscale.period must be > 0, got " + period);
        }
    }

    /** The advisor these settings describe (it rejects values out of range, naming them). */
    public AutoscalingAdvisor advisor() {
        try {
            return new AutoscalingAdvisor(badRateThreshold, minIdleFractionToRelease, maxGrowthFactor);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("baton.scheduler.actuator.autoscale: " + e.getMessage(), e);
        }
    }
}
