/**
 * Warming a serving path before it reports ready: {@link io.baton.core.warmup.SettleRule} says when latencies have
 * settled (the median of the last window within a tolerance of the window before), {@link io.baton.core.warmup.WarmupLoop}
 * sends synthetic calls until they have, or until a time bound passes. The gateway (its routes at start), the worker
 * (its batch path at start), the scheduler (its request path at start) and {@code bin/baton up} (every
 * application's route after registering it) use them.
 */
package io.baton.core.warmup;
