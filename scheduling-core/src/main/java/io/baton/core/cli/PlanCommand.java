package io.baton.core.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.baton.core.symphony.sizing.InfeasibleSizingException;
import io.baton.core.symphony.sizing.SizingInput;
import io.baton.core.symphony.sizing.SizingPlan;
import io.baton.core.symphony.sizing.SymphonySizing;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;

/** {@code baton plan <policy> --input FILE|-}: one planner, JSON in, JSON out (through {@link Plans}). */
final class PlanCommand {
    static final List<String> POLICIES = Plans.POLICIES;

    private PlanCommand() {}

    static void run(List<String> args, InputStream in, PrintStream out) {
        if (args.isEmpty() || args.get(0).startsWith("--")) {
            throw new InputException("plan needs a policy: one of " + String.join(", ", POLICIES));
        }
        String policy = args.get(0);
        String text = Baton.readInput(Baton.option(args, "--input"), in, "--input");
        out.println(Plans.plan(policy, text));
    }

    /** Reads {"alphaMs","betaMs","sloMs","rate","maxBatch"?}, prints {"gpus","batch"}. */
    static ObjectNode sizing(JsonInput in) {
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
            throw new InputException(Baton.oneLine(e.getMessage()));
        }
        ObjectNode o = JsonInput.MAPPER.createObjectNode();
        o.put("gpus", plan.gpus());
        o.put("batch", plan.batch());
        return o;
    }
}
