/**
 * The seams every policy implements and every driver provides, so that one policy object runs on both clocks:
 * {@link io.baton.core.policy.Dispatcher} (request scale: arrivals, completions, timers in; dispatches and drops out)
 * sees only its {@link io.baton.core.policy.DispatchContext} ({@link io.baton.core.policy.Clock},
 * {@link io.baton.core.policy.Timers}, devices, model table, {@link io.baton.core.policy.DispatchSink}); the simulator
 * gives it virtual time, scheduler-service wall time and real workers. {@link io.baton.core.policy.Planner} is the pure
 * epoch-scale seam, {@link io.baton.core.policy.Enricher} the gateway's per-request features and
 * {@link io.baton.core.policy.Aggregator} an ensemble's combination of outputs.
 */
package io.baton.core.policy;
