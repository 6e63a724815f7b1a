package io.baton.cli.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@link Supervisor} over real child processes: a stand-in "service" jar (built here) that runs until stopped, or,
 * given {@code --exit=N}, prints a line and exits with status N at once. Back-off zero: nothing here waits on a timer.
 */
class SupervisorTest {
    static final RestartPolicy NO_WAIT = new RestartPolicy(Duration.ZERO, Duration.ZERO, Duration.ofSeconds(60), 5, Duration.ofMinutes(5));
    static Path jar;

    @TempDir
    Path home;
    final ByteArrayOutputStream said = new ByteArrayOutputStream();
    Suite suite;
    Supervisor supervisor;

    @BeforeAll
    static void standIn(@TempDir Path dir) throws IOException {
        Path src = dir.resolve("StandIn.java");
        Files.writeString(src, """
                public class StandIn {
                    public static void main(String[] args) throws Exception {
                        for (String a : args) {
                            if (a.startsWith("--exit=")) {
                                System.err.println("StandIn refused: told to exit");
                                System.exit(Integer.parseInt(a.substring(7)));
                            }
                        }
                        Thread.sleep(Long.MAX_VALUE);
                    }
                }
                """);
        assertThat(ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", dir.toString(), src.toString())).isZero();
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "StandIn");
        jar = dir.resolve("stand-in.jar");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest)) {
            out.putNextEntry(new JarEntry("StandIn.class"));
            out.write(Files.readAllBytes(dir.resolve("StandIn.class")));
            out.closeEntry();
        }
    }

    void start(RestartPolicy policy) {
        Map<Service, Path> jars = new EnumMap<>(Service.class);
        for (Service s : Service.values()) jars.put(s, jar);
        SuiteSpec spec = new SuiteSpec(new ServiceJars(jars), home, SuiteSpec.Ports.consecutive(1, 2, 3, 4, 5, 1),
                new RegistryDatabase.Embedded(home.resolve("registry")), List.of("-Xmx32m"), List.of("-Xmx32m"), Map.of(),
                Duration.ofSeconds(10));
        suite = new Suite(spec, new PrintStream(OutputStream.nullOutputStream()));
        supervisor = new Supervisor(suite, new PrintStream(said, true, StandardCharsets.UTF_8), policy, Clock.systemUTC());
    }

    @AfterEach
    void stop() {
        if (supervisor != null) supervisor.close();
        if (suite != null) suite.close();
    }

    @Test
    void aChildThatKeepsExitingIsRestartedThenGivenUpAndWithTheOnlyWorkerGoneNothingCanServe() throws Exception {
        start(NO_WAIT);
        ServiceProcess first = suite.launchWorker(0, 40001, List.of("--exit=3"));
        supervisor.supervise(first);

        Optional<String> unservable = CompletableFuture.supplyAsync(supervisor::awaitUnservable).get(2, TimeUnit.MINUTES);

        assertThat(unservable).hasValue("worker-0 was given up, so nothing can be served");
        assertThat(supervisor.givenUp()).containsExactly("worker-0");
        assertThat(supervisor.restarts("worker-0")).isEqualTo(4);
        assertThat(supervisor.lastCause("worker-0")).hasValue(new ExitCause(3, "StandIn refused: told to exit"));
        ServiceProcess last = supervisor.current("worker-0");
        assertThat(last).isNotSameAs(first);
        assertThat(suite.workers()).containsExactly(last);
        assertThat(suite.processes()).containsExactly(last);
        List<String> lines = said.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines).containsExactly(
                "worker-0 exited with status 3: StandIn refused: told to exit; restarting it in 0 s (restart 1)",
                "worker-0 exited with status 3: StandIn refused: told to exit; restarting it in 0 s (restart 2)",
                "worker-0 exited with status 3: StandIn refused: told to exit; restarting it in 0 s (restart 3)",
                "worker-0 exited with status 3: StandIn refused: told to exit; restarting it in 0 s (restart 4)",
                "worker-0 given up: 5 exits within 5 min, the last exited with status 3: StandIn refused: told to exit (its log: "
                        + last.log() + ")");
        assertThat(Files.readString(last.log()).lines().filter(l -> l.contains("StandIn refused"))).as("the log keeps every start's output")
                .hasSize(5);
    }

    @Test
    void whileAnotherWorkerRunsTheSuiteStillServes() throws Exception {
        start(NO_WAIT);
        ServiceProcess healthy = suite.launchWorker(0, 40001, List.of());
        ServiceProcess doomed = suite.launchWorker(1, 40002, List.of("--exit=1"));
        CompletableFuture<Optional<String>> unservable = CompletableFuture.supplyAsync(supervisor::awaitUnservable);
        supervisor.supervise(healthy);
        supervisor.supervise(doomed);

        await(() -> supervisor.givenUp().contains("worker-1"));
        assertThat(unservable).as("worker-0 still serves").isNotDone();
        assertThat(supervisor.restarts("worker-0")).isZero();
        assertThat(supervisor.current("worker-0")).isSameAs(healthy);
        assertThat(healthy.isAlive()).isTrue();
    }

    @Test
    void aRestartedChildIsToldItsRestartCountAndCause() throws Exception {
        start(new RestartPolicy(Duration.ZERO, Duration.ZERO, Duration.ofSeconds(60), 2, Duration.ofMinutes(5)));
        ServiceProcess first = suite.launchWorker(0, 40001, List.of());
        supervisor.supervise(first);
        first.kill();
        await(() -> supervisor.current("worker-0") != first);
        ServiceProcess again = supervisor.current("worker-0");
        assertThat(again.url()).isEqualTo(first.url());
        assertThat(said.toString(StandardCharsets.UTF_8)).isEqualTo("worker-0 killed by SIGKILL (137); restarting it in 0 s (restart 1)"
                + System.lineSeparator());
        Path environ = Path.of("/proc/" + again.pid() + "/environ");
        assumeTrue(Files.isReadable(environ), "a process's environment is readable in /proc (Linux)");
        assertThat(environ(environ)).containsEntry("BATON_INTERNAL_SECRET", suite.credentials().secret().orElseThrow().value()).containsEntry(Supervisor.RESTARTS_ENV, "1").containsEntry(Supervisor.RESTART_CAUSE_ENV, "killed by SIGKILL (137)");
    }

    @Test
    void aChildStartedAgainBySomeoneElseIsWatchedNotStartedTwice() throws Exception {
        // a back-off long enough for the test to start the child again itself first
        start(new RestartPolicy(Duration.ofSeconds(2), Duration.ofSeconds(2), Duration.ofSeconds(60), 5, Duration.ofMinutes(5)));
        ServiceProcess first = suite.launchWorker(0, 40001, List.of());
        supervisor.supervise(first);
        first.kill();
        ServiceProcess other = suite.relaunch(first, Map.of()); // as a fault injector or Suite.restart does

        await(() -> supervisor.current("worker-0") == other);
        assertThat(supervisor.restarts("worker-0")).as("the supervisor started nothing itself").isLessThanOrEqualTo(1);
        assertThat(suite.processes()).containsExactly(other);
        Thread.sleep(2500); // past the back-off: nothing more is started
        assertThat(suite.processes()).containsExactly(other);
        assertThat(supervisor.current("worker-0")).isSameAs(other);
        assertThat(other.isAlive()).isTrue();
    }

    @Test
    void childrenStoppedByClosingTheSuiteAreNotRestarted() throws Exception {
        start(NO_WAIT);
        ServiceProcess worker = suite.launchWorker(0, 40001, List.of());
        supervisor.supervise(worker);
        CompletableFuture<Optional<String>> unservable = CompletableFuture.supplyAsync(supervisor::awaitUnservable);

        suite.close(); // as Ctrl-C's shutdown hook does

        assertThat(unservable.get(1, TimeUnit.MINUTES)).as("closing, not failing").isEmpty();
        assertThat(worker.isAlive()).isFalse();
        assertThat(supervisor.current("worker-0")).isSameAs(worker);
        assertThat(supervisor.restarts("worker-0")).isZero();
        assertThat(said.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    private static Map<String, String> environ(Path environ) throws IOException {
        Map<String, String> env = new java.util.HashMap<>();
        for (String entry : new String(Files.readAllBytes(environ), StandardCharsets.UTF_8).split("\0")) {
            int eq = entry.indexOf('=');
            if (eq > 0) env.put(entry.substring(0, eq), entry.substring(eq + 1));
        }
        return env;
    }

    private static void await(BooleanSupplier done) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        while (!done.getAsBoolean()) {
            assertThat(System.nanoTime()).as("within a minute").isLessThan(end);
            Thread.sleep(20);
        }
    }
}
