/**
 * Keeping the worker known to the scheduler: {@link io.baton.worker.membership.MembershipReporter} registers,
 * heartbeats and re-registers when forgotten, through {@link io.baton.worker.membership.SchedulerClient}
 * ({@link io.baton.worker.membership.HttpSchedulerClient}), with scheduling-core's {@code io.baton.commons.membership}
 * bodies.
 */
package io.baton.worker.membership;
