package io.baton.cli;

import io.baton.core.plan.InputException;
import io.baton.core.security.InternalAuth;
import com.fasterxml.jackson.databind.JsonNode;
import io.baton.cli.suite.JsonHttp;
import io.baton.cli.suite.JvmOptions;
import io.baton.cli.suite.Oip;
import io.baton.cli.models.ModelCache;
import io.baton.cli.models.ModelFetcher;
import io.baton.cli.models.PublishedModel;
import io.baton.cli.suite.CompiledWarmup;
import io.baton.cli.suite.CompilerQuiet;
import io.baton.cli.suite.GatewayPorts;
import io.baton.cli.suite.Profiling;
import io.baton.cli.suite.PublishedApplications;
import io.baton.cli.suite.PublishedExamples;
import io.baton.cli.suite.PublishedRegistration;
import io.baton.cli.suite.RegistryDatabase;
import io.baton.cli.suite.RouteWarmup;
import io.baton.cli.suite.ServiceJars;
import io.baton.cli.suite.ServiceProcess;
import io.baton.cli.suite.Suite;
import io.baton.cli.suite.SuiteSpec;
import io.baton.cli.suite.Supervisor;
import io.baton.cli.suite.ZooRegistration;
import io.baton.cli.zoo.FashionMnist;
import io.baton.cli.zoo.ValidationSet;
import io.baton.cli.zoo.ZooBuilder;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code bin/baton up} ({@code baton suite up --root DIR}): the live suite on this machine. Builds the zoo into the
 * state directory when missing, starts registry (embedded H2), scheduler, profiler, one worker per CPU core and the
 * gateway as child processes, registers and profiles the demo zoo and the published models of
 * {@link PublishedApplications} (fetched by pin into the model cache, {@code BATON_MODEL_CACHE}), prints the URLs and
 * a request that works for each, then runs until Ctrl-C or SIGTERM, which stop every child (a shutdown hook) before it exits. A child
 * that dies on its own is restarted by a {@link Supervisor} (back-off 1 s doubling to 30 s; given up after 5 exits
 * within 5 minutes); only when nothing can serve any more (the registry, every scheduler, every gateway or every worker
 * given up) are the rest stopped, with exit status 1. Two gateways by default ({@code --gateways N} or
 * {@code BATON_GATEWAYS}, see {@link io.baton.cli.suite.GatewayPorts} for their ports), each restarted alone.
 *
 * <p>Environment: {@code BATON_HOME} (state directory, default {@code ROOT/.baton}), {@code BATON_WORKERS},
 * {@code BATON_GATEWAY_PORT} (8080), {@code BATON_REGISTRY_PORT} (8081), {@code BATON_SCHEDULER_PORT} (8082),
 * {@code BATON_PROFILER_PORT} (8083), {@code BATON_WORKER_PORT} (8090, the first worker's), {@code BATON_FASHION_MNIST},
 * {@code BATON_MODEL_CACHE}, {@code BATON_SCHEDULERS}, {@code BATON_GATEWAYS}, {@code BATON_SERVICE_JAVA_OPTS}, {@code BATON_WORKER_JAVA_OPTS}, {@code BATON_WARMUP_SECONDS}, {@code BATON_JIT_WAIT_SECONDS},
 * {@code BATON_START_SECONDS} (how long each service may take to start, 180).
 */
final class UpCommand {
    static final String EXAMPLE_APP = "fashion-single";
    static final String EXAMPLE_FILE = "example-request.json";
    static final String DEFAULT_SERVICE_JVM = JvmOptions.SERVICE_DEFAULT;
    static final String DEFAULT_WORKER_JVM = JvmOptions.WORKER_DEFAULT;

    private UpCommand() {}

    /** What {@code up} was asked for, from flags and environment, validated. */
    record Settings(Path root, Path home, Path data, SuiteSpec.Ports ports, List<String> serviceJvm, List<String> workerJvm,
                    boolean check, int schedulers, int gateways) {}

    /**
     * Two schedulers by default (the leader and a standby that takes over within seconds of its loss): one more JVM
     * of {@code -Xmx512m}, cheap beside the workers.
     */
    static final int DEFAULT_SCHEDULERS = 2;

    /**
     * Two gateways by default: while one is restarted the other serves (each is stateless; a client or proxy in front
     * spreads requests over both, as a Kubernetes Service does over its pods).
     */
    static final int DEFAULT_GATEWAYS = 2;

    /** How long one gateway's share of a warm-up pass after the first quiet wait may take ({@link #awaitCompiled}). */
    static final int PASS_SECONDS = 20;

    static Settings settings(List<String> args, Map<String, String> env) {
        Flags.requireKnown(args, 0, Set.of("--root", "--home", "--workers", "--data", "--schedulers", "--gateways"), Set.of("--check"));
        Path root = Path.of(or(Baton.option(args, "--root"), ".")).toAbsolutePath().normalize();
        Path home = Path.of(or(Baton.option(args, "--home"), or(env.get("BATON_HOME"), root.resolve(".baton").toString())))
                .toAbsolutePath().normalize();
        int cores = Runtime.getRuntime().availableProcessors();
        String workersFlag = Baton.option(args, "--workers");
        int workers = Flags.intIn(workersFlag != null ? workersFlag : env.get("BATON_WORKERS"),
                workersFlag != null ? "--workers" : "BATON_WORKERS", cores, 1, 64);
        SuiteSpec.Ports ports = SuiteSpec.Ports.consecutive(port(env, "BATON_GATEWAY_PORT", 8080), port(env, "BATON_REGISTRY_PORT", 8081),
                port(env, "BATON_SCHEDULER_PORT", 8082), port(env, "BATON_PROFILER_PORT", 8083), port(env, "BATON_WORKER_PORT", 8090), workers);
        Map<Integer, String> seen = new HashMap<>();
        ports.named().forEach((name, p) -> {
            if (p > 65535) throw new InputException(name + "'s port " + p + " is past 65535 (BATON_WORKER_PORT too high for " + workers + " workers)");
            String other = seen.put(p, name);
            if (other != null) throw new InputException("port " + p + " is given to both " + other + " and " + name + " (see the BATON_*_PORT variables)");
        });
        String dataOption = Baton.option(args, "--data");
        Path data = ZooCommand.dataDir(dataOption != null ? dataOption : env.get("BATON_FASHION_MNIST"),
                dataOption != null ? "--data" : "BATON_FASHION_MNIST");
        String schedulersFlag = Baton.option(args, "--schedulers");
        int schedulers = Flags.intIn(schedulersFlag != null ? schedulersFlag : env.get("BATON_SCHEDULERS"),
                schedulersFlag != null ? "--schedulers" : "BATON_SCHEDULERS", DEFAULT_SCHEDULERS, 1, 2);
        int gateways = gateways(args, env);
        // JvmOptions.EARLY_C2 first, whatever the environment says: the warm-up counts on it (a later option wins)
        return new Settings(root, home, data, ports, JvmOptions.withEarlyC2(words(or(env.get("BATON_SERVICE_JAVA_OPTS"), DEFAULT_SERVICE_JVM))),
                JvmOptions.withEarlyC2(words(or(env.get("BATON_WORKER_JAVA_OPTS"), DEFAULT_WORKER_JVM))), args.contains("--check"), schedulers,
                gateways);
    }

    /**
     * {@code BATON_JIT_WAIT_SECONDS}: how long {@code up} may spend, after its warm-up, waiting for the services' JIT
     * compilers to go quiet and sending the warm-up's traffic again until it compiles next to nothing
     * ({@link #awaitCompiled}; 0: neither). 240 by default: on a 2-core machine eight JVMs went quiet 74–91 s after the
     * warm-up, and the passes after it take about half a minute each. Both end as soon as they are done, so a machine
     * with cores to spare does not pay for the bound.
     */
    static int jitWaitSeconds(Map<String, String> env) {
        return Flags.intIn(env.get("BATON_JIT_WAIT_SECONDS"), "BATON_JIT_WAIT_SECONDS", 240, 0, 3600);
    }

    /** {@code --gateways}, else {@code BATON_GATEWAYS}, else {@link #DEFAULT_GATEWAYS}: 1 to {@link SuiteSpec#MAX_GATEWAYS}. */
    static int gateways(List<String> args, Map<String, String> env) {
        String flag = Baton.option(args, "--gateways");
        return Flags.intIn(flag != null ? flag : env.get("BATON_GATEWAYS"), flag != null ? "--gateways" : "BATON_GATEWAYS",
                DEFAULT_GATEWAYS, 1, SuiteSpec.MAX_GATEWAYS);
    }

    static void run(List<String> args, PrintStream out, Map<String, String> env) {
        Settings s = settings(args, env);
        int warmupSeconds = Flags.intIn(env.get("BATON_WARMUP_SECONDS"), "BATON_WARMUP_SECONDS", 60, 0, 3600);
        int jitWaitSeconds = jitWaitSeconds(env);
        // How long each service may take to answer its health check: 3 minutes is ample on a quiet machine, and a
        // machine loaded by other work (a build beside it) needs more.
        int startSeconds = Flags.intIn(env.get("BATON_START_SECONDS"), "BATON_START_SECONDS", 180, 10, 3600);
        ServiceJars jars;
        try {
            jars = ServiceJars.in(s.root());
        } catch (io.baton.cli.suite.SuiteException e) {
            throw new InputException("--root: " + e.getMessage());
        }
        requireFree(s.ports());
        try {
            Files.createDirectories(s.home().resolve("logs"));
        } catch (IOException e) {
            throw new InputException("BATON_HOME: cannot create " + s.home() + ": " + e.getMessage());
        }

        out.println("Baton: the live suite (state in " + s.home() + ")");
        Path zoo = s.home().resolve("zoo");
        ZooCommand.build(zoo, ZooBuilder.Options.standard(s.data()), false, out);

        SuiteSpec spec = new SuiteSpec(jars, s.home(), s.ports(), new RegistryDatabase.Embedded(s.home().resolve("registry").resolve("registry")),
                s.serviceJvm(), s.workerJvm(), Map.of(), Duration.ofSeconds(startSeconds)).withSchedulers(s.schedulers()).withGateways(s.gateways());
        Suite suite = new Suite(spec, out);
        Thread stopper = new Thread(() -> {
            out.println();
            out.println("stopping the suite …");
            suite.close();
            out.println("stopped: every service has exited");
            out.flush();
        }, "baton-up-stop");
        Runtime.getRuntime().addShutdownHook(stopper);

        out.println("starting the suite (logs in " + s.home().resolve("logs") + "):");
        suite.start();
        suite.awaitWorkersLive(suite.workerDeviceIds(), Duration.ofSeconds(60));
        out.println("  the scheduler lists workers " + String.join(", ", suite.workerDeviceIds()) + " as live");
        // From here on (the first profiling can take minutes), a child that dies is started again.
        Supervisor supervisor = new Supervisor(suite, out);
        supervisor.superviseAll();

        JsonHttp http = suite.http(Duration.ofSeconds(30));
        out.println("registering the demo zoo:");
        ZooRegistration.Registered registered = new ZooRegistration(http, suite.registry(), out).register(zoo);
        out.println("profiling (CPU, one intra-op thread, as the workers run):");
        new Profiling(http, suite.registry(), suite.profiler(), out)
                .profileMissing(registered.applications(), Profiling.Options.defaults(), Duration.ofMinutes(20));

        List<PublishedApplications.App> published = registerPublished(http, suite, out, env);

        Path example = writeExample(zoo, s.home());
        String zooAnswer = probe(http, suite.gateway(), example);
        Map<String, String> publishedAnswers = new LinkedHashMap<>();
        if (!published.isEmpty()) {
            PublishedExamples.write(s.home());
            for (PublishedApplications.App app : published) {
                publishedAnswers.put(app.name(), PublishedExamples.probe(http, suite.gateway(), app.name(), publishedExample(s.home(), app)));
            }
        }
        // through every gateway: each JIT-compiles its own route (the scheduler and workers are warm after the first)
        Map<String, String> warmupRequests = warmupRequests(example, s.home(), published);
        for (GatewayPorts g : suite.gateways()) warmRoutes(http, g, warmupRequests, warmupSeconds, out);
        if (warmupSeconds > 0 && jitWaitSeconds > 0) awaitCompiled(http, suite, warmupRequests, jitWaitSeconds, out);
        printReady(out, suite, s, example, zooAnswer, bootstrapKeysSet(env));
        printPublished(out, suite, s.home(), published, publishedAnswers);
        out.println("Load test (symphony vs work-conserving at three loads): bin/baton bench live");
        out.println("A service that exits on its own is restarted (its log says why); Ctrl-C stops every service.");
        out.flush();

        if (s.check()) {
            out.println("--check: stopping now");
            return; // Baton.main exits, and the shutdown hook stops the suite
        }
        // Empty: Ctrl-C or SIGTERM, and the shutdown hook is stopping them all.
        String unservable = supervisor.awaitUnservable().orElse(null);
        if (unservable == null || suite.isClosing()) return;
        throw new io.baton.cli.suite.SuiteException(unservable + "; stopping the rest");
    }

    /**
     * Warms every application's route through one gateway ({@link RouteWarmup}) before "Baton is up", so the first load
     * test meets a warm suite; bounded by {@code BATON_WARMUP_SECONDS} (60; 0: no warm-up) per gateway.
     */
    static void warmRoutes(JsonHttp http, GatewayPorts gateway, Map<String, String> requests, int seconds, PrintStream out) {
        if (seconds == 0) return;
        out.println("warming every application's REST and gRPC routes through " + gateway.name() + " (at most " + seconds
                + " s, BATON_WARMUP_SECONDS):");
        RouteWarmup.warm(http, gateway.url(), gateway.grpc(), requests, Duration.ofSeconds(seconds), out);
    }

    /** What the warm-up sends each application: the demo example, and each published model's own. */
    static Map<String, String> warmupRequests(Path example, Path home, List<PublishedApplications.App> published) {
        Map<String, String> requests = new LinkedHashMap<>();
        try {
            String zoo = Files.readString(example);
            for (String app : List.of(EXAMPLE_APP, "fashion-ensemble", "fashion-pipeline")) requests.put(app, zoo);
            for (PublishedApplications.App app : published) requests.put(app.name(), Files.readString(publishedExample(home, app)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return requests;
    }

    /**
     * Waits for the services' JIT compilers to go quiet ({@link CompilerQuiet}), then sends the warm-up's traffic
     * again in passes ({@link CompiledWarmup}, {@link RouteWarmup.Plan#PASS} through every gateway, each at most
     * {@link #PASS_SECONDS}) until a pass compiles next to nothing; all within {@code BATON_JIT_WAIT_SECONDS}.
     */
    static void awaitCompiled(JsonHttp http, Suite suite, Map<String, String> requests, int seconds, PrintStream out) {
        long end = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        List<URI> metrics = compilerMetrics(suite);
        out.println("waiting for the services' JIT compilers to finish what the warm-up queued, then warming again until the"
                + " traffic compiles next to nothing (at most " + seconds + " s, BATON_JIT_WAIT_SECONDS):");
        CompilerQuiet.await(http, metrics, Duration.ofSeconds(seconds), out);
        PrintStream silent = new PrintStream(OutputStream.nullOutputStream());
        CompiledWarmup.Services passes = new CompiledWarmup.Services(() -> {
            int served = 0;
            for (GatewayPorts g : suite.gateways()) {
                for (RouteWarmup.Warmed w : RouteWarmup.warm(http, g.url(), g.grpc(), requests, Duration.ofSeconds(PASS_SECONDS),
                        RouteWarmup.Plan.PASS, silent).values()) {
                    served += w.served();
                }
            }
            return served;
        }, () -> CompilerQuiet.totalMs(http, metrics), bound -> CompilerQuiet.awaitQuietly(http, metrics, bound));
        long left = end - System.nanoTime();
        if (left > 0) CompiledWarmup.run(passes, Duration.ofNanos(left), out);
    }

    /** Each service's Prometheus route: a gateway's on its management port, every other service's on its own. */
    static List<URI> compilerMetrics(Suite suite) {
        Map<String, GatewayPorts> gateways = new HashMap<>();
        for (GatewayPorts g : suite.gateways()) gateways.put(g.name(), g);
        List<URI> metrics = new ArrayList<>();
        for (ServiceProcess p : suite.processes()) {
            GatewayPorts g = gateways.get(p.name());
            metrics.add((g != null ? g.managementUrl() : p.url()).resolve("/actuator/prometheus"));
        }
        return metrics;
    }

    /** Registers and profiles the {@link PublishedApplications} (their models fetched by pin into the model cache). */
    static List<PublishedApplications.App> registerPublished(JsonHttp http, Suite suite, PrintStream out, Map<String, String> env) {
        Path cache = ModelCache.directory(env);
        out.println("registering published models (fetched by pin, cached in " + cache + "):");
        return new PublishedRegistration(http, suite.registry(), new ModelFetcher(cache), out).registerAndProfile(PublishedApplications.all(),
                new Profiling(http, suite.registry(), suite.profiler(), out), Duration.ofMinutes(5));
    }

    static Path publishedExample(Path home, PublishedApplications.App app) {
        return home.resolve(app.name().equals(PublishedApplications.VAD) ? PublishedExamples.VAD_FILE : PublishedExamples.OCR_FILE);
    }

    private static void printPublished(PrintStream out, Suite suite, Path home, List<PublishedApplications.App> published,
                                       Map<String, String> answers) {
        for (PublishedApplications.App app : published) {
            PublishedModel m = app.pinned();
            out.println(app.name().equals(PublishedApplications.VAD)
                    ? "Detect speech in 32 ms of audio (" + m.description().replaceFirst(":.*", "") + ", " + m.coordinates() + "):"
                    : "Classify a text line's direction (" + m.description().replaceFirst(":.*", "") + ", " + m.coordinates() + "):");
            out.printf("  curl -s -H 'Content-Type: application/json' -d @%s %s/v2/models/%s/infer%n", publishedExample(home, app),
                    suite.gateway(), app.name());
            out.println("  → " + answers.get(app.name()));
        }
        if (!published.isEmpty()) out.flush();
    }

    /** The OIP request for validation image 0, written to the state directory: what the printed curl sends. */
    static Path writeExample(Path zoo, Path home) {
        try {
            ValidationSet vs = ValidationSet.read(zoo.resolve(ZooBuilder.VALIDATION));
            Path file = home.resolve(EXAMPLE_FILE);
            JsonHttp.JSON.writeValue(file.toFile(), Oip.inferRequest("example-0", ZooBuilder.INPUT, vs.examples(), vs.dims(), 0, 1));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Warms every demo application with the example (a cold JVM, an empty application cache and a first model load
     * can outlast a 100 ms SLO: such a request is refused with its reason, as it should be), then sends it to the
     * example application and answers a line saying what came back.
     */
    static String probe(JsonHttp http, URI gateway, Path example) {
        try {
            String request = Files.readString(example);
            for (String app : List.of("fashion-ensemble", "fashion-pipeline", EXAMPLE_APP)) {
                for (int attempt = 0; attempt < 20; attempt++) {
                    if (http.post(gateway.resolve("/v2/models/" + app + "/infer"), request).status() == 200) break;
                }
            }
            JsonHttp.Response r = http.post(gateway.resolve("/v2/models/" + EXAMPLE_APP + "/infer"), request);
            if (r.status() != 200) {
                return "answered " + r.status() + " " + r.reason() + "  (not served: see the gateway's and the scheduler's logs)";
            }
            JsonNode body = r.json();
            float[] p = Oip.output(body, ZooBuilder.OUTPUT);
            int best = ZooBuilder.argmax(p, 0, p.length);
            String batch = Oip.batchSize(body).isPresent() ? ", batch " + Oip.batchSize(body).getAsInt() : "";
            return String.format(Locale.ROOT, "answered 200: '%s' with probability %.3f (model %s%s)", FashionMnist.CLASSES.get(best),
                    p[best], body.path("model_version").asText(body.path("model_name").asText("?")), batch);
        } catch (IOException | RuntimeException e) {
            return "failed: " + e.getMessage();
        }
    }

    /**
     * Whether the gateway gets bootstrap API keys: the services inherit this environment, and Spring reads
     * {@code baton.gateway.api-keys} from either spelling. {@code up} sets none itself: everything listens on loopback
     * and the registry there takes admin calls without a key anyway, so a key would close nothing.
     */
    static boolean bootstrapKeysSet(Map<String, String> env) {
        return !or(env.get("BATON_GATEWAY_API_KEYS"), or(env.get("BATON_GATEWAY_APIKEYS"), "")).isBlank();
    }

    private static void printReady(PrintStream out, Suite suite, Settings s, Path example, String probe,
                                   boolean bootstrapKeys) {
        List<Integer> w = s.ports().workers();
        out.println();
        out.println("Baton is up.");
        out.printf("  gateway    %s   Open Inference Protocol v2: /v2/health/ready, /v2/models/%s, /v2/models/%s/infer%n",
                suite.gateway(), EXAMPLE_APP, EXAMPLE_APP);
        out.printf("  gRPC       127.0.0.1:%d   the same protocol over gRPC (inference.GRPCInferenceService, grpc.health.v1.Health)%n",
                suite.gatewayGrpcPort());
        for (GatewayPorts g : suite.gateways().subList(1, suite.gateways().size())) {
            out.printf("  %-10s %s   gRPC 127.0.0.1:%d, management %s: the same routes; either serves while the other restarts%n",
                    g.name(), g.url(), g.grpc(), g.managementUrl());
        }
        out.printf("  admin page %s/admin/   applications, uploads, profiling, profiles, plans, live metrics%n", suite.gateway());
        out.printf("  registry   %s   /v1/applications (also through the gateway's /v1)%n", suite.registry());
        out.printf("  scheduler  %s   /internal/v1/workers%n", suite.scheduler());
        for (java.net.URI other : suite.schedulers().subList(1, suite.schedulers().size())) {
            out.printf("  scheduler-b %s  the second scheduler: one of the two leads (GET /internal/v1/leader), the other "
                    + "stands by%n", other);
        }
        out.printf("  profiler   %s   /v1/profiling-jobs%n", suite.profiler());
        out.printf("  workers    %s%n", w.size() == 1 ? "http://127.0.0.1:" + w.get(0)
                : "http://127.0.0.1:" + w.get(0) + " … " + w.get(w.size() - 1) + " (" + w.size() + ", one per core)");
        out.printf("  metrics    every service's /actuator/prometheus (the gateway's on %s); logs in %s%n",
                suite.gatewayManagement(), s.home().resolve("logs"));
        out.printf("  internal   registry, scheduler, profiler and workers obey only this run's secret (%s, header %s)%n",
                s.home().resolve(Suite.SECRET_FILE), InternalAuth.HEADER);
        out.println(bootstrapKeys
                ? "  admin      the gateway's /v1 needs an API key: one of BATON_GATEWAY_API_KEYS in X-API-Key"
                : "  admin      the gateway's /v1 is open (loopback only) until a key exists; BATON_GATEWAY_API_KEYS=... closes it");
        out.println();
        out.println("Classify a Fashion-MNIST test image (validation image 0, an ankle boot):");
        out.printf("  curl -s -H 'Content-Type: application/json' -d @%s %s/v2/models/%s/infer%n", example, suite.gateway(), EXAMPLE_APP);
        out.println("  → " + probe);
        out.flush();
    }

    /** Refuses to start when a port is taken: the service would fail later with a less clear message. */
    static void requireFree(SuiteSpec.Ports ports) {
        ports.named().forEach((name, port) -> {
            try (ServerSocket s = new ServerSocket()) {
                s.setReuseAddress(true);
                s.bind(new java.net.InetSocketAddress(port));
            } catch (IOException e) {
                throw new InputException("port " + port + " (" + name + ") is in use: stop what listens there or set "
                        + envFor(name) + " (is a suite running already?)");
            }
        });
    }

    private static String envFor(String name) {
        return name.startsWith("worker-") ? "BATON_WORKER_PORT" : "BATON_" + name.toUpperCase(Locale.ROOT) + "_PORT";
    }

    private static int port(Map<String, String> env, String name, int dflt) {
        return Flags.intIn(env.get(name), name, dflt, 1, 65535);
    }

    private static String or(String v, String dflt) {
        return v == null || v.isBlank() ? dflt : v;
    }

    private static List<String> words(String s) {
        return Arrays.stream(s.strip().split("\\s+")).filter(w -> !w.isEmpty()).toList();
    }
}
