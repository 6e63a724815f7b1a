package io.baton.core.cli;

import io.baton.core.bench.SchembleBench;
import io.baton.core.schemble.EnsembleOutputs;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * {@code baton bench schemble [--outputs FILE] [--seed S] [--rate QPS] [--seconds T] [--deadlines 60,80,…]
 * [--latencies 10,40,50] [--bins B] [--delta D]}: Exp-1 and Exp-2 over recorded ensemble outputs (the
 * format of {@link EnsembleOutputs}), or over a seeded synthetic ensemble when no file is given; and
 * {@code baton bench schemble-planner [--delta D] [--queries N]}: Algorithm 1's median planning time.
 */
final class SchembleBenchCli {
    private SchembleBenchCli() {}

    static void run(List<String> args, PrintStream out) {
        long seed = (long) number(args, "--seed", 1);
        String file = Baton.option(args, "--outputs");
        EnsembleOutputs data;
        try {
            data = file == null ? EnsembleOutputs.synthetic(4000, seed) : EnsembleOutputs.read(Path.of(file));
        } catch (IOException e) {
            throw new InputException("--outputs: cannot read " + file + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new InputException("--outputs: " + Baton.oneLine(e.getMessage()));
        }
        double[] lat = list(args, "--latencies", new double[] {10, 40, 50});
        if (lat.length != data.models().size()) throw new InputException("--latencies needs one latency per model (" + data.models().size() + ")");
        double[] deadlines = list(args, "--deadlines", new double[] {60, 80, 100, 150});
        int bins = (int) number(args, "--bins", 5);
        if (bins < 1) throw new InputException("--bins must be ≥ 1");
        double delta = number(args, "--delta", 0.01);
        double rate = number(args, "--rate", 28);
        double seconds = number(args, "--seconds", 60);
        SchembleBench bench = new SchembleBench(new SchembleBench.Config(data, lat, deadlines, rate, seconds * 1000, bins, delta, seed));
        out.println("data: " + (file == null ? "synthetic 3-model ensemble (seed " + seed + ")" : file) + ", " + data.samples().size()
                + " samples; latencies " + Arrays.toString(lat) + " ms; mean rate " + rate + "/s; " + seconds + " s");
        SchembleBench.printExp1(bench.exp1(), out);
        out.println();
        SchembleBench.printExp2(bench.exp2(deadlines[deadlines.length - 1]), out);
    }

    static void planner(List<String> args, PrintStream out) {
        double delta = number(args, "--delta", 0.01);
        int queries = (int) number(args, "--queries", 32);
        double[] t = SchembleBench.plannerSpeed(delta, queries, 2000, 1);
        out.printf("Algorithm 1, %d buffered queries, 3 models, delta %s: median %.3f ms, p99 %.3f ms%n", queries, delta, t[0], t[1]);
    }

    private static double number(List<String> args, String name, double dflt) {
        String v = Baton.option(args, name);
        if (v == null) return dflt;
        try {
            double d = Double.parseDouble(v);
            if (!(d > 0) || !Double.isFinite(d)) throw new NumberFormatException();
            return d;
        } catch (NumberFormatException e) {
            throw new InputException(name + " must be a positive number, got '" + v + "'");
        }
    }

    private static double[] list(List<String> args, String name, double[] dflt) {
        String v = Baton.option(args, name);
        if (v == null) return dflt;
        try {
            double[] d = Arrays.stream(v.split(",")).mapToDouble(Double::parseDouble).toArray();
            for (double x : d) if (!(x > 0)) throw new NumberFormatException();
            return d;
        } catch (NumberFormatException e) {
            throw new InputException(name + " must be positive numbers separated by commas, got '" + v + "'");
        }
    }
}
