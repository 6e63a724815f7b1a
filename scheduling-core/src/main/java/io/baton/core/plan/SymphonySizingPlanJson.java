package io.baton.core.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.baton.core.symphony.sizing.InfeasibleSizingException;
import io.baton.core.symphony.sizing.SizingInput;
import io.baton.core.symphony.sizing.SizingPlan;
import io.baton.core.symphony.sizing.SymphonySizing;

/**
 * {@code baton plan symphony-sizing}: Symphony's cluster sizing for one model as a stable contract. Reads
 * {@code {"alphaMs","betaMs","sloMs","rate","maxBatch"?}} and prints {@code {"gpus","batch"}}.
 */
public final class SymphonySizingPlanJson {

    private SymphonySizingPlanJson() {}

    /** Reads {"alphaMs","betaMs","sloMs","rate","maxBatch"?}, prints {"gpus","batch"}. */
    public static ObjectNode plan(JsonInput in) {
        double alpha = in.number("alphaMs");
        double beta = in.number("betaMs");
        double slo = in.number("sloMs");
        double rate = in.number("rate");
        Integer maxBatch = in.has("maxBatch") ? in.intAtLeast("maxBatch", 1) : null;
        in.rejectUnknown();
        if (alpha < 0) throw new InputException("alphaMs must be ≥ 0");
        if (beta < 0) throw new InputException("betaMs must be ≥ 0");
        if (alpha + beta <= 0) throw new InputException("alphaMs and betaMs cannot both be 0");
        if (slo <= 0) throw new InputException("sloMs must be > 0");
        if (rate <= 0) throw new InputException("rate must be > 0");
        SizingPlan plan;
        try {
            plan = new SymphonySizing().plan(new SizingInput(alpha, beta, slo, rate, maxBatch));
        } catch (InfeasibleSizingException e) {
            throw new InputException(InputException.oneLine(e.getMessage()));
        }
        ObjectNode o = JsonInput.MAPPER.createObjectNode();
        o.put("gpus", plan.gpus());
        o.put("batch", plan.batch());
        return o;
    }
}
