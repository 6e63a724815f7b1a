/**
 * The gateway's calls to scheduler-service: {@link io.baton.gateway.scheduler.SchedulerClient}
 * ({@code POST /internal/v1/infer}, {@code POST /internal/v1/ensemble-queries}, application state for readiness) behind
 * {@link io.baton.gateway.scheduler.SchedulerGuard} (bulkhead, circuit breaker, per-call time limit), with the wire
 * records ({@link io.baton.gateway.scheduler.SchedulerCall}, {@link io.baton.gateway.scheduler.SchedulerAnswer},
 * {@link io.baton.gateway.scheduler.EnsembleCall}, {@link io.baton.gateway.scheduler.EnsembleAnswer}) encoded by
 * {@link io.baton.gateway.scheduler.SchedulerWire}; inference over the schedulers' gRPC intakes when they are
 * configured ({@link io.baton.gateway.scheduler.SchedulerGrpc}, raw tensors by
 * {@link io.baton.gateway.scheduler.SchedulerGrpcWire}).
 */
package io.baton.gateway.scheduler;
