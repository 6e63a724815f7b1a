package io.baton.scheduler.actuate;

import java.util.List;

/**
 * {@code GET /v1/actuator/state}: the actuator, its pools, the epoch loop and the last scaling actions.
 *
 * @param kind      {@code local} or {@code kubernetes}
 * @param cooldownMs the cooldown between two scalings of one pool
 * @param pools     every pool the actuator manages
 * @param autoscale the epoch loop's settings and last epoch
 * @param actions   the last scaling actions, newest first
 */
public record ActuatorState(String kind, double cooldownMs, List<PoolState> pools, AutoscaleState autoscale,
                            List<ScalingAction> actions) {

    /**
     * @param enabled   whether the epoch loop runs
     * @param periodMs  its period
     * @param lastEpoch the last epoch's signals and advice (null before the first)
     */
    public record AutoscaleState(boolean enabled, double periodMs, EpochReport lastEpoch) {
    }
}
