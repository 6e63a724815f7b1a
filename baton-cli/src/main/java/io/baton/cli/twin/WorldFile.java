package io.baton.cli.twin;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.baton.cli.ScenarioParser;
import io.baton.core.plan.InputException;
import io.baton.core.plan.JsonInput;
import io.baton.core.sim.ModelLoad;
import io.baton.core.sim.Scenario;

/**
 * The world given offline ({@code --world FILE}): {@code {"devices": N, "models": [...]}}, each model an application
 * of kind single as a scenario file writes it ({@code name}, {@code alphaMs}/{@code betaMs} or {@code latencyMs} with
 * {@code fit}, {@code sloMs}, {@code maxBatch}; see scheduling-core's README). Errors name the field.
 */
public final class WorldFile {

    private WorldFile() {
    }

    public static World parse(String text) {
        JsonInput in = JsonInput.parse(text, "world");
        int devices = in.intAtLeast("devices", 1);
        if (devices > 100_000) throw new InputException("devices must be ≤ 100000");
        List<JsonInput> models = in.objects("models");
        if (models.isEmpty()) throw new InputException("models must list at least one application");
        Map<String, World.Model> out = new LinkedHashMap<>();
        for (JsonInput m : models) {
            ModelLoad load = ScenarioParser.tracedModel(m);
            int cap = load.maxBatch() == Scenario.UNBOUNDED_BATCH ? 64 : load.maxBatch();
            if (out.put(load.name(), new World.Model(load.name(), "single", load.profile(), load.sloMs(), cap)) != null) {
                throw new InputException(m.fieldPath("name") + " '" + load.name() + "' is used twice");
            }
        }
        in.rejectUnknown();
        return new World(devices, out);
    }
}
