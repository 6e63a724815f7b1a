package io.baton.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.baton.cli.twin.RecordedTrace;
import io.baton.cli.twin.SuiteWorld;
import io.baton.cli.twin.Twin;
import io.baton.cli.twin.TwinReport;
import io.baton.cli.twin.World;
import io.baton.cli.twin.WorldFile;
import io.baton.core.plan.InputException;

/**
 * {@code baton twin --trace FILE [--policy P] [--execution profile|live|replay] [--world FILE | --gateway URL
 * [--api-key KEY]] [--json]}: replays the scheduler's traffic recording through the simulator with what was in force
 * (from a running suite's gateway, by default http://127.0.0.1:8080, or offline from a world file), batches running for
 * ℓ(b) as it ran under load (live, the default when the recording has batches) or as profiled, and prints, per
 * application and policy, simulated against live figures with their relative error. Bad arguments exit 2 with one
 * line.
 */
final class TwinCommand {

    private static final List<String> KNOWN = List.of("--trace", "--policy", "--execution", "--world", "--gateway", "--api-key", "--json");

    private TwinCommand() {
    }

    static void run(List<String> args, PrintStream out, Map<String, String> env) {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            if (!KNOWN.contains(name)) throw new InputException("twin: unknown argument '" + a + "' (options: " + String.join(" ", KNOWN) + ")");
            if (!a.contains("=") && !a.equals("--json")) i++;
        }
        String traceFile = Baton.option(args, "--trace");
        if (traceFile == null) throw new InputException("twin: missing --trace FILE (the scheduler's recording: GET /v1/traffic)");
        String policy = Baton.option(args, "--policy");
        String executionText = Baton.option(args, "--execution");
        Twin.Execution execution = executionText == null ? null : Twin.Execution.parse(executionText);
        String worldFile = Baton.option(args, "--world");
        String gateway = Baton.option(args, "--gateway");
        if (worldFile != null && gateway != null) throw new InputException("twin: --world and --gateway are alternatives: give one");
        RecordedTrace trace;
        try (Reader r = Files.newBufferedReader(Path.of(traceFile), StandardCharsets.UTF_8)) {
            trace = RecordedTrace.read(r);
        } catch (NoSuchFileException e) {
            throw new InputException("--trace: no such file " + traceFile);
        } catch (IOException e) {
            throw new InputException("--trace: cannot read " + traceFile + ": " + e.getMessage());
        }
        World world;
        if (worldFile != null) {
            world = WorldFile.parse(Baton.readInput(worldFile, InputStreamNone.INSTANCE, "--world"));
        } else {
            URI base;
            try {
                base = URI.create(gateway == null ? "http://127.0.0.1:8080" : gateway);
            } catch (IllegalArgumentException e) {
                throw new InputException("--gateway: '" + gateway + "' is not a URL");
            }
            if (base.getScheme() == null || !base.getScheme().startsWith("http") || base.getHost() == null) {
                throw new InputException("--gateway: '" + gateway + "' is not an http(s) URL");
            }
            String key = Baton.option(args, "--api-key");
            world = new SuiteWorld(base, key != null ? key : env.get("BATON_API_KEY")).read(Twin.variants(trace));
        }
        Twin.Result result = Twin.run(trace, world, policy, execution);
        out.print(args.contains("--json") ? TwinReport.json(trace, result) + "\n" : TwinReport.table(trace, result));
    }

    /** No standard input: --world is a file. */
    private static final class InputStreamNone extends java.io.InputStream {
        static final InputStreamNone INSTANCE = new InputStreamNone();

        @Override
        public int read() {
            return -1;
        }
    }
}
