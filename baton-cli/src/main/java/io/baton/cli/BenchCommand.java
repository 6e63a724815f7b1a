package io.baton.cli;

import io.baton.cli.bench.GoodputSearch;
import io.baton.cli.bench.IpaBench;
import io.baton.cli.bench.IpaForecastBench;
import io.baton.cli.bench.IpaSolverBench;
import io.baton.cli.bench.SchedulerThroughputBench;
import io.baton.cli.bench.SimulatorSpeedBench;
import io.baton.cli.bench.SymphonyPoliciesBench;
import io.baton.cli.bench.Table4Bench;
import io.baton.core.plan.InputException;
import io.baton.core.sim.Policies;
import java.io.PrintStream;
import java.util.List;

/** {@code baton bench <name> [options]}: reproduction and performance benchmarks, printed as tables. */
final class BenchCommand {
    static final List<String> NAMES = List.of("symphony-policies", "symphony-table4", "scheduler-throughput", "simulator-speed",
            "interference", "interference-calibrate", "interference-planner", "sneakpeek", "ipa-solver", "ipa", "ipa-forecast",
            "schemble", "schemble-planner", "live", "faults", "soak", "fuzz", "jmh");

    private BenchCommand() {}

    static void run(List<String> args, PrintStream out) {
        if (args.isEmpty()) throw new InputException("bench needs a name: one of " + String.join(", ", NAMES));
        String name = args.get(0);
        switch (name) {
            case "symphony-policies" -> {
                long seed = longOption(args, "--seed", 1);
                long seeds = longOption(args, "--seeds", 1);
                if (seeds < 1 || seeds > 100) throw new InputException("--seeds must be in 1..100, got " + seeds);
                String setup = Baton.option(args, "--setup");
                if (setup != null && !setup.equals("mixed") && !setup.equals("homogeneous")) {
                    throw new InputException("--setup must be mixed or homogeneous, got '" + setup + "'");
                }
                var grid = SymphonyPoliciesBench.grid(args.contains("--full")).stream()
                        .filter(c -> setup == null || c.setup().equals(setup)).toList();
                var rows = SymphonyPoliciesBench.runAll(grid, GoodputSearch.standard(), seed, (int) seeds);
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
            case "simulator-speed" -> {
                String policy = Baton.option(args, "--policy");
                if (policy != null && !Policies.IDS.contains(policy)) {
                    throw new InputException("--policy must be one of " + String.join(", ", Policies.IDS) + ", got '" + policy + "'");
                }
                double before = SimulatorSpeedBench.loadAverage();
                var rows = SimulatorSpeedBench.run(policy);
                SimulatorSpeedBench.print(rows, before, SimulatorSpeedBench.loadAverage(), out);
            }
            case "interference" -> {
                long seed = longOption(args, "--seed", 1);
                double load = doubleOption(args, "--load", 1.0);
                long seconds = longOption(args, "--seconds", 10);
                if (seconds < 1) throw new InputException("--seconds must be ≥ 1");
                String world = Baton.option(args, "--world");
                if (world == null || world.equals("xavier-like")) {
                    new io.baton.cli.bench.InterferenceBench(seed, load, seconds * 1000.0, !args.contains("--no-slo")).run(out);
                } else if (world.equals("calibrated")) {
                    var truth = io.baton.cli.bench.InterferenceCalibrateBench.calibratedTruth(InterferenceCalibrateCli.cached(args));
                    new io.baton.cli.bench.InterferenceBench(seed, load, seconds * 1000.0, !args.contains("--no-slo"), truth,
                            "xavier-like, interference scale " + String.format("%.4f", truth.scale())
                                    + " calibrated from this machine's co-runs (bench interference-calibrate)").run(out);
                } else {
                    throw new InputException("--world must be xavier-like or calibrated, got '" + world + "'");
                }
            }
            case "interference-calibrate" -> InterferenceCalibrateCli.run(args, out);
            case "sneakpeek" -> SneakPeekBenchCommand.run(args, out);
            case "ipa" -> {
                String pipeline = Baton.option(args, "--pipeline");
                List<String> pipelines = pipeline == null ? io.baton.core.ipa.IpaPipelines.NAMES : List.of(pipeline);
                for (String p : pipelines) {
                    if (!io.baton.core.ipa.IpaPipelines.NAMES.contains(p)) {
                        throw new InputException("--pipeline must be one of " + io.baton.core.ipa.IpaPipelines.NAMES + ", got '" + p + "'");
                    }
                }
                String forecaster = Baton.option(args, "--forecaster");
                int seconds = (int) longOption(args, "--seconds", 1200);
                if (seconds < 30) throw new InputException("--seconds must be ≥ 30");
                IpaBench.print(IpaBench.run(pipelines, seconds, forecaster == null ? "moving-max" : forecaster,
                        longOption(args, "--seed", 1)), out);
            }
            case "ipa-forecast" -> {
                int hours = (int) longOption(args, "--hours", 24);
                if (hours < 1) throw new InputException("--hours must be ≥ 1");
                IpaForecastBench.print(IpaForecastBench.run(hours, longOption(args, "--seed", 7)), out);
            }
            case "ipa-solver" -> IpaSolverBench.print(IpaSolverBench.run(new int[][] {{2, 5}, {3, 5}, {5, 5}, {10, 5}, {10, 10}},
                    (int) longOption(args, "--instances", 30), (int) longOption(args, "--mip", 3), longOption(args, "--seed", 1)), out);
            case "interference-planner" -> {
                long rounds = longOption(args, "--rounds", 5);
                if (rounds < 1) throw new InputException("--rounds must be ≥ 1");
                io.baton.cli.bench.InterferencePlannerBench.print(
                        io.baton.cli.bench.InterferencePlannerBench.run((int) rounds, longOption(args, "--seed", 1)), out);
            }
            case "schemble" -> SchembleBenchCli.run(args, out);
            case "schemble-planner" -> SchembleBenchCli.planner(args, out);
            case "live" -> againstServices("live", () -> LiveBenchCommand.run(args, out));
            case "faults" -> againstServices("faults", () -> FaultsCommand.run(args, out, System.getenv()));
            case "soak" -> againstServices("soak", () -> SoakBenchCommand.run(args, out));
            case "fuzz" -> FuzzCommand.run(args, out);
            case "jmh" -> JmhCommand.run(args.subList(1, args.size()));
            default -> throw new InputException("unknown benchmark '" + name + "': one of " + String.join(", ", NAMES));
        }
    }

    /** What a bench that talks to live services may throw, beyond its own input errors. */
    @FunctionalInterface
    private interface ServiceBench {
        void run() throws Exception;
    }

    /** Runs a bench against live services: an interrupt or an I/O failure becomes one line naming the bench. */
    private static void againstServices(String name, ServiceBench bench) {
        try {
            bench.run();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new io.baton.cli.suite.SuiteException("interrupted", e);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new io.baton.cli.suite.SuiteException("bench " + name + ": " + e, e);
        }
    }

    static double doubleOption(List<String> args, String name, double dflt) {
        String v = Baton.option(args, name);
        if (v == null) return dflt;
        try {
            double d = Double.parseDouble(v);
            if (!(d > 0) || Double.isInfinite(d)) throw new InputException(name + " must be > 0, got " + v);
            return d;
        } catch (NumberFormatException e) {
            throw new InputException(name + " must be a number, got '" + v + "'");
        }
    }

    static long longOption(List<String> args, String name, long dflt) {
        String v = Baton.option(args, name);
        if (v == null) return dflt;
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new InputException(name + " must be an integer, got '" + v + "'");
        }
    }
}
