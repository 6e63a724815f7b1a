package io.baton.cli;

import io.baton.cli.bench.live.FixedValues;
import io.baton.cli.bench.live.LiveBench;
import io.baton.core.plan.InputException;
import io.baton.cli.suite.JsonHttp;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * {@code baton bench live [--gateway URL[,URL...]] [--registry URL] [--scheduler URL] [--app NAME] [--variant NAME] [--slo MS]
 * [--rates R1,R2,R3] [--max-rate R] [--seconds S] [--warmup S] [--seed N] [--timeout-ms MS] [--workers N]
 * [--prefix NAME] [--raw] [--concurrency N] [--inputs dataset|generated] [--batch N]
 * [--intra-op-threads N] [--input-values NAME=VALUE,...] [--protocol http|grpc] [--grpc HOST:PORT[,HOST:PORT...]]}: see {@link LiveBench}. Several gateways share the load
 * round-robin, as a client-side balancer spreads it (the suite's {@code up} runs two). Every flag is checked, and the gateway and the
 * registry must answer, before any request is sent.
 */
final class LiveBenchCommand {
    static final Set<String> VALUED = Set.of("--gateway", "--registry", "--scheduler", "--app", "--variant", "--slo", "--rates",
            "--max-rate", "--seconds", "--warmup", "--seed", "--timeout-ms", "--workers", "--prefix", "--concurrency", "--inputs", "--batch",
            "--intra-op-threads", "--input-values", "--protocol", "--grpc");
    static final String DEFAULT_APP = "fashion-single";

    private LiveBenchCommand() {}

    static LiveBench.Config config(List<String> args) {
        Flags.requireKnown(args, 1, VALUED, Set.of("--raw"));
        List<URI> gateways = Flags.urls(args, "--gateway", "http://127.0.0.1:8080");
        URI registry = Flags.url(args, "--registry", "http://127.0.0.1:8081");
        URI scheduler = Flags.url(args, "--scheduler", "http://127.0.0.1:8082");
        String given = Baton.option(args, "--app");
        String app = or(given, DEFAULT_APP);
        if (!app.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,127}")) throw new InputException("--app must be an application name (letters, digits, '.', '_' or '-'), got '" + app + "'");
        String slo = Baton.option(args, "--slo");
        String rates = Baton.option(args, "--rates");
        String workers = Baton.option(args, "--workers");
        // Another application's bench gets its own pair of applications, so switching --app never meets the last run's.
        String prefix = or(Baton.option(args, "--prefix"), given == null || given.isBlank() ? "bench" : "bench-" + app);
        if (Baton.option(args, "--prefix") == null && prefix.length() > 101) {
            throw new InputException("--app: the name '" + app + "' is too long to name the bench's applications after it; give a --prefix");
        }
        String inputs = Baton.option(args, "--inputs");
        if (inputs != null && !inputs.equals(LiveBench.DATASET) && !inputs.equals(LiveBench.GENERATED)) {
            throw new InputException("--inputs must be dataset or generated, got '" + inputs + "'");
        }
        String batch = Baton.option(args, "--batch"), intraOp = Baton.option(args, "--intra-op-threads");
        if (!prefix.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,100}")) throw new InputException("--prefix must be letters, digits, '.', '_' or '-', got '" + prefix + "'");
        String warmup = Baton.option(args, "--warmup");
        double warmupSeconds;
        try {
            warmupSeconds = warmup == null ? 2 : Double.parseDouble(warmup);
        } catch (NumberFormatException e) {
            throw new InputException("--warmup must be a number of seconds, got '" + warmup + "'");
        }
        if (!(warmupSeconds >= 0) || warmupSeconds > 600) throw new InputException("--warmup must be in [0, 600] seconds, got " + warmup);
        String protocol = Flags.protocol(args);
        List<String> grpcTargets = Flags.grpcTargets(args);
        double seconds = BenchCommand.doubleOption(args, "--seconds", 10);
        if (seconds > 3600) throw new InputException("--seconds must be at most 3600, got " + seconds);
        return new LiveBench.Config(gateways, registry, scheduler, app, Baton.option(args, "--variant"),
                slo == null ? null : BenchCommand.doubleOption(args, "--slo", 0),
                rates == null ? null : Flags.positiveNumbers(rates, "--rates"),
                BenchCommand.doubleOption(args, "--max-rate", 1000), seconds, warmupSeconds, BenchCommand.longOption(args, "--seed", 1),
                Duration.ofMillis(Flags.intIn(Baton.option(args, "--timeout-ms"), "--timeout-ms", 30_000, 100, 600_000)),
                workers == null ? null : Flags.intIn(workers, "--workers", 0, 1, 10_000), prefix, args.contains("--raw"),
                Flags.intIn(Baton.option(args, "--concurrency"), "--concurrency", 64, 1, 10_000), inputs,
                batch == null ? null : Flags.intIn(batch, "--batch", 1, 1, 1 << 20),
                intraOp == null ? null : Flags.intIn(intraOp, "--intra-op-threads", 1, 0, 1024),
                FixedValues.parse(Baton.option(args, "--input-values")), protocol, grpcTargets);
    }

    static void run(List<String> args, PrintStream out) throws Exception {
        LiveBench.Config config = config(args);
        JsonHttp http = new JsonHttp(Duration.ofSeconds(5));
        for (URI gateway : config.gateways()) SuiteCommand.requireAnswers(http, gateway, "--gateway");
        SuiteCommand.requireAnswers(http, config.registry(), "--registry");
        if (config.workers() == null) SuiteCommand.requireAnswers(http, config.scheduler(), "--scheduler");
        new LiveBench(config, out).run();
    }

    private static String or(String v, String dflt) {
        return v == null || v.isBlank() ? dflt : v;
    }
}
