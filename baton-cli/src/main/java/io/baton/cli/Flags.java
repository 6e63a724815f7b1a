package io.baton.cli;

import io.baton.cli.bench.live.LiveBench;
import io.baton.core.plan.InputException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/** Parsing of the flags the suite commands take (suite register, up, bench live and soak) and of subcommands; bad values are {@link InputException}s naming the flag. */
final class Flags {
    private Flags() {}

    /** One subcommand of a command: its name and what it does with the arguments after it. */
    record Subcommand(String name, Consumer<List<String>> run) {}

    /**
     * Runs the subcommand that {@code args} starts with on the rest of {@code args}, refusing a missing or unknown one
     * with a message that lists the choices (in the order given).
     */
    static void runSubcommand(String command, List<String> args, Subcommand... choices) {
        String names = String.join(" or ", Arrays.stream(choices).map(Subcommand::name).toList());
        if (args.isEmpty()) throw new InputException(command + " needs a subcommand: " + names);
        for (Subcommand c : choices) {
            if (c.name().equals(args.get(0))) {
                c.run().accept(args.subList(1, args.size()));
                return;
            }
        }
        throw new InputException("unknown " + command + " subcommand '" + args.get(0) + "': " + names);
    }

    /** Refuses any {@code --flag} not in {@code known} (valued flags' values are skipped). */
    static void requireKnown(List<String> args, int from, Set<String> valued, Set<String> switches) {
        for (int i = from; i < args.size(); i++) {
            String a = args.get(i);
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            if (valued.contains(name)) {
                if (!a.contains("=")) i++;
            } else if (!switches.contains(a)) {
                throw new InputException("unknown option '" + a + "' (known: " + String.join(", ", new java.util.TreeSet<>(union(valued, switches))) + ")");
            }
        }
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> u = new java.util.HashSet<>(a);
        u.addAll(b);
        return u;
    }

    /** An http(s) base URL. */
    static URI url(List<String> args, String name, String dflt) {
        String v = Baton.option(args, name);
        if (v == null) v = dflt;
        if (v == null) throw new InputException("missing " + name + " URL");
        try {
            URI u = new URI(v.endsWith("/") ? v.substring(0, v.length() - 1) : v);
            if (!("http".equals(u.getScheme()) || "https".equals(u.getScheme())) || u.getHost() == null) {
                throw new InputException(name + " must be an http:// URL, got '" + v + "'");
            }
            return u;
        } catch (java.net.URISyntaxException e) {
            throw new InputException(name + " must be an http:// URL, got '" + v + "'");
        }
    }

    /** One or more http(s) base URLs, comma-separated, each checked as {@link #url} checks one. */
    static List<URI> urls(List<String> args, String name, String dflt) {
        String v = Baton.option(args, name);
        if (v == null) v = dflt;
        if (v == null || v.isBlank()) throw new InputException("missing " + name + " URL");
        List<URI> urls = new java.util.ArrayList<>();
        for (String one : v.split(",", -1)) {
            if (one.isBlank()) throw new InputException(name + " must be one or more http:// URLs separated by commas, got '" + v + "'");
            urls.add(url(List.of(name, one.strip()), name, null));
        }
        return List.copyOf(urls);
    }

    /** {@code --protocol}: {@code http} (the default: the gateways' REST routes) or {@code grpc} (their gRPC ports, {@code --grpc}). */
    static String protocol(List<String> args) {
        String protocol = Baton.option(args, "--protocol");
        if (protocol == null || protocol.isBlank()) return LiveBench.HTTP;
        if (!protocol.equals(LiveBench.HTTP) && !protocol.equals(LiveBench.GRPC)) {
            throw new InputException("--protocol must be http or grpc, got '" + protocol + "'");
        }
        return protocol;
    }

    /** {@code --grpc}: the gateways' gRPC ports, {@code HOST:PORT} separated by commas (default 127.0.0.1:8001). */
    static List<String> grpcTargets(List<String> args) {
        String grpc = Baton.option(args, "--grpc");
        if (grpc == null || grpc.isBlank()) grpc = "127.0.0.1:8001";
        List<String> targets = List.of(grpc.split(",", -1));
        for (String target : targets) {
            if (!target.matches("[A-Za-z0-9.\\[\\]:-]+:[0-9]{1,5}")) {
                throw new InputException("--grpc must be HOST:PORT (the gateway's gRPC port), or several separated by commas, got '" + grpc + "'");
            }
        }
        return targets;
    }

    /** An integer in [min, max], from the flag, else the environment variable, else the default. */
    static int intIn(String value, String name, int dflt, int min, int max) {
        if (value == null || value.isBlank()) return dflt;
        int n;
        try {
            n = Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new InputException(name + " must be an integer, got '" + value + "'");
        }
        if (n < min || n > max) throw new InputException(name + " must be in [" + min + ", " + max + "], got " + n);
        return n;
    }

    /** A comma-separated list of positive numbers. */
    static List<Double> positiveNumbers(String value, String name) {
        List<Double> out = new ArrayList<>();
        for (String part : value.split(",", -1)) {
            try {
                double d = Double.parseDouble(part.strip());
                if (!(d > 0) || Double.isInfinite(d)) throw new InputException(name + " must list numbers > 0, got '" + part.strip() + "'");
                out.add(d);
            } catch (NumberFormatException e) {
                throw new InputException(name + " must list numbers separated by commas, got '" + part.strip() + "'");
            }
        }
        return out;
    }

    /** A comma-separated list of integers in [min, max]. */
    static List<Integer> intList(String value, String name, int min, int max) {
        List<Integer> out = new ArrayList<>();
        for (String part : value.split(",", -1)) {
            if (part.isBlank()) throw new InputException(name + " must list integers separated by commas, got '" + value + "'");
            out.add(intIn(part, name, 0, min, max));
        }
        return out;
    }
}
