package io.baton.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.baton.core.plan.JsonInput;
import io.baton.core.sim.Policies;
import io.baton.core.sim.Scenario;
import io.baton.core.sim.SimulationResult;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code baton simulate --scenario FILE|- [--detail]}: runs every policy the scenario names over the
 * same arrivals and prints {"results":[{"policy","goodput","badRate","meanBatch","idleFraction",
 * "p99LatencyMs"}]}; --detail adds the other measured fields.
 */
final class SimulateCommand {
    private SimulateCommand() {}

    static void run(List<String> args, InputStream in, PrintStream out) {
        String source = Baton.option(args, "--scenario");
        String text = Baton.readInput(source, in, "--scenario");
        Path base = source == null || source.equals("-") ? null : Path.of(source).toAbsolutePath().getParent();
        Scenario scenario = ScenarioParser.parse(text, base);
        boolean detail = args.contains("--detail");
        List<SimulationResult> results = scenario.policies().parallelStream()
                .map(p -> Policies.simulate(p, scenario))
                .toList();
        out.println(toJson(results, detail));
    }

    static String toJson(List<SimulationResult> results, boolean detail) {
        ObjectNode root = JsonInput.MAPPER.createObjectNode();
        ArrayNode arr = root.putArray("results");
        for (SimulationResult r : results) {
            ObjectNode o = arr.addObject();
            o.put("policy", r.policy());
            o.put("goodput", round(r.goodput()));
            o.put("badRate", round(r.badRate()));
            o.put("meanBatch", round(r.meanBatch()));
            o.put("idleFraction", round(r.idleFraction()));
            o.put("p99LatencyMs", round(r.p99LatencyMs()));
            if (detail) {
                o.put("p50LatencyMs", round(r.p50LatencyMs()));
                o.put("missRate", round(r.missRate()));
                o.put("offered", r.offered());
                o.put("good", r.good());
                o.put("late", r.late());
                o.put("dropped", r.dropped());
                o.put("batches", r.batches());
                o.put("lateStarts", r.lateStarts());
                o.put("unfinished", r.unfinished());
            }
        }
        return root.toString();
    }

    /** Six significant digits: enough for any comparison, stable text across platforms. */
    static double round(double v) {
        if (!Double.isFinite(v) || v == 0) return 0; // JSON has no NaN: an empty measurement reads 0
        double scale = Math.pow(10, 5 - (int) Math.floor(Math.log10(Math.abs(v))));
        return Math.round(v * scale) / scale;
    }
}
