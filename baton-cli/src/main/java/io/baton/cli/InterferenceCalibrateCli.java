package io.baton.cli;

import io.baton.cli.bench.InterferenceCalibrateBench;
import io.baton.core.interference.MlpInterferencePredictor;
import io.baton.core.interference.measure.Calibration;
import io.baton.core.plan.InputException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code baton bench interference-calibrate [--graphs N] [--pairs P] [--zoo DIR] [--data DIR] [--cache DIR]
 * [--remeasure] [--zoo-batch B] [--epochs E] [--seed S]}: measures interference on this machine's cores with ONNX Runtime (random graphs for
 * training, the zoo's models held out) and reports the MLP predictor's accuracy ({@link InterferenceCalibrateBench}).
 * The zoo is {@code --zoo DIR} or {@code <cache>/bench-zoo} (built from Fashion-MNIST when missing); the cache,
 * default {@code scheduling-core/target}, keeps the measurements for re-runs.
 */
final class InterferenceCalibrateCli {
    private InterferenceCalibrateCli() {}

    static Path cache(List<String> args) {
        String cacheOption = Baton.option(args, "--cache");
        return cacheOption != null ? Path.of(cacheOption)
                : Files.isDirectory(Path.of("scheduling-core", "target")) ? Path.of("scheduling-core", "target") : Path.of("target");
    }

    /** The calibration cached by an earlier {@code bench interference-calibrate} (under {@code --cache}). */
    static Calibration cached(List<String> args) {
        Path file = cache(args).resolve(InterferenceCalibrateBench.DIR).resolve("calibration.json");
        if (!Files.isRegularFile(file)) {
            throw new InputException("--world calibrated: no measurements in " + file + "; run bin/baton bench interference-calibrate first"
                    + " (same --cache)");
        }
        try {
            return Calibration.read(file);
        } catch (Exception e) {
            throw new InputException("--world calibrated: cannot read " + file + ": " + Baton.oneLine(String.valueOf(e.getMessage())));
        }
    }

    static void run(List<String> args, PrintStream out) {
        InterferenceCalibrateBench.Options std = InterferenceCalibrateBench.Options.standard();
        int graphs = (int) BenchCommand.longOption(args, "--graphs", std.graphs());
        int pairs = (int) BenchCommand.longOption(args, "--pairs", std.pairs());
        if (graphs < 2 || graphs > 500) throw new InputException("--graphs must be in 2..500, got " + graphs);
        if (pairs < 1 || pairs > 20_000) throw new InputException("--pairs must be in 1..20000, got " + pairs);
        long seed = BenchCommand.longOption(args, "--seed", std.seed());
        int epochs = (int) BenchCommand.longOption(args, "--epochs", 4L * MlpInterferencePredictor.EPOCHS);
        if (epochs < 1 || epochs > 10_000) throw new InputException("--epochs must be in 1..10000, got " + epochs);
        int zooBatch = (int) BenchCommand.longOption(args, "--zoo-batch", std.zooBatch());
        if (zooBatch < 1 || zooBatch > 4096) throw new InputException("--zoo-batch must be in 1..4096, got " + zooBatch);
        var options = new InterferenceCalibrateBench.Options(graphs, pairs, zooBatch, std.warmup(), std.runs(), seed);
        Path cache = cache(args);
        String zooOption = Baton.option(args, "--zoo");
        Calibration c;
        try {
            Path zoo;
            if (zooOption != null) {
                zoo = Path.of(zooOption);
                if (!Files.isRegularFile(zoo.resolve("manifest.json"))) throw new InputException("--zoo: " + zoo + " holds no manifest.json (bin/baton zoo build --out DIR)");
            } else {
                zoo = InterferenceCalibrateBench.zoo(ZooCommand.dataDir(Baton.option(args, "--data"), "--data"), cache, out);
            }
            c = InterferenceCalibrateBench.loadOrMeasure(zoo, cache, options, args.contains("--remeasure"), out);
        } catch (InputException e) {
            throw e;
        } catch (Exception e) {
            throw new InputException("interference-calibrate: " + Baton.oneLine(String.valueOf(e.getMessage())));
        }
        InterferenceCalibrateBench.print(c, InterferenceCalibrateBench.evaluate(c, epochs, seed), out);
    }
}
