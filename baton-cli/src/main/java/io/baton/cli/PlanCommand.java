package io.baton.cli;

import io.baton.core.plan.InputException;
import io.baton.core.plan.Plans;
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
}
