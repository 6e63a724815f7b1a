package io.baton.cli;

import io.baton.core.plan.InputException;
import io.baton.cli.suite.JsonHttp;
import io.baton.cli.suite.Profiling;
import io.baton.cli.suite.ZooRegistration;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code baton suite register --registry URL --profiler URL --zoo DIR [--no-profile] [--batch-sizes 1,2,4]
 * [--repetitions N] [--warmup N]}: registers a built zoo's demo applications with a running registry and profiles
 * what is not profiled yet. {@code baton suite up …} is {@code bin/baton up} (see {@link UpCommand}).
 */
final class SuiteCommand {
    static final Set<String> REGISTER_VALUED = Set.of("--registry", "--profiler", "--zoo", "--batch-sizes", "--repetitions", "--warmup");

    private SuiteCommand() {}

    static void run(List<String> args, PrintStream out, Map<String, String> env) {
        Flags.runSubcommand("suite", args, new Flags.Subcommand("register", rest -> register(rest, out)),
                new Flags.Subcommand("up", rest -> UpCommand.run(rest, out, env)));
    }

    static void register(List<String> args, PrintStream out) {
        Flags.requireKnown(args, 0, REGISTER_VALUED, Set.of("--no-profile"));
        URI registry = Flags.url(args, "--registry", "http://127.0.0.1:8081");
        URI profiler = Flags.url(args, "--profiler", "http://127.0.0.1:8083");
        Profiling.Options options = profilingOptions(args);
        String zooOption = Baton.option(args, "--zoo");
        if (zooOption == null) throw new InputException("suite register needs --zoo DIR (a built zoo: bin/baton zoo build --out DIR)");
        Path zoo = Path.of(zooOption);
        if (!Files.isRegularFile(zoo.resolve(io.baton.cli.zoo.ZooBuilder.MANIFEST))) {
            throw new InputException("--zoo: no zoo in " + zoo + " (no " + io.baton.cli.zoo.ZooBuilder.MANIFEST + "; build one: bin/baton zoo build --out " + zoo + ")");
        }
        boolean profile = !args.contains("--no-profile");
        JsonHttp http = new JsonHttp();
        requireAnswers(http, registry, "--registry");
        if (profile) requireAnswers(http, profiler, "--profiler");

        out.println("registering " + zoo + " with " + registry);
        ZooRegistration.Registered registered = new ZooRegistration(http, registry, out).register(zoo);
        if (profile) {
            out.println("profiling through " + profiler);
            new Profiling(http, registry, profiler, out).profileMissing(registered.applications(), options, Duration.ofMinutes(30));
        }
    }

    static Profiling.Options profilingOptions(List<String> args) {
        String sizes = Baton.option(args, "--batch-sizes");
        String reps = Baton.option(args, "--repetitions");
        String warmup = Baton.option(args, "--warmup");
        return new Profiling.Options(sizes == null ? null : Flags.intList(sizes, "--batch-sizes", 1, 4096),
                reps == null ? null : Flags.intIn(reps, "--repetitions", 0, 1, 100_000),
                warmup == null ? null : Flags.intIn(warmup, "--warmup", 0, 0, 100_000));
    }

    /** A URL the user gave that nothing answers at is bad input, said before any work is done. */
    static void requireAnswers(JsonHttp http, URI base, String option) {
        if (!http.answers(base.resolve("/actuator/health"))) {
            throw new InputException(option + ": nothing answers at " + base + " (is the suite running? bin/baton up)");
        }
    }
}
