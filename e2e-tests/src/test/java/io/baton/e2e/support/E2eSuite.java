package io.baton.e2e.support;

import io.baton.cli.suite.DemoApplications;
import io.baton.cli.suite.JsonHttp;
import io.baton.cli.suite.Profiling;
import io.baton.cli.suite.RegistryDatabase;
import io.baton.cli.suite.Service;
import io.baton.cli.suite.ServiceJars;
import io.baton.cli.suite.Suite;
import io.baton.cli.suite.SuiteSpec;
import io.baton.cli.suite.ZooRegistration;
import io.baton.cli.zoo.FashionMnist;
import io.baton.cli.zoo.Manifest;
import io.baton.cli.zoo.ValidationSet;
import io.baton.cli.zoo.ZooBuilder;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The whole suite for these tests, started once per test JVM (see {@link SuiteExtension}) by the code
 * {@code bin/baton up} runs ({@link Suite}, {@link ZooRegistration}, {@link Profiling}): every service from its jar
 * on free ports, the registry on PostgreSQL in a fresh schema, two workers; a small zoo (1,000 training images, 300
 * validation images, kept in {@code target/e2e-zoo}) registered and profiled at batch sizes 1 … 8. Internal
 * authentication is on, as under {@code up}: the suite has its own secret, and {@link #http} presents it.
 */
public final class E2eSuite implements AutoCloseable {
    public static final Path ZOO = Path.of("target", "e2e-zoo");
    public static final ZooBuilder.Options ZOO_OPTIONS = new ZooBuilder.Options(FashionMnist.DEFAULT_DIR, 1_000, 300, 2, 300, 7);
    public static final Profiling.Options PROFILING = new Profiling.Options(List.of(1, 2, 4, 8), 5, 1);
    public static final int WORKERS = 2;
    /** The gateway's bootstrap API key (baton.gateway.api-keys): {@code ApiKeysIT} issues registry keys with it. */
    public static final String BOOTSTRAP_KEY = "e2e-bootstrap-" + java.util.UUID.randomUUID();
    /** Short, so that a key revoked straight in the registry stops working at the gateway soon. */
    public static final Duration API_KEY_CACHE_TTL = Duration.ofSeconds(1);
    /** The key the admin page is given (the bootstrap key: every scope). */
    public static final String ADMIN_KEY = BOOTSTRAP_KEY;
    /** Lean JVMs that start fast: nothing here measures speed. */
    public static final List<String> JVM = List.of("-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

    private final Suite suite;
    private final String schema;
    private final Manifest manifest;
    private final ValidationSet validation;
    private final ZooRegistration.Registered registered;
    private final JsonHttp http;
    private final PrintStream log;
    private final int profiled;

    private E2eSuite(Suite suite, String schema, Manifest manifest, ValidationSet validation, ZooRegistration.Registered registered,
                     PrintStream log, int profiled) {
        this.suite = suite;
        this.http = suite.http(Duration.ofSeconds(30)); // the suite's internal secret: its services obey nobody else
        this.schema = schema;
        this.manifest = manifest;
        this.validation = validation;
        this.registered = registered;
        this.log = log;
        this.profiled = profiled;
    }

    static E2eSuite start() throws IOException {
        return start(1, true);
    }

    /**
     * A suite of its own with {@code schedulers} schedulers (2: a leader and its standby), the zoo registered but not
     * profiled (unprofiled variants are served), for a test that kills a process the shared suite must keep; the
     * caller closes it.
     */
    public static E2eSuite startOwn(int schedulers) throws IOException {
        return start(schedulers, false);
    }

    private static E2eSuite start(int schedulers, boolean profile) throws IOException {
        Path root = Path.of(System.getProperty("baton.root", "..")).toAbsolutePath().normalize();
        ServiceJars jars = ServiceJars.in(root);
        Postgres.requireServer();
        if (!ZooBuilder.isBuilt(ZOO, ZOO_OPTIONS)) new ZooBuilder(ZOO_OPTIONS, System.out).build(ZOO);
        Manifest manifest = ZooRegistration.manifest(ZOO);
        ValidationSet validation = ValidationSet.read(ZOO.resolve(ZooBuilder.VALIDATION));

        Path home = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "e2e-suite-");
        List<Integer> ports = FreePorts.take(4 + WORKERS);
        String schema = Postgres.freshSchema();
        SuiteSpec spec = new SuiteSpec(jars, home, new SuiteSpec.Ports(ports.get(0), ports.get(1), ports.get(2), ports.get(3),
                ports.subList(4, ports.size())), new RegistryDatabase.Postgres(Postgres.URL, Postgres.USER, Postgres.PASSWORD, schema),
                JVM, JVM,
                // Fast heartbeats and eviction, so that a killed worker is noticed within the tests' patience.
                Map.of(Service.WORKER, List.of("--baton.worker.heartbeat-interval=500ms"),
                        Service.SCHEDULER, List.of("--baton.scheduler.worker-timeout=3s"),
                        // The tests profile what they register with their own, lighter settings, and some assert on
                        // the jobs they started; the profiler's own loop is tested against a real registry in
                        // profiler-service (AutoProfileTest).
                        Service.PROFILER, List.of("--baton.profiler.auto-profile.enabled=false"),
                        Service.GATEWAY, List.of("--baton.gateway.api-keys=" + BOOTSTRAP_KEY,
                                "--baton.gateway.api-key-cache-ttl=" + API_KEY_CACHE_TTL.toMillis() + "ms")),
                // a suite of its own starts while the shared one may be busy: more patience, nothing here is timed
                Duration.ofMinutes(profile ? 2 : 5)).withSchedulers(schedulers);
        PrintStream log = new PrintStream(Files.newOutputStream(home.resolve("e2e.log")), true, "UTF-8");
        Suite suite = new Suite(spec, log);
        try {
            suite.start();
            suite.awaitWorkersLive(suite.workerDeviceIds(), Duration.ofSeconds(60));
            JsonHttp http = suite.http(Duration.ofSeconds(30));
            ZooRegistration.Registered registered = new ZooRegistration(http, suite.registry(), log).register(ZOO);
            int profiled = !profile ? 0 : new Profiling(http, suite.registry(), suite.profiler(), log)
                    .profileMissing(registered.applications(), PROFILING, Duration.ofMinutes(3));
            return new E2eSuite(suite, schema, manifest, validation, registered, log, profiled);
        } catch (RuntimeException | Error e) {
            suite.close();
            Postgres.drop(schema);
            throw e;
        }
    }

    public Suite suite() {
        return suite;
    }

    public JsonHttp http() {
        return http;
    }

    public Manifest manifest() {
        return manifest;
    }

    public ValidationSet validation() {
        return validation;
    }

    public ZooRegistration.Registered registered() {
        return registered;
    }

    /** How many variants the start-up profiling measured (every one: the schema is fresh). */
    public int profiledAtStart() {
        return profiled;
    }

    public PrintStream log() {
        return log;
    }

    public Manifest.App app(String name) {
        return manifest.applications().stream().filter(a -> a.name().equals(name)).findFirst().orElseThrow();
    }

    public List<DemoApplications.VariantRef> variants(String app) {
        return DemoApplications.variants(app(app));
    }

    /** A zoo model's ONNX file. */
    public Path onnx(String model) {
        return ZOO.resolve(manifest.models().stream().filter(m -> m.name().equals(model)).findFirst().orElseThrow().file());
    }

    @Override
    public void close() {
        try {
            suite.close();
        } finally {
            Postgres.drop(schema);
            log.close();
        }
    }
}
