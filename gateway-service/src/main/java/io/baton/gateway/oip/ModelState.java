package io.baton.gateway.oip;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.baton.gateway.registry.ApplicationDefinition;
import io.baton.gateway.registry.VariantDefinition;
import io.baton.gateway.scheduler.ApplicationState;

/**
 * Which state a model (an application) and each of its versions (variants) is in, as its metadata and readiness
 * answer it: {@code "profiled"} (the scheduler plans it with a latency profile), {@code "profiling"} (no profile
 * yet, and a queued or running profiling job covers it) or {@code "unprofiled"} (no profile and no job: served
 * work-conserving, its latencies learned online). The model is profiled when every version is, profiling when a
 * version is being profiled, else unprofiled; a model without versions is unprofiled.
 *
 * @param state    the model's state, or for a route naming a version that version's
 * @param versions each version's state, by name in the application's order
 */
record ModelState(String state, Map<String, String> versions) {

    static final String PROFILED = "profiled", PROFILING = "profiling", UNPROFILED = "unprofiled";

    /**
     * @param scheduler the scheduler's view of the application; empty when it does not know it (nothing profiled)
     * @param profiling the variants a queued or running profiling job covers
     * @param version   the version the route names, or null
     */
    static ModelState of(ApplicationDefinition app, Optional<ApplicationState> scheduler, Set<String> profiling,
                         VariantDefinition version) {
        Map<String, String> versions = new LinkedHashMap<>();
        List<ApplicationState.VariantState> known = scheduler.map(ApplicationState::variants).orElse(List.of());
        for (VariantDefinition v : app.variants()) {
            boolean profiled = known.stream().anyMatch(s -> s.name().equals(v.name()) && s.hasProfile());
            versions.put(v.name(), profiled ? PROFILED : profiling.contains(v.name()) ? PROFILING : UNPROFILED);
        }
        String state;
        if (version != null) {
            state = versions.getOrDefault(version.name(), UNPROFILED);
        } else if (versions.isEmpty()) {
            state = UNPROFILED;
        } else if (versions.values().stream().allMatch(PROFILED::equals)) {
            state = PROFILED;
        } else {
            state = versions.containsValue(PROFILING) ? PROFILING : UNPROFILED;
        }
        return new ModelState(state, versions);
    }
}
