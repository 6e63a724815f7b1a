package io.baton.cli.suite;

import io.baton.core.security.InternalAuth;
import io.baton.core.security.InternalCredentials;
import io.baton.core.security.InternalSecret;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The whole suite as child processes: registry, scheduler(s), profiler, the workers and the gateway(s), started from a
 * {@link SuiteSpec}. {@code bin/baton up} and the end-to-end tests both run it. The registry starts first (the
 * others read it), then the rest together; each is awaited on its health endpoint. {@link #close} stops every
 * child that was started, also after a failed start, and waits for each: none is left behind.
 *
 * <p>Each suite has its own random internal secret, given to every child in {@code BATON_INTERNAL_SECRET} (so no
 * service runs open and nothing needs to be set up) and written, readable by its owner only, to
 * {@code <home>/internal-secret} for the command-line tools that talk to the running suite ({@code bin/baton} points
 * them there; {@link #close} removes it). {@link #http} calls the services with it.
 */
public final class Suite implements AutoCloseable {
    /** The file, under the state directory, that holds the running suite's internal secret. */
    public static final String SECRET_FILE = "internal-secret";
    private static final Duration STOP_GRACE = Duration.ofSeconds(20);

    private final SuiteSpec spec;
    private final PrintStream log;

    private final InternalSecret secret = InternalSecret.random();
    private final JsonHttp http;
    private final List<ServiceProcess> started = new ArrayList<>();
    private final List<ServiceProcess> workers = new ArrayList<>();
    private final Map<String, Launch> launches = new HashMap<>();
    private boolean closed;
    /** Every gateway's ports, the first on the spec's gateway port (see {@link GatewayPorts#layout}). */
    private final List<GatewayPorts> gateways;
    /** The standby scheduler's port when the spec asks for two (else 0). */
    private final int schedulerBPort;
    /** The schedulers' gRPC intakes (the gateway's inference calls), in the order of {@link #schedulers()}. */
    private final List<Integer> schedulerGrpcPorts;

    public Suite(SuiteSpec spec, PrintStream log) {
        this.spec = spec;
        this.log = log;
        Set<Integer> given = new HashSet<>(spec.ports().named().values());
        // the standard layout's first port after the profiler (8084 beside 8082 and 8083), else any free one
        this.schedulerBPort = spec.schedulers() > 1 ? FreePort.of(spec.ports().scheduler() + 2, given) : 0;
        if (schedulerBPort != 0) given.add(schedulerBPort);
        // 9082 (and 9084) beside the standard 8082 (and 8084), as in compose and Kubernetes, else any free one
        boolean standard = spec.ports().scheduler() == 8082;
        int intake = FreePort.of(standard ? 9082 : 0, given);
        given.add(intake);
        if (schedulerBPort == 0) {
            this.schedulerGrpcPorts = List.of(intake);
        } else {
            int standbyIntake = FreePort.of(standard ? 9084 : 0, given);
            given.add(standbyIntake);
            this.schedulerGrpcPorts = List.of(intake, standbyIntake);
        }
        // management 1000 above each REST port (9080 for 8080) and gRPC 8001 beside 8080, as in compose and Kubernetes,
        // when free: else any free port, so that suites started side by side (the end-to-end tests) never meet on one
        this.gateways = GatewayPorts.layout(spec.ports(), spec.gateways(), given);
        this.http = http(Duration.ofSeconds(5));
    }

    /** A client of this suite's services, presenting its internal secret. */
    public JsonHttp http(Duration timeout) {
        return new JsonHttp(timeout, credentials());
    }

    /** This suite's internal secret, as a client sends it. */
    public InternalCredentials credentials() {
        return InternalCredentials.required(secret);
    }

    public static String workerName(int index) {
        return "worker-" + index;
    }

    public static String deviceId(int index) {
        return "cpu-" + index;
    }

    public URI registry() {
        return local(spec.ports().registry());
    }

    public URI scheduler() {
        return local(spec.ports().scheduler());
    }

    /** Every scheduler: {@code scheduler}, then {@code scheduler-b} when the spec asks for two. */
    public List<URI> schedulers() {
        return schedulerBPort == 0 ? List.of(scheduler()) : List.of(scheduler(), local(schedulerBPort));
    }

    /** The schedulers' URLs as one comma-separated setting (workers and the gateway call every one). */
    private String schedulerUrls() {
        return String.join(",", schedulers().stream().map(URI::toString).toList());
    }

    /**
     * The schedulers' gRPC intakes as one comma-separated setting, in the order of {@link #schedulerUrls()}: what
     * the gateway sends inference to.
     */
    private String schedulerGrpcTargets() {
        return String.join(",", schedulerGrpcPorts.stream().map(p -> "127.0.0.1:" + p).toList());
    }

    /** The gRPC intake's port of the scheduler with {@code index} in {@link #schedulers()}. */
    public int schedulerGrpcPort(int index) {
        return schedulerGrpcPorts.get(index);
    }

    /**
     * Arguments of the scheduler on {@code port} (the {@code index}-th): its gRPC intake's port, its traffic
     * recording's directory, and with two, each elects the leader through the registry's lease.
     */
    private List<String> schedulerArguments(int index, int port) {
        List<String> a = new ArrayList<>(List.of("--baton.scheduler.registry-url=" + registry(),
                "--baton.scheduler.grpc.port=" + schedulerGrpcPorts.get(index),
                // kept in the state directory (one per scheduler): a recording outlives the run for bin/baton twin
                "--baton.scheduler.traffic.directory=" + spec.home().resolve("traffic")
                        .resolve(index == 0 ? "scheduler" : "scheduler-b").toAbsolutePath()));
        if (schedulerBPort != 0) {
            a.add("--baton.scheduler.leader.election=registry");
            a.add("--baton.scheduler.leader.advertised-url=" + local(port));
        }
        return a;
    }

    public URI profiler() {
        return local(spec.ports().profiler());
    }

    /** The first gateway's REST URL. */
    public URI gateway() {
        return local(spec.ports().gateway());
    }

    /** Every gateway (the spec's count): {@code gateway}, then {@code gateway-b}, …, with its ports. */
    public List<GatewayPorts> gateways() {
        return gateways;
    }

    /** The first gateway's management port: its {@code /actuator/prometheus} and {@code /actuator/info}. */
    public URI gatewayManagement() {
        return local(gateways.get(0).management());
    }

    /** The first gateway's gRPC port: the Open Inference Protocol's {@code inference.GRPCInferenceService}. */
    public int gatewayGrpcPort() {
        return gateways.get(0).grpc();
    }

    public SuiteSpec spec() {
        return spec;
    }

    static URI local(int port) {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** Every child started so far, in start order. */
    public synchronized List<ServiceProcess> processes() {
        return List.copyOf(started);
    }

    public synchronized List<ServiceProcess> workers() {
        return List.copyOf(workers);
    }

    /** Starts every service and waits until each is healthy; a {@link SuiteException} (after stopping them all) otherwise. */
    public void start() {
        try {
            writeSecretFile();
            ServiceProcess registry = launchRegistry();
            awaitHealthy(List.of(registry));
            List<ServiceProcess> rest = new ArrayList<>();
            rest.add(launch(Service.SCHEDULER, "scheduler", spec.ports().scheduler(), spec.serviceJvmOptions(),
                    schedulerArguments(0, spec.ports().scheduler()), Map.of()));
            if (schedulerBPort != 0) {
                rest.add(launch(Service.SCHEDULER, "scheduler-b", schedulerBPort, spec.serviceJvmOptions(),
                        schedulerArguments(1, schedulerBPort), Map.of()));
            }
            rest.add(launch(Service.PROFILER, "profiler", spec.ports().profiler(), spec.serviceJvmOptions(),
                    // Profiles measure one intra-op thread, as the workers run: ℓ(b) must be what a worker sees.
                    List.of("--baton.profiler.registry-url=" + registry(), "--baton.profiler.intra-op-threads=1"), Map.of()));
            for (int i = 0; i < spec.ports().workers().size(); i++) rest.add(launchWorker(i, spec.ports().workers().get(i)));
            // each gateway alone (supervised and restarted alone), every one on the same registry and schedulers
            for (GatewayPorts g : gateways) {
                rest.add(launch(Service.GATEWAY, g.name(), g.rest(), spec.serviceJvmOptions(),
                        List.of("--baton.gateway.scheduler-url=" + schedulerUrls(), "--baton.gateway.registry-url=" + registry(),
                                "--baton.gateway.profiler-url=" + profiler(),
                                "--baton.gateway.edge.management-port=" + g.management(),
                                "--baton.gateway.grpc.port=" + g.grpc()),
                        // inference to the schedulers over their gRPC intakes; from the environment, so that a JVM
                        // option -Dbaton.gateway.scheduler-grpc-url= (BATON_SERVICE_JAVA_OPTS) keeps it on HTTP
                        Map.of("BATON_GATEWAY_SCHEDULERGRPCURL", schedulerGrpcTargets())));
            }
            awaitHealthy(rest);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    private ServiceProcess launchRegistry() {
        return launch(Service.REGISTRY, "registry", spec.ports().registry(), spec.serviceJvmOptions(),
                concat(List.of("--baton.registry.artifact-dir=" + spec.home().resolve("registry").resolve("artifacts").toAbsolutePath()),
                        spec.database().arguments()), spec.database().environment());
    }

    /** Stops tracking a child that was stopped on purpose (a test's crash), after stopping it if it still runs. */
    public synchronized void forget(ServiceProcess p) {
        p.kill();
        started.remove(p);
        workers.remove(p);
        if (started.stream().noneMatch(q -> q.name().equals(p.name()))) launches.remove(p.name());
    }

    /** Starts one more worker (device id {@code cpu-<index>}) on {@code port} and waits until it is healthy. */
    public ServiceProcess startWorker(int index, int port) {
        ServiceProcess w = launchWorker(index, port);
        awaitHealthy(List.of(w));
        return w;
    }

    private ServiceProcess launchWorker(int index, int port) {
        return launchWorker(index, port, List.of());
    }

    /**
     * Starts one more worker (device id {@code cpu-<index>}) on {@code port}, with {@code moreArguments} after the
     * usual ones, and answers at once: nothing waits for it to become healthy (it may be meant to fail).
     */
    public ServiceProcess launchWorker(int index, int port, List<String> moreArguments) {
        ServiceProcess w = launch(Service.WORKER, workerName(index), port, spec.workerJvmOptions(),
                concat(List.of("--baton.worker.device-id=" + deviceId(index), "--baton.worker.intra-op-threads=1",
                        "--baton.worker.scheduler-url=" + schedulerUrls(), "--baton.worker.registry-url=" + registry(),
                        // batches over gRPC on any free port, which the worker advertises when it registers: a
                        // fixed one (HTTP + 1000) could be taken by another suite or process on this machine
                        "--baton.worker.grpc.port=0"), moreArguments),
                Map.of());
        synchronized (this) {
            workers.add(w);
        }
        return w;
    }

    private ServiceProcess launch(Service service, String name, int port, List<String> jvm, List<String> arguments,
                                  Map<String, String> environment) {
        synchronized (this) {
            if (closed) throw new SuiteException("the suite is stopping");
        }
        Map<String, String> env = new HashMap<>(environment);
        env.put(InternalAuth.environmentName(InternalAuth.SECRET_PROPERTY), secret.value());
        Launch launch = new Launch(service, spec.jars().of(service), port, jvm, concat(arguments, spec.extra(service)), env);
        ServiceProcess p = launch.start(name, spec.home(), Map.of(), false);
        synchronized (this) {
            started.add(p);
            launches.put(name, launch);
        }
        return p;
    }

    /** How a child was started: what {@link #relaunch} starts again. */
    private record Launch(Service service, Path jar, int port, List<String> jvm, List<String> arguments,
                          Map<String, String> environment) {
        ServiceProcess start(String name, Path home, Map<String, String> moreEnvironment, boolean appendToLog) {
            Map<String, String> env = new HashMap<>(environment);
            env.putAll(moreEnvironment);
            return ServiceProcess.start(name, jar, port, jvm, arguments, env, home, home.resolve("logs").resolve(name + ".log"), appendToLog);
        }
    }

    /** Which service a child of this suite runs. */
    public synchronized Service service(ServiceProcess p) {
        Launch launch = launches.get(p.name());
        if (launch == null) throw new SuiteException(p.name() + " is not a child of this suite");
        return launch.service();
    }

    /**
     * Starts an exited child again with the same command line, port and environment, plus {@code moreEnvironment};
     * its output goes on in the same log. The new process takes the old one's place in {@link #processes} (and
     * {@link #workers}), so {@link #close} stops it. Answers at once, without waiting for it to become healthy.
     */
    public synchronized ServiceProcess relaunch(ServiceProcess exited, Map<String, String> moreEnvironment) {
        if (closed) throw new SuiteException("the suite is stopping");
        Launch launch = launches.get(exited.name());
        int at = started.indexOf(exited);
        if (launch == null || at < 0) throw new SuiteException(exited.name() + " (pid " + exited.pid() + ") is not a child of this suite");
        if (exited.isAlive()) throw new SuiteException(exited.name() + " (pid " + exited.pid() + ") is still running");
        // Under the lock, so that a close() beginning meanwhile sees the new process and stops it.
        ServiceProcess p = launch.start(exited.name(), spec.home(), moreEnvironment, true);
        started.set(at, p);
        int worker = workers.indexOf(exited);
        if (worker >= 0) workers.set(worker, p);
        return p;
    }

    /**
     * Restarts a child: stops it if it still runs (SIGTERM, SIGKILL past the grace period), starts it again as
     * {@link #relaunch} does and waits until it is healthy. A {@link Supervisor} watching it goes on watching the new
     * process rather than starting one of its own.
     */
    public ServiceProcess restart(ServiceProcess p) {
        p.requestStop();
        p.awaitStopped(STOP_GRACE);
        ServiceProcess again = relaunchUnlessRunning(p);
        awaitHealthy(List.of(again));
        return again;
    }

    /** {@link #relaunch}, unless a supervisor was quicker: then the process it started. */
    private synchronized ServiceProcess relaunchUnlessRunning(ServiceProcess p) {
        for (ServiceProcess q : started) {
            if (q != p && q.name().equals(p.name()) && q.isAlive()) return q;
        }
        return relaunch(p, Map.of());
    }

    private void awaitHealthy(List<ServiceProcess> processes) {
        long t0 = System.nanoTime();
        for (ServiceProcess p : processes) {
            p.awaitHealthy(http, spec.healthLimit());
            log.printf(Locale.ROOT, "  %-10s %-24s up (%.1f s, pid %d, log %s)%n", p.name(), p.url(), (System.nanoTime() - t0) / 1e9,
                    p.pid(), p.log());
        }
    }

    /** Waits until the scheduler lists every worker in {@code deviceIds} as LIVE. */
    public void awaitWorkersLive(Collection<String> deviceIds, Duration limit) {
        URI list = scheduler().resolve("/internal/v1/workers");
        long end = System.nanoTime() + limit.toNanos();
        Set<String> live = new HashSet<>();
        while (true) {
            live.clear();
            JsonHttp.Response r = http.get(list);
            if (r.status() == 200) {
                r.json().forEach(w -> {
                    if ("LIVE".equals(w.path("state").asText())) live.add(w.path("workerId").asText());
                });
            }
            if (live.containsAll(deviceIds)) return;
            if (System.nanoTime() > end) {
                throw new SuiteException("the scheduler lists " + live + " as live, not every one of " + deviceIds + " after "
                        + limit.toSeconds() + " s (GET " + list + " answered " + r.status() + ")");
            }
            ServiceProcess.sleep(200);
        }
    }

    public List<String> workerDeviceIds() {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < spec.ports().workers().size(); i++) ids.add(deviceId(i));
        return ids;
    }

    /** Blocks until some child exits, and answers it. */
    public ServiceProcess awaitAnyExit() {
        List<ServiceProcess> all = processes();
        CompletableFuture<?>[] exits = all.stream().map(p -> p.process().onExit()).toArray(CompletableFuture[]::new);
        CompletableFuture.anyOf(exits).join();
        return all.stream().filter(p -> !p.isAlive()).findFirst().orElseThrow();
    }

    /** True once {@link #close} has begun: children exiting then are being stopped, not failing. */
    public synchronized boolean isClosing() {
        return closed;
    }

    /** Stops every child: SIGTERM to all (gateway first), then waits for each, SIGKILL past the grace period. */
    @Override
    public void close() {
        List<ServiceProcess> all;
        synchronized (this) {
            if (closed) return;
            closed = true;
            all = new ArrayList<>(started);
        }
        java.util.Collections.reverse(all); // the edge first, the registry last
        for (ServiceProcess p : all) p.requestStop();
        long end = System.nanoTime() + STOP_GRACE.toNanos();
        for (ServiceProcess p : all) p.awaitStopped(Duration.ofNanos(Math.max(0, end - System.nanoTime())));
        try {
            Files.deleteIfExists(spec.home().resolve(SECRET_FILE)); // it opens nothing any more
        } catch (IOException ignored) {
            // the next run overwrites it
        }
    }

    /** Owner-only from the start (created empty with those permissions, then written), where POSIX allows it. */
    private void writeSecretFile() {
        Path file = spec.home().resolve(SECRET_FILE);
        try {
            Files.createDirectories(spec.home());
            Files.deleteIfExists(file);
            try {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } catch (UnsupportedOperationException notPosix) {
                Files.createFile(file);
            }
            Files.writeString(file, secret.value() + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new SuiteException("cannot write the internal secret to " + file + ": " + e.getMessage(), e);
        }
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
