package io.baton.core.registry;

import java.util.List;
import java.util.Optional;

/**
 * One scheduling policy, as every part of Baton sees it.
 *
 * @param name       the policy id applications, scenarios and plan requests name
 * @param kinds      the application kinds it serves (single, ensemble, pipeline); empty when no application may name it
 * @param simulator  how the simulator builds it for one run; null when a scenario cannot name it
 * @param planner    its planner for {@code baton plan} and {@code POST /v1/plans/{policy}}; null when it plans nothing
 * @param live       how scheduler-service serves it live
 */
public record PolicyEntry(String name, List<String> kinds, DispatcherFactory simulator, Planner planner,
                          LiveEngineKind live) {

    /**
     * A planner and its place in the planners' listing ({@code baton plan}'s and the scheduler's "one of ..."
     * messages name the planners in this order, which differs from the registry's own).
     */
    public record Planner(int listed, PlanFunction plan) {
    }

    public PolicyEntry {
        kinds = List.copyOf(kinds);
    }

    /** Whether an application may name this policy. */
    public boolean applicationSelectable() {
        return !kinds.isEmpty();
    }

    public Optional<DispatcherFactory> simulation() {
        return Optional.ofNullable(simulator);
    }

    public Optional<Planner> planning() {
        return Optional.ofNullable(planner);
    }
}
