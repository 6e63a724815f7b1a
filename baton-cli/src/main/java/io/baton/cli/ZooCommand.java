package io.baton.cli;

import io.baton.core.plan.InputException;
import io.baton.cli.zoo.FashionMnist;
import io.baton.cli.zoo.Manifest;
import io.baton.cli.zoo.ZooBuilder;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code baton zoo build --out DIR [--data DIR] [--train N] [--force]}: builds the Fashion-MNIST model
 * zoo (ONNX files, validation set, manifest.json) into DIR. Cached: when DIR already holds a zoo of the
 * same version built with the same options, nothing is rebuilt (--force rebuilds anyway).
 */
final class ZooCommand {
    private ZooCommand() {}

    static void run(List<String> args, PrintStream out) {
        if (args.isEmpty() || !args.get(0).equals("build")) throw new InputException("zoo needs a subcommand: build --out DIR [--data DIR]");
        String outDir = Baton.option(args, "--out");
        if (outDir == null) throw new InputException("zoo build needs --out DIR");
        ZooBuilder.Options standard = ZooBuilder.Options.standard(dataDir(Baton.option(args, "--data"), "--data"));
        int train = standard.trainExamples();
        String t = Baton.option(args, "--train");
        if (t != null) {
            try {
                train = Integer.parseInt(t);
            } catch (NumberFormatException e) {
                throw new InputException("--train must be an integer, got '" + t + "'");
            }
            if (train < 1000 || train > 60_000) throw new InputException("--train must be in [1000, 60000], got " + train);
        }
        build(Path.of(outDir), standard.withTrainExamples(train), args.contains("--force"), out);
    }

    /** The Fashion-MNIST directory {@code dir} names (the Debian package's when null), checked to hold every file. */
    static Path dataDir(String dir, String option) {
        Path data = dir == null ? FashionMnist.DEFAULT_DIR : Path.of(dir);
        Path missing = FashionMnist.missingFile(data);
        if (missing != null) {
            throw new InputException(option + ": Fashion-MNIST not found (" + missing + " is missing); install the Debian package "
                    + FashionMnist.DEBIAN_PACKAGE + " or pass " + option + " DIR");
        }
        return data;
    }

    /** Builds the zoo into {@code dir} unless it holds one built with the same options already (or {@code force}). */
    static void build(Path dir, ZooBuilder.Options options, boolean force, PrintStream out) {
        if (!force && ZooBuilder.isBuilt(dir, options)) {
            out.println("zoo " + ZooBuilder.NAME + " v" + ZooBuilder.VERSION + " is already built in " + dir + " (--force rebuilds it)");
            return;
        }
        long t0 = System.nanoTime();
        Manifest m;
        try {
            m = new ZooBuilder(options, out).build(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("zoo build: " + e.getMessage(), e);
        }
        out.printf(Locale.ROOT, "zoo %s v%d built in %s in %.1f s: %d models, %d validation images, %s%n", m.zoo(), m.version(),
                dir, (System.nanoTime() - t0) / 1e9, m.models().size(), m.validationSet().examples(), ZooBuilder.MANIFEST);
    }
}
