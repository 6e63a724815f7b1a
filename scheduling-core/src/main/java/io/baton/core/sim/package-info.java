/**
 * The discrete-event simulator: {@link io.baton.core.sim.Simulator} drives one unmodified {@code Dispatcher} on virtual
 * time over a {@link io.baton.core.sim.SimulationSpec} and reports a {@link io.baton.core.sim.SimulationResult}; events
 * are long-lived {@link io.baton.core.sim.SimEvent}s re-keyed in place in an {@link io.baton.core.sim.EventHeap}.
 * {@link io.baton.core.sim.Scenario} and {@link io.baton.core.sim.ModelLoad} are what {@code baton simulate} reads, and
 * {@link io.baton.core.sim.Policies} builds the dispatchers a scenario can name. {@link io.baton.core.sim.LivePathCosts}
 * adds what a batch costs on the live path beyond ℓ(b) (measured by the scheduler's traffic recording), and a
 * {@link io.baton.core.sim.RequestObserver} hears every request's end (for {@code baton twin}'s per-application figures).
 */
package io.baton.core.sim;
