package io.baton.cli;

import io.baton.cli.bench.faults.Fault;
import io.baton.cli.bench.faults.FaultBench;
import io.baton.cli.bench.faults.FaultRow;
import io.baton.cli.bench.faults.FaultSuite;
import io.baton.cli.suite.RegistryDatabase;
import io.baton.cli.suite.ServiceJars;
import io.baton.cli.suite.Suite;
import io.baton.cli.suite.SuiteException;
import io.baton.cli.suite.SuiteSpec;
import io.baton.cli.zoo.ValidationSet;
import io.baton.cli.zoo.ZooBuilder;
import io.baton.core.plan.InputException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * {@code baton bench faults --root DIR [--home DIR] [--data DIR] [--workers N] [--schedulers N] [--gateways N] [--rate R] [--seconds-before S]
 * [--seconds-after S] [--faults worker,scheduler,...] [--database embedded|postgres] [--timeout-ms MS] [--seed N]
 * [--writes N] [--json FILE]}: starts a suite of its own (free ports, state in {@code <home>/faults}, a small zoo),
 * then runs {@link FaultBench}. {@code --database postgres} puts the registry in a fresh schema of the PostgreSQL on
 * 127.0.0.1:5432 (dropped at the end), and adds the {@code postgres} fault when that cluster is this machine's.
 */
final class FaultsCommand {
    static final Set<String> VALUED = Set.of("--root", "--home", "--data", "--workers", "--schedulers", "--gateways", "--rate", "--seconds-before", "--seconds-after",
            "--faults", "--database", "--timeout-ms", "--seed", "--writes", "--json");
    static final String POSTGRES_URL = "jdbc:postgresql://127.0.0.1:5432/postgres", POSTGRES_USER = "postgres";
    /** The zoo the load's inputs and models come from, built from {@code data}: small, since nothing here measures the models. */
    static ZooBuilder.Options zooOptions(Path data) {
        return new ZooBuilder.Options(data, 1_000, 300, 2, 300, 7);
    }

    /**
     * How long a service may take to become healthy, at the start and after each restart: generous, since a busy
     * machine starts a JVM slowly (the time a restart took is one of the figures).
     */
    static final Duration HEALTH_LIMIT = Duration.ofMinutes(6);
    /** The services' JVMs (the workers' are {@code up}'s): the client compiler only, so that a restart starts sooner. */
    static final List<String> SERVICE_JVM = List.of("-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    private FaultsCommand() {}

    /** What was asked for, validated: every flag is checked before anything starts. */
    record Settings(Path root, Path home, String data, int workers, int schedulers, int gateways, boolean postgres, boolean faultsGiven, FaultBench.Config config,
                    Path json) {}

    static Settings settings(List<String> args, Map<String, String> env) {
        Flags.requireKnown(args, 1, VALUED, Set.of());
        Path root = Path.of(or(Baton.option(args, "--root"), ".")).toAbsolutePath().normalize();
        Path home = Path.of(or(Baton.option(args, "--home"), or(env.get("BATON_HOME"), root.resolve(".baton").toString())))
                .toAbsolutePath().normalize();
        String data = Baton.option(args, "--data");
        int workers = Flags.intIn(Baton.option(args, "--workers"), "--workers", 2, 1, 16);
        // two, as up runs them: the scheduler fault then kills the leader and measures the standby's takeover
        int schedulers = Flags.intIn(Baton.option(args, "--schedulers"), "--schedulers", 2, 1, 2);
        // two, as up runs them: the gateway fault then kills the first while the load goes on through the second
        int gateways = Flags.intIn(Baton.option(args, "--gateways"), "--gateways", UpCommand.DEFAULT_GATEWAYS, 1, SuiteSpec.MAX_GATEWAYS);
        double rate = bounded(args, "--rate", 50, 1000);
        double before = bounded(args, "--seconds-before", 5, 600);
        double after = bounded(args, "--seconds-after", 10, 600);
        String database = or(Baton.option(args, "--database"), "embedded");
        if (!database.equals("embedded") && !database.equals("postgres")) {
            throw new InputException("--database must be embedded or postgres, got '" + database + "'");
        }
        String faultsFlag = Baton.option(args, "--faults");
        List<Fault> faults = faultsFlag == null ? List.of(Fault.values()) : faults(faultsFlag);
        if (faultsFlag != null && faults.contains(Fault.POSTGRES) && database.equals("embedded")) {
            throw new InputException("--faults: postgres needs --database postgres (the embedded registry has no PostgreSQL to kill)");
        }
        Path json = null;
        String jsonFlag = Baton.option(args, "--json");
        if (jsonFlag != null) {
            json = Path.of(jsonFlag).toAbsolutePath();
            if (!Files.isDirectory(json.getParent())) throw new InputException("--json: no directory " + json.getParent());
        }
        FaultBench.Config config = new FaultBench.Config(FaultSuite.APP, rate, before, after,
                Duration.ofMillis(Flags.intIn(Baton.option(args, "--timeout-ms"), "--timeout-ms", 10_000, 100, 600_000)), faults,
                BenchCommand.longOption(args, "--seed", 1), Flags.intIn(Baton.option(args, "--writes"), "--writes", 3, 0, 100));
        return new Settings(root, home, data, workers, schedulers, gateways, database.equals("postgres"), faultsFlag != null, config, json);
    }

    private static List<Fault> faults(String value) {
        Set<Fault> chosen = new LinkedHashSet<>();
        for (String part : value.split(",", -1)) {
            try {
                chosen.add(Fault.of(part.strip()));
            } catch (IllegalArgumentException e) {
                throw new InputException("--faults: " + e.getMessage());
            }
        }
        // always in the bench's own order, whatever order they were named in
        return Stream.of(Fault.values()).filter(chosen::contains).toList();
    }

    private static double bounded(List<String> args, String name, double dflt, double max) {
        double v = BenchCommand.doubleOption(args, name, dflt);
        if (v > max) throw new InputException(name + " must be at most " + (long) max + ", got " + v);
        return v;
    }

    static void run(List<String> args, PrintStream out, Map<String, String> env) throws Exception {
        Settings s = settings(args, env);
        ServiceJars jars;
        try {
            jars = ServiceJars.in(s.root());
        } catch (SuiteException e) {
            throw new InputException("--root: " + e.getMessage());
        }
        Path data = ZooCommand.dataDir(s.data() != null ? s.data() : env.get("BATON_FASHION_MNIST"),
                s.data() != null ? "--data" : "BATON_FASHION_MNIST");
        Path state = s.home().resolve("faults");
        Path zoo = state.resolve("zoo");
        String schema = s.postgres() ? "baton_faults_" + UUID.randomUUID().toString().substring(0, 8) : null;
        if (s.postgres()) requirePostgres();

        RegistryDatabase database = s.postgres() ? new RegistryDatabase.Postgres(POSTGRES_URL, POSTGRES_USER, "", schema)
                : new RegistryDatabase.Embedded(state.resolve("registry").resolve("registry"));
        List<Fault> faults = s.config().faults().stream().filter(f -> FaultBench.applies(f, database)).toList();
        if (s.faultsGiven() && faults.size() < s.config().faults().size()) {
            throw new InputException("--faults: postgres applies only where PostgreSQL on 127.0.0.1:5432 is this machine's own cluster"
                    + " (pg_lsclusters lists none online there)");
        }
        FaultBench.Config config = new FaultBench.Config(s.config().app(), s.config().rate(), s.config().secondsBefore(),
                s.config().secondsAfter(), s.config().timeout(), faults, s.config().seed(), s.config().writes());
        deleteTree(state.resolve("registry")); // a fresh registry each run: no applications of the last one
        out.println("Baton: bench faults (state in " + state + ")");
        ZooCommand.build(zoo, zooOptions(data), false, out);
        ValidationSet validation = ValidationSet.read(zoo.resolve(ZooBuilder.VALIDATION));
        List<Integer> ports = freePorts(4 + s.workers());
        SuiteSpec spec = new SuiteSpec(jars, state, new SuiteSpec.Ports(ports.get(0), ports.get(1), ports.get(2), ports.get(3),
                ports.subList(4, ports.size())), database, SERVICE_JVM, words(or(env.get("BATON_WORKER_JAVA_OPTS"), UpCommand.DEFAULT_WORKER_JVM)),
                FaultSuite.EXTRA_ARGUMENTS, HEALTH_LIMIT).withSchedulers(s.schedulers())
                .withGateways(s.gateways());
        Suite suite = new Suite(spec, out);
        Thread stopper = new Thread(() -> {
            suite.close();
            if (schema != null) dropSchema(schema);
        }, "baton-faults-stop");
        Runtime.getRuntime().addShutdownHook(stopper);
        try {
            out.println("starting a suite of its own (" + s.workers() + " workers, " + s.schedulers() + " scheduler(s), " + s.gateways()
                    + " gateway(s), registry on "
                    + (s.postgres() ? "PostgreSQL schema " + schema : "embedded H2") + "; logs in " + state.resolve("logs") + "):");
            suite.start();
            FaultSuite.prepare(suite, zoo, out);
            if (faults.contains(Fault.POSTGRES)) out.println("note: the postgres fault kills this machine's PostgreSQL cluster, for every client it has");
            List<FaultRow> rows = new FaultBench(suite, config, validation, out).run();
            if (s.json() != null) {
                io.baton.cli.suite.JsonHttp.JSON.writerWithDefaultPrettyPrinter().writeValue(s.json().toFile(), FaultBench.json(config, rows));
                out.println("rows written to " + s.json());
            }
        } catch (IllegalArgumentException e) {
            throw new InputException(e.getMessage());
        } finally {
            Runtime.getRuntime().removeShutdownHook(stopper);
            stopper.run();
        }
    }

    /** Fails with what to do when PostgreSQL does not answer on 127.0.0.1:5432 (the registry would fail later, less clearly). */
    private static void requirePostgres() {
        try (Connection c = DriverManager.getConnection(POSTGRES_URL, POSTGRES_USER, "")) {
            c.isValid(5);
        } catch (SQLException e) {
            throw new InputException("--database postgres: PostgreSQL does not answer at " + POSTGRES_URL + " as " + POSTGRES_USER
                    + " (" + InputException.oneLine(e.getMessage()) + ")");
        }
    }

    private static void dropSchema(String schema) {
        try (Connection c = DriverManager.getConnection(POSTGRES_URL, POSTGRES_USER, ""); Statement st = c.createStatement()) {
            st.execute("drop schema if exists " + schema + " cascade");
        } catch (SQLException e) {
            System.err.println("baton: could not drop the schema " + schema + ": " + InputException.oneLine(e.getMessage()));
        }
    }

    private static List<Integer> freePorts(int n) throws IOException {
        List<java.net.ServerSocket> held = new ArrayList<>();
        try {
            for (int i = 0; i < n; i++) held.add(new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress()));
            return held.stream().map(java.net.ServerSocket::getLocalPort).toList();
        } finally {
            for (java.net.ServerSocket s : held) s.close();
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }

    private static String or(String v, String dflt) {
        return v == null || v.isBlank() ? dflt : v;
    }

    private static List<String> words(String s) {
        return List.of(s.strip().split("\\s+"));
    }
}
