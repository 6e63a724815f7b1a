package io.baton.core.cli;

import io.baton.core.bench.GoodputSearch;
import io.baton.core.bench.SchedulerThroughputBench;
import io.baton.core.bench.SimulatorSpeedBench;
import io.baton.core.bench.SymphonyPoliciesBench;
import io.baton.core.bench.Table4Bench;
import java.io.PrintStream;
import java.util.List;

/** {@code baton bench <name> [options]}: reproduction and performance benchmarks, printed as tables. */
final class BenchCommand {
    static final List<String> NAMES = List.of("symphony-policies", "symphony-table4", "scheduler-throughput", "simulator-speed",
            "schemble", "schemble-planner");

    private BenchCommand() {}

    static void run(List<String> args, PrintStream out) {
        if (args.isEmpty()) throw new InputException("bench needs a name: one of " + String.join(", ", NAMES));
        String name = args.get(0);
        switch (name) {
            case "symphony-policies" -> {
                long seed = longOption(args, "--seed", 1);
                var rows = SymphonyPoliciesBench.runAll(SymphonyPoliciesBench.grid(args.contains("--full")),
                        GoodputSearch.standard(), seed);
                SymphonyPoliciesBench.print(rows, out);
            }
            case "symphony-table4" -> Table4Bench.print(Table4Bench.run(longOption(args, "--seed", 1)), out);
            case "scheduler-throughput" -> {
                int models = (int) longOption(args, "--models", 1000);
                int devices = (int) longOption(args, "--devices", 10_000);
                int threads = (int) longOption(args, "--model-threads", 2);
                double seconds = longOption(args, "--seconds", 10);
                if (models < 1 || devices < 1 || threads < 1 || seconds < 1) {
                    throw new InputException("--models, --devices, --model-threads and --seconds must be ≥ 1");
                }
                SchedulerThroughputBench.print(SchedulerThroughputBench.run(models, devices, threads, seconds, 3), out);
            }
            case "simulator-speed" -> SimulatorSpeedBench.print(SimulatorSpeedBench.run(), out);
            case "schemble" -> SchembleBenchCli.run(args, out);
            case "schemble-planner" -> SchembleBenchCli.planner(args, out);
            default -> throw new InputException("unknown benchmark '" + name + "': one of " + String.join(", ", NAMES));
        }
    }

    private static long longOption(List<String> args, String name, long dflt) {
        String v = Baton.option(args, name);
        if (v == null) return dflt;
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new InputException(name + " must be an integer, got '" + v + "'");
        }
    }
}
