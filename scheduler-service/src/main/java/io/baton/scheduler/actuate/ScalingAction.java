package io.baton.scheduler.actuate;

import java.time.Instant;

/**
 * One request to scale a pool and what became of it, as {@code GET /v1/actuator/state} lists it.
 *
 * @param at        when it was asked (scheduler's clock)
 * @param pool      the pool
 * @param source    who asked: {@code autoscale} (the epoch loop), {@code ipa} (an applied IPA plan), {@code manual}
 * @param from      the pool's count before (its desired count, else its current one); null when it could not be read
 * @param requested the count asked for
 * @param target    the count applied or to be applied: {@code requested} within the pool's bounds; null when the pool
 *                  could not be read
 * @param outcome   what happened
 * @param reason    why it was asked (the advice's or the plan's own words)
 * @param detail    what the outcome needs explained: bounds that clamped it, when the cooldown ends, the error
 */
public record ScalingAction(Instant at, String pool, String source, Integer from, int requested, Integer target,
                            Outcome outcome, String reason, String detail) {

    /** What became of a scaling. */
    public enum Outcome {
        /** The actuator set the pool to {@code target}. */
        APPLIED,
        /** The pool already had {@code target}: nothing to do, and no cooldown started. */
        UNCHANGED,
        /** The pool was scaled less than {@code cooldown} ago: not applied. */
        COOLDOWN,
        /** The actuator failed (API server error, unknown pool, a process that would not start): not applied. */
        FAILED
    }
}
