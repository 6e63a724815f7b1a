/**
 * The baselines Symphony compares against (§4, §5): {@link io.baton.core.baseline.ClockworkDispatcher} (policy
 * {@code clockwork}: one central controller, work-conserving) and {@link io.baton.core.baseline.NexusDispatcher}
 * (policy {@code nexus}) with its epoch plan from {@link io.baton.core.baseline.NexusPlanner} (squishy bin packing,
 * {@link io.baton.core.baseline.NexusPlan}).
 */
package io.baton.core.baseline;
