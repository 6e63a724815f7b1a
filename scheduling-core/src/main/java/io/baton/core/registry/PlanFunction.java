package io.baton.core.registry;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.baton.core.plan.JsonInput;

/** One planner as a JSON contract: its input read field by field, its plan as the JSON {@code baton plan} prints. */
@FunctionalInterface
public interface PlanFunction {

    /** @throws io.baton.core.plan.InputException bad input, naming the field at fault */
    ObjectNode plan(JsonInput input);
}
