package io.baton.cli;

import io.baton.cli.bench.FashionMnistEnsemble;
import io.baton.cli.bench.SchembleBench;
import io.baton.core.plan.InputException;
import io.baton.core.schemble.EnsembleOutputs;
import io.baton.cli.zoo.FashionMnist;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code baton bench schemble [--synthetic | --outputs FILE] [--ensemble default|heterogeneous] [--data DIR] [--cache DIR] [--slowest-ms MS] [--seed S]
 * [--rate QPS] [--seconds T] [--deadlines 60,80,…] [--latencies 10,40,50] [--bins B] [--delta D]}: Exp-1 and Exp-2.
 * By default over the zoo's Fashion-MNIST ensemble ({@link FashionMnistEnsemble}: recorded with ONNX Runtime,
 * cached under {@code --cache}, default {@code scheduling-core/target}), its measured latencies scaled so that the
 * slowest base model takes {@code --slowest-ms} (default 50 ms) and the trained predictors' scores; {@code
 * --ensemble heterogeneous} records and replays other members of the same zoo instead ({@link
 * FashionMnistEnsemble.Members#HETEROGENEOUS}: the weak, fast fmnist-tiny beside fmnist-conv32, fmnist-wide and
 * fmnist-deep, the paper's heterogeneous ensemble; its own cache directory); {@code
 * --synthetic} replays a seeded synthetic ensemble, {@code --outputs} a recorded outputs file (the format of {@link
 * EnsembleOutputs}). And {@code baton bench schemble-planner [--delta D] [--queries N]}: Algorithm 1's median
 * planning time.
 */
final class SchembleBenchCli {
    private SchembleBenchCli() {}

    static void run(List<String> args, PrintStream out) {
        long seed = (long) number(args, "--seed", 1);
        String file = Baton.option(args, "--outputs");
        boolean synthetic = args.contains("--synthetic");
        if (synthetic && file != null) throw new InputException("--synthetic and --outputs exclude each other");
        String ensemble = Baton.option(args, "--ensemble");
        FashionMnistEnsemble.Members members = ensemble == null ? FashionMnistEnsemble.Members.DEFAULT : FashionMnistEnsemble.Members.of(ensemble);
        if (members == null) {
            throw new InputException("--ensemble must be " + Arrays.stream(FashionMnistEnsemble.Members.values())
                    .map(FashionMnistEnsemble.Members::option).collect(java.util.stream.Collectors.joining(" or ")) + ", got '" + ensemble + "'");
        }
        if (ensemble != null && (synthetic || file != null)) {
            throw new InputException("--ensemble chooses the Fashion-MNIST members; it excludes " + (synthetic ? "--synthetic" : "--outputs"));
        }
        double[] deadlines = list(args, "--deadlines", new double[] {60, 80, 100, 150});
        int bins = (int) number(args, "--bins", 5);
        if (bins < 1) throw new InputException("--bins must be ≥ 1");
        double delta = number(args, "--delta", 0.01);
        double rate = number(args, "--rate", 28);
        double seconds = number(args, "--seconds", 60);
        double slowestMs = number(args, "--slowest-ms", 50);
        SchembleBench.Data data;
        double[] lat;
        double enrichMs = 0;
        String description;
        if (synthetic || file != null) {
            EnsembleOutputs outputs;
            try {
                outputs = synthetic ? EnsembleOutputs.synthetic(4000, seed) : EnsembleOutputs.read(Path.of(file));
            } catch (IOException e) {
                throw new InputException("--outputs: cannot read " + file + ": " + e.getMessage());
            } catch (IllegalArgumentException e) {
                throw new InputException("--outputs: " + Baton.oneLine(e.getMessage()));
            }
            data = SchembleBench.Data.halves(outputs);
            lat = list(args, "--latencies", new double[] {10, 40, 50});
            description = (synthetic ? "synthetic 3-model ensemble (seed " + seed + ")" : file) + ", " + outputs.samples().size()
                    + " samples (half profile, half queries; predicted score = true score × log-normal noise)";
        } else {
            FashionMnistEnsemble.Recording rec = recording(args, members, out);
            FashionMnistEnsemble.Info info = rec.info();
            data = new SchembleBench.Data(info.models(), rec.profile().samples(), rec.queries().samples(), trunk(rec.profile()),
                    trunk(rec.queries()), column(rec.queries(), 0), column(rec.queries(), 1));
            double slowest = Arrays.stream(info.latencyMs()).max().orElseThrow();
            double scale = slowestMs / slowest;
            lat = list(args, "--latencies", Arrays.stream(info.latencyMs()).map(x -> x * scale).toArray());
            enrichMs = info.predictorLatencyMs() * scale;
            description = String.format(Locale.ROOT, "%s (%s): real outputs recorded with ONNX Runtime, %d profile and %d query images;"
                            + "%n  measured p50 latency %s µs, predictor %.1f µs; time scaled ×%.0f (slowest model %.0f ms), predictor %.2f ms"
                            + " charged at the edge;%n  ONNX Runtime vs Java predictor scores differ by at most %.1e",
                    info.application(), String.join(", ", info.models()), info.profile(), info.queries(),
                    Arrays.toString(Arrays.stream(info.latencyMs()).map(x -> Math.round(x * 10000) / 10.0).toArray()),
                    info.predictorLatencyMs() * 1000, scale, slowest * scale, enrichMs, info.onnxVsJavaMaxDiff());
        }
        if (lat.length != data.models().size()) throw new InputException("--latencies needs one latency per model (" + data.models().size() + ")");
        SchembleBench bench = new SchembleBench(new SchembleBench.Config(data, lat, enrichMs, deadlines, rate, seconds * 1000, bins, delta, seed));
        out.println("data: " + description);
        out.println("latencies " + Arrays.toString(Arrays.stream(lat).map(x -> Math.round(x * 100) / 100.0).toArray()) + " ms; mean rate "
                + rate + "/s; " + seconds + " s; " + bins + " bins; delta " + delta);
        if (bench.scoreQuality() != null) {
            out.printf(Locale.ROOT, "predictor on the %d queries: discrepancy score Spearman %.3f, MAE %.3f, bin accuracy %.3f;"
                            + " agreement Spearman %.3f, bin accuracy %.3f%n", bench.scoreQuality().samples(), bench.scoreQuality().spearman(),
                    bench.scoreQuality().mae(), bench.scoreQuality().binAccuracy(), bench.eaQuality().spearman(), bench.eaQuality().binAccuracy());
        }
        SchembleBench.printExp1(bench.exp1(), out);
        out.println();
        SchembleBench.printExp2(bench.exp2(deadlines[deadlines.length - 1]), out);
    }

    /** The Fashion-MNIST recording, built into the cache first when missing. */
    private static FashionMnistEnsemble.Recording recording(List<String> args, FashionMnistEnsemble.Members members, PrintStream out) {
        String dir = Baton.option(args, "--data");
        Path data = dir == null ? FashionMnist.DEFAULT_DIR : Path.of(dir);
        Path missing = FashionMnist.missingFile(data);
        if (missing != null) {
            throw new InputException("--data: Fashion-MNIST not found (" + missing + " is missing); install the Debian package "
                    + FashionMnist.DEBIAN_PACKAGE + ", pass --data DIR, or run the synthetic ensemble with --synthetic");
        }
        String cacheOption = Baton.option(args, "--cache");
        Path cache = cacheOption != null ? Path.of(cacheOption)
                : Files.isDirectory(Path.of("scheduling-core", "target")) ? Path.of("scheduling-core", "target") : Path.of("target");
        try {
            return FashionMnistEnsemble.loadOrBuild(data, cache, members, out);
        } catch (IOException e) {
            throw new InputException("--cache: cannot build or read the recording under " + cache + ": " + Baton.oneLine(e.getMessage()));
        }
    }

    /** Features 2… of each sample: the predictor's trunk (DES and gating read them). */
    private static double[][] trunk(EnsembleOutputs o) {
        return o.features().stream().map(f -> Arrays.copyOfRange(f, 2, f.length)).toArray(double[][]::new);
    }

    private static double[] column(EnsembleOutputs o, int c) {
        return o.features().stream().mapToDouble(f -> f[c]).toArray();
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
