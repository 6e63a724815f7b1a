/**
 * Worker membership: {@link io.baton.scheduler.membership.WorkerController} (register, heartbeat, list),
 * {@link io.baton.scheduler.membership.WorkerRegistry} (liveness judged on the scheduler's own clock, each worker id
 * bound to its address) and {@link io.baton.scheduler.membership.WorkerEvictor};
 * {@link io.baton.scheduler.membership.WorkerListener} tells dispatch when a worker joins or leaves.
 */
package io.baton.scheduler.membership;
