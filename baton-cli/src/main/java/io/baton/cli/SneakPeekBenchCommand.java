package io.baton.cli;

import io.baton.cli.bench.SneakPeekAppTable;
import io.baton.cli.bench.SneakPeekBench;
import io.baton.cli.bench.SneakPeekWorkload;
import io.baton.core.plan.InputException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code baton bench sneakpeek [--apps fashion-mnist|synthetic|FILE] [--data DIR] [--windows N] [--seed S] [--only default|overhead|sweeps]}: the default
 * setup, the brute-force latency and the sensitivity sweeps ({@link SneakPeekBench}).
 */
final class SneakPeekBenchCommand {
    private SneakPeekBenchCommand() {}

    static void run(List<String> args, PrintStream out) {
        String apps = Baton.option(args, "--apps");
        SneakPeekAppTable table;
        if (apps == null || apps.equals("fashion-mnist")) {
            // Real data when Fashion-MNIST is installed (the table is cached under target/), else the synthetic one.
            Path data = Path.of(Baton.option(args, "--data") == null ? io.baton.cli.zoo.FashionMnist.DEFAULT_DIR.toString() : Baton.option(args, "--data"));
            Path cache = Files.isDirectory(Path.of("scheduling-core", "target")) ? Path.of("scheduling-core", "target") : Path.of("target");
            try {
                table = io.baton.cli.bench.FashionMnistSneakPeekApps.loadOrBuild(data, cache, out);
            } catch (IOException e) {
                throw new InputException("--data: cannot read Fashion-MNIST from " + data + ": " + e.getMessage());
            }
            if (table == null && apps != null) throw new InputException("--apps fashion-mnist: Fashion-MNIST missing under " + data + " (Debian package dataset-fashion-mnist)");
            if (table == null) {
                out.println("(Fashion-MNIST not installed: the synthetic application table)");
                table = SneakPeekAppTable.defaults();
            }
        } else if (apps.equals("synthetic")) {
            table = SneakPeekAppTable.defaults();
        } else {
            try {
                table = SneakPeekAppTable.parse(Files.readString(Path.of(apps)));
            } catch (IOException e) {
                throw new InputException("--apps: cannot read " + apps);
            }
        }
        SneakPeekWorkload.Setup setup = SneakPeekWorkload.Setup.paperDefault(table)
                .withWindows((int) positive(args, "--windows", 300)).withSeed(positive(args, "--seed", 1));
        String only = Baton.option(args, "--only");
        if (only != null && !List.of("default", "overhead", "sweeps").contains(only)) {
            throw new InputException("--only must be one of default, overhead, sweeps, got '" + only + "'");
        }
        if (only == null || only.equals("default")) SneakPeekBench.printDefault(setup, out);
        if (only == null || only.equals("overhead")) SneakPeekBench.printOverhead(setup, out);
        if (only == null || only.equals("sweeps")) SneakPeekBench.printSweeps(setup, out);
    }

    private static long positive(List<String> args, String name, long dflt) {
        String v = Baton.option(args, name);
        if (v == null) return dflt;
        try {
            long x = Long.parseLong(v);
            if (x < 1) throw new InputException(name + " must be ≥ 1, got " + v);
            return x;
        } catch (NumberFormatException e) {
            throw new InputException(name + " must be an integer, got '" + v + "'");
        }
    }
}
