package io.baton.cli;

import io.baton.cli.bench.live.SoakBench;
import io.baton.cli.suite.JsonHttp;
import io.baton.core.plan.InputException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * {@code baton bench soak [--minutes N] [--rate R] [--application NAME] [--plot FILE] [--json FILE] [--gateway URL[,URL...]]
 * [--registry URL] [--scheduler URL] [--profiler URL] [--seed N] [--timeout-ms MS] [--concurrency N]
 * [--capacity-seconds S] [--protocol http|grpc] [--grpc HOST:PORT[,HOST:PORT...]] [--minute-seconds S]}: see
 * {@link SoakBench}. Several gateways share the load round-robin, as in {@code bench live}, and each one's memory is
 * read. {@code --minute-seconds} shortens the "minute" for tests. Every flag is checked, and the services must answer,
 * before any request is sent.
 */
final class SoakBenchCommand {
    static final Set<String> VALUED = Set.of("--minutes", "--rate", "--application", "--plot", "--json", "--gateway", "--registry",
            "--scheduler", "--profiler", "--seed", "--timeout-ms", "--concurrency", "--capacity-seconds", "--minute-seconds", "--protocol",
            "--grpc");

    private SoakBenchCommand() {}

    static SoakBench.Config config(List<String> args) {
        Flags.requireKnown(args, 1, VALUED, Set.of());
        String app = Baton.option(args, "--application");
        if (app == null || app.isBlank()) app = LiveBenchCommand.DEFAULT_APP;
        if (!app.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,127}")) {
            throw new InputException("--application must be an application name (letters, digits, '.', '_' or '-'), got '" + app + "'");
        }
        int minutes = Flags.intIn(Baton.option(args, "--minutes"), "--minutes", 30, 1, 1440);
        double minuteSeconds = BenchCommand.doubleOption(args, "--minute-seconds", 60);
        if (minuteSeconds < 1 || minuteSeconds > 60) throw new InputException("--minute-seconds must be in [1, 60], got " + minuteSeconds);
        Double rate = Baton.option(args, "--rate") == null ? null : BenchCommand.doubleOption(args, "--rate", 1);
        if (rate != null && rate > 100_000) throw new InputException("--rate must be at most 100000 requests per second, got " + rate);
        double capacitySeconds = BenchCommand.doubleOption(args, "--capacity-seconds", 10);
        if (capacitySeconds > 600) throw new InputException("--capacity-seconds must be at most 600, got " + capacitySeconds);
        String json = Baton.option(args, "--json");
        return new SoakBench.Config(Flags.urls(args, "--gateway", "http://127.0.0.1:8080"), Flags.url(args, "--registry", "http://127.0.0.1:8081"),
                Flags.url(args, "--scheduler", "http://127.0.0.1:8082"), Flags.url(args, "--profiler", "http://127.0.0.1:8083"), app, minutes,
                minuteSeconds, rate, file(Baton.option(args, "--plot"), "--plot", "soak.svg"), json == null ? null : file(json, "--json", null),
                BenchCommand.longOption(args, "--seed", 1),
                Duration.ofMillis(Flags.intIn(Baton.option(args, "--timeout-ms"), "--timeout-ms", 30_000, 100, 600_000)),
                Flags.intIn(Baton.option(args, "--concurrency"), "--concurrency", SoakBench.DEFAULT_CONCURRENCY, 1, 10_000), capacitySeconds,
                Flags.protocol(args), Flags.grpcTargets(args));
    }

    /** A file to write: its directory must exist, and it must not be a directory itself. */
    private static Path file(String value, String flag, String dflt) {
        String v = value == null ? dflt : value;
        if (v.isBlank()) throw new InputException(flag + " needs a file name");
        Path p;
        try {
            p = Path.of(v).toAbsolutePath();
        } catch (InvalidPathException e) {
            throw new InputException(flag + ": not a file name: '" + v + "'");
        }
        if (Files.isDirectory(p)) throw new InputException(flag + ": " + v + " is a directory, not a file");
        if (p.getParent() != null && !Files.isDirectory(p.getParent())) throw new InputException(flag + ": no directory " + p.getParent());
        return p;
    }

    static void run(List<String> args, java.io.PrintStream out) throws Exception {
        SoakBench.Config config = config(args);
        JsonHttp http = new JsonHttp(Duration.ofSeconds(5));
        for (java.net.URI gateway : config.gateways()) SuiteCommand.requireAnswers(http, gateway, "--gateway");
        SuiteCommand.requireAnswers(http, config.registry(), "--registry");
        SuiteCommand.requireAnswers(http, config.scheduler(), "--scheduler");
        new SoakBench(config, out).run();
    }
}
