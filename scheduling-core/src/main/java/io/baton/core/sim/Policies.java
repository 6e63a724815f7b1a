package io.baton.core.sim;

import io.baton.core.baseline.ClockworkDispatcher;
import io.baton.core.baseline.NexusDispatcher;
import io.baton.core.policy.Dispatcher;
import io.baton.core.symphony.SymphonyDispatcher;
import java.util.List;

/** The dispatchers a scenario can name, by policy id. */
public final class Policies {
    public static final List<String> IDS = List.of("symphony", "work-conserving", "clockwork", "nexus");

    private Policies() {}

    public static boolean known(String id) {
        return IDS.contains(id);
    }

    /** A fresh dispatcher for one run of the scenario. */
    public static Dispatcher create(String id, Scenario scenario) {
        return switch (id) {
            case "symphony" -> SymphonyDispatcher.symphony();
            case "work-conserving" -> SymphonyDispatcher.workConserving();
            case "clockwork" -> new ClockworkDispatcher();
            case "nexus" -> new NexusDispatcher(scenario.rates(), 1);
            default -> throw new IllegalArgumentException("unknown policy '" + id + "': one of " + String.join(", ", IDS));
        };
    }

    public static SimulationResult simulate(String id, Scenario scenario) {
        return Simulator.run(scenario.toSpec(), create(id, scenario));
    }
}
