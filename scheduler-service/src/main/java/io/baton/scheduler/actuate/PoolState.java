package io.baton.scheduler.actuate;

import java.time.Instant;

/**
 * One pool in {@code GET /v1/actuator/state}.
 *
 * @param pool          the pool (a device kind)
 * @param target        what is scaled ({@code deployment baton/worker-cpu}, {@code processes: …}, {@code recorded only});
 *                      null when the pool could not be read
 * @param desired       the count last set; null when never set or unreadable
 * @param current       the replicas there are (ready pods, running processes, live workers); null when unreadable
 * @param liveWorkers   workers of this kind registered with the scheduler and live
 * @param minReplicas   the pool's lower bound
 * @param maxReplicas   the pool's upper bound
 * @param cooldownUntil no change is applied before this (null when none is pending)
 * @param lastError     the last error reading or scaling it (null if none since the last success)
 * @param lastErrorAt   when that error happened
 */
public record PoolState(String pool, String target, Integer desired, Integer current, int liveWorkers, int minReplicas,
                        int maxReplicas, Instant cooldownUntil, String lastError, Instant lastErrorAt) {
}
