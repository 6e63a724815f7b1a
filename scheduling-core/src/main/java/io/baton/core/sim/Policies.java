package io.baton.core.sim;

import io.baton.core.policy.Dispatcher;
import io.baton.core.registry.DispatcherFactory;
import io.baton.core.registry.PolicyEntry;
import io.baton.core.registry.PolicyRegistry;
import java.util.List;

/** The dispatchers a scenario can name, by policy id: the entries of {@link PolicyRegistry} the simulator builds. */
public final class Policies {
    public static final List<String> IDS = PolicyRegistry.simulatedIds();

    private Policies() {}

    /** A fresh dispatcher for one run of the scenario. */
    public static Dispatcher create(String id, Scenario scenario) {
        DispatcherFactory factory = PolicyRegistry.find(id).flatMap(PolicyEntry::simulation).orElseThrow(() ->
                new IllegalArgumentException("unknown policy '" + id + "': one of " + String.join(", ", IDS)));
        return factory.create(scenario.rates());
    }

    public static SimulationResult simulate(String id, Scenario scenario) {
        return Simulator.run(scenario.toSpec(), create(id, scenario));
    }
}
