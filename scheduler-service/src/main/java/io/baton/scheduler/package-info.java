/**
 * Scheduler-service, the live control plane: per-request dispatch by scheduling-core's policies on a wall clock, epoch
 * planning and autoscaling, IPA's pipeline adaptation, and worker membership.
 *
 * <p>Entry points: {@link io.baton.scheduler.SchedulerApplication} and {@link io.baton.scheduler.SchedulerProperties}
 * ({@code baton.scheduler.*}). A request comes in at {@link io.baton.scheduler.infer.InferController}, is dispatched by
 * {@link io.baton.scheduler.dispatch.DispatchService} and runs on a worker through
 * {@link io.baton.scheduler.dispatch.WorkerClient}.
 */
package io.baton.scheduler;
