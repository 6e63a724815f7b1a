package io.baton.core.cli;

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
 * The {@code baton} command line (bin/baton runs it). Subcommands: plan, simulate, bench, zoo, demo.
 * Bad input exits with status 2 and one line on standard error naming what is wrong.
 */
public final class Baton {

    static final String USAGE = String.join("\n",
            "usage: baton <command> ...",
            "  plan <policy> --input FILE|-     print a plan as JSON (policies: " + String.join(", ", PlanCommand.POLICIES) + ")",
            "  simulate --scenario FILE|-       simulate policies over a scenario, print metrics per policy as JSON",
            "  bench <name> [options]           run a benchmark and print a table (" + String.join(", ", BenchCommand.NAMES) + ")",
            "  zoo build --out DIR [--data DIR] build the Fashion-MNIST model zoo (ONNX files, validation set, manifest)",
            "  demo                             simulate the Symphony demo scenario and print a comparison",
            "  help                             this text");

    private Baton() {}

    public static void main(String[] args) {
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
                case "bench" -> BenchCommand.run(rest, out);
                case "demo" -> DemoCommand.run(rest, out);
                case "zoo" -> ZooCommand.run(rest, out);
                default -> throw new InputException("unknown command '" + args[0] + "' (try: baton help)");
            }
            return 0;
        } catch (InputException e) {
            err.println("baton: " + e.getMessage());
            return 2;
        } catch (TraceFormatException e) {
            // A malformed trace is bad input (the message names the trace line), not an internal error.
            err.println("baton: " + oneLine(e.getMessage()));
            return 2;
        } catch (IllegalArgumentException e) {
            // Domain validation (profiles, specs) names the field in its message.
            err.println("baton: " + oneLine(e.getMessage()));
            return 2;
        } catch (RuntimeException e) {
            err.println("baton: internal error: " + e);
            e.printStackTrace(err);
            return 1;
        }
    }

    static String oneLine(String s) {
        return s == null ? "invalid input" : s.lines().findFirst().orElse(s);
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
