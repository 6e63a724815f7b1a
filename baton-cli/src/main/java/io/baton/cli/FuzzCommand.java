package io.baton.cli;

import io.baton.cli.bench.fuzz.FuzzCase;
import io.baton.cli.bench.fuzz.FuzzReport;
import io.baton.cli.bench.fuzz.FuzzRunner;
import io.baton.cli.bench.fuzz.FuzzTarget;
import io.baton.cli.bench.fuzz.Generator;
import io.baton.cli.bench.fuzz.RawExchange;
import io.baton.cli.bench.fuzz.Verdict;
import io.baton.cli.bench.fuzz.grpc.GrpcAnswer;
import io.baton.cli.bench.fuzz.grpc.GrpcFuzzCase;
import io.baton.cli.bench.fuzz.grpc.GrpcFuzzReport;
import io.baton.cli.bench.fuzz.grpc.GrpcFuzzRunner;
import io.baton.cli.bench.fuzz.grpc.GrpcGenerator;
import io.baton.cli.bench.fuzz.grpc.GrpcVerdict;
import io.baton.cli.suite.SuiteException;
import io.baton.core.plan.InputException;
import java.io.PrintStream;
import java.net.URI;
import java.util.List;
import java.util.Set;

/**
 * {@code baton bench fuzz [--protocol http|grpc] [--gateway URL] [--grpc HOST:PORT] [--max-message-bytes N]
 * [--app NAME] [--count N] [--seed S] [--case I] [--timeout-ms MS] [--concurrency N] [--show N]}: malformed and
 * hostile OIP requests against a running gateway, over REST (see {@link io.baton.cli.bench.fuzz}) or its gRPC port
 * (see {@link io.baton.cli.bench.fuzz.grpc}). Exits 0 when every case was answered as it must be and the gateway
 * still serves, 1 otherwise, after printing each failing case.
 */
final class FuzzCommand {
    static final Set<String> VALUED = Set.of("--gateway", "--app", "--count", "--seed", "--case", "--timeout-ms", "--concurrency", "--show",
            "--protocol", "--grpc", "--max-message-bytes");
    /** The gateway's largest message unless set: {@code baton.gateway.max-infer-request-size}'s 64 MB. */
    static final long DEFAULT_MAX_MESSAGE = 64L << 20;

    private FuzzCommand() {}

    record Config(URI gateway, String app, int count, long seed, Integer caseIndex, int timeoutMs, int concurrency, int show,
                  boolean grpc, String grpcHost, int grpcPort, long maxMessageBytes) {}

    static Config config(List<String> args) {
        Flags.requireKnown(args, 1, VALUED, Set.of());
        URI gateway = Flags.url(args, "--gateway", "http://127.0.0.1:8080");
        String app = Baton.option(args, "--app");
        if (app == null) app = LiveBenchCommand.DEFAULT_APP;
        if (!app.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,127}")) {
            throw new InputException("--app must be an application name (letters, digits, '.', '_' or '-'), got '" + app + "'");
        }
        String index = Baton.option(args, "--case");
        String protocol = Baton.option(args, "--protocol");
        if (protocol != null && !protocol.equals("http") && !protocol.equals("grpc")) {
            throw new InputException("--protocol must be http or grpc, got '" + protocol + "'");
        }
        String grpc = Baton.option(args, "--grpc");
        if (grpc == null) grpc = "127.0.0.1:8001";
        if (!grpc.matches("[A-Za-z0-9.\\[\\]:-]+:[0-9]{1,5}")) {
            throw new InputException("--grpc must be HOST:PORT (the gateway's gRPC port), got '" + grpc + "'");
        }
        int colon = grpc.lastIndexOf(':');
        int grpcPort = Flags.intIn(grpc.substring(colon + 1), "--grpc's port", 8001, 1, 65_535);
        String maxMessage = Baton.option(args, "--max-message-bytes");
        long maxMessageBytes = maxMessage == null ? DEFAULT_MAX_MESSAGE
                : Flags.intIn(maxMessage, "--max-message-bytes", (int) DEFAULT_MAX_MESSAGE, 1, Integer.MAX_VALUE - 2048);
        return new Config(gateway, app, Flags.intIn(Baton.option(args, "--count"), "--count", 1_000, 1, 10_000_000),
                BenchCommand.longOption(args, "--seed", 1),
                index == null ? null : Flags.intIn(index, "--case", 0, 0, Integer.MAX_VALUE),
                // over gRPC a slow caller is answered at the gateway's receive timeout, 30 s unless set
                Flags.intIn(Baton.option(args, "--timeout-ms"), "--timeout-ms", "grpc".equals(protocol) ? 45_000 : 20_000, 1_000, 600_000),
                Flags.intIn(Baton.option(args, "--concurrency"), "--concurrency", 4, 1, 64),
                Flags.intIn(Baton.option(args, "--show"), "--show", 20, 0, 1_000_000),
                "grpc".equals(protocol), grpc.substring(0, colon).replaceAll("^\\[|\\]$", ""), grpcPort, maxMessageBytes);
    }

    static void run(List<String> args, PrintStream out) {
        Config config = config(args);
        if (config.grpc()) {
            runGrpc(config, out);
            return;
        }
        FuzzTarget target = FuzzRunner.target(config.gateway(), config.app());
        FuzzRunner runner = new FuzzRunner(config.gateway(), target, config.timeoutMs(), config.concurrency());
        try {
            if (config.caseIndex() != null) {
                one(runner, new Generator(target, config.seed()).generate(config.caseIndex()), out);
                return;
            }
            FuzzReport report = runner.run(config.seed(), config.count(), out);
            report.print(out, config.show());
            if (!report.passed()) {
                throw new SuiteException("bench fuzz: " + report.failuresCount() + " of " + config.count() + " cases failed"
                        + (report.liveness().ok() ? "" : ", and the gateway no longer serves"));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SuiteException("interrupted", e);
        }
    }

    private static void runGrpc(Config config, PrintStream out) {
        GrpcFuzzRunner runner = new GrpcFuzzRunner(config.grpcHost(), config.grpcPort(),
                GrpcFuzzRunner.target(config.grpcHost(), config.grpcPort(), config.app(), config.maxMessageBytes()),
                config.timeoutMs(), config.concurrency());
        try {
            if (config.caseIndex() != null) {
                GrpcFuzzCase c = new GrpcGenerator(runner.target(), config.seed()).generate(config.caseIndex());
                out.println(c.printable());
                GrpcAnswer a = runner.answer(c);
                GrpcVerdict v = GrpcVerdict.of(c, a);
                out.println();
                out.println("answer: " + a.said() + (c.streaming() ? " " + a.streamErrors() : ""));
                out.println("verdict: " + v.outcome() + (v.failure() ? " (FAIL)" : "") + " " + v.detail());
                if (v.failure()) throw new SuiteException("bench fuzz: gRPC case " + c.index() + " of seed " + c.seed() + " failed: " + v.outcome());
                return;
            }
            GrpcFuzzReport report = runner.run(config.seed(), config.count(), out);
            report.print(out, config.show());
            if (!report.passed()) {
                throw new SuiteException("bench fuzz: " + report.failuresCount() + " of " + config.count() + " gRPC cases failed"
                        + (report.liveness().ok() ? "" : ", and the gateway no longer serves"));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SuiteException("interrupted", e);
        }
    }

    /** One case: its bytes, the answer, the verdict. */
    private static void one(FuzzRunner runner, FuzzCase c, PrintStream out) {
        out.println(c.printable());
        RawExchange.Answer a = runner.answer(c);
        Verdict v = Verdict.of(c, a);
        out.println();
        out.println(a.answered() ? "answer: " + a.status() + " " + a.headers() + "\n" + a.bodyText() : "answer: none (" + a.failure() + ")");
        out.println("verdict: " + v.outcome() + (v.failure() ? " (FAIL)" : "") + " " + v.detail());
        if (v.failure()) throw new SuiteException("bench fuzz: case " + c.index() + " of seed " + c.seed() + " failed: " + v.outcome());
    }
}
