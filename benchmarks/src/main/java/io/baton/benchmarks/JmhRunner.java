package io.baton.benchmarks;

import io.baton.cli.JmhBenchmarks;
import io.baton.cli.suite.SuiteException;
import io.baton.core.plan.InputException;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * {@code baton bench jmh [JMH options] [regex]}: the JMH microbenchmarks in {@code io.baton.benchmarks} (the
 * planners' per-round cost, where a wall-clock loop in a table benchmark is too coarse), run by JMH itself with its
 * own options ({@code -h} lists them; e.g. {@code -p delta=0.01}, {@code -f 2}, {@code -rf json -rff out.json}). With
 * no regex every Baton benchmark runs (about a minute); JMH forks a JVM per benchmark with this one's class path.
 * The CLI finds this class through {@link JmhBenchmarks} when bin/baton puts this module on its class path.
 */
public final class JmhRunner implements JmhBenchmarks {
    static final String PACKAGE = "io.baton.benchmarks.";

    @Override
    public void run(List<String> args) {
        List<String> argv = new ArrayList<>(args);
        CommandLineOptions options = parse(argv);
        if (options.shouldHelp()) {
            try {
                options.showHelp();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return;
        }
        if (options.getIncludes().isEmpty()) {
            argv.add(PACKAGE);
            options = parse(argv);
        }
        try {
            if (options.shouldList()) {
                new Runner(options).list();
                return;
            }
            new Runner(options).run();
        } catch (org.openjdk.jmh.runner.NoBenchmarksException e) {
            throw new InputException("bench jmh: no benchmark matches " + String.join(" or ", options.getIncludes())
                    + "; bench jmh -l lists them");
        } catch (RunnerException e) {
            throw new SuiteException("bench jmh: " + InputException.oneLine(String.valueOf(e.getMessage())), e);
        }
    }

    private static CommandLineOptions parse(List<String> argv) {
        try {
            return new CommandLineOptions(argv.toArray(String[]::new));
        } catch (CommandLineOptionException e) {
            throw new InputException("bench jmh: " + InputException.oneLine(e.getMessage()));
        }
    }
}
