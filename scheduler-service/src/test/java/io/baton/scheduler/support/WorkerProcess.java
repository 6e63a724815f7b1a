package io.baton.scheduler.support;

import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * A real worker-service: its Spring Boot jar (built earlier in the reactor, {@code worker-service/target}) run as a
 * child process on a free port, reading ONNX artifacts from a directory and registering with the scheduler under
 * test. Tests that need it are skipped, with the reason, when the jar has not been built.
 */
public final class WorkerProcess implements AutoCloseable {

    private final Process process;
    private final String id;
    private final Path log;

    private WorkerProcess(Process process, String id, Path log) {
        this.process = process;
        this.id = id;
        this.log = log;
    }

    /** Starts worker {@code id}; it registers with {@code scheduler} on its own once it is up. */
    public static WorkerProcess start(String id, Path artifacts, URI scheduler, Path logDir) throws IOException {
        return start(id, artifacts, scheduler, logDir, new String[0]);
    }

    /** Starts worker {@code id} with more command-line properties ({@code --baton.worker.device-class=...}). */
    public static WorkerProcess start(String id, Path artifacts, URI scheduler, Path logDir, String... more) throws IOException {
        return start("-Xmx256m", id, artifacts, scheduler, logDir, more);
    }

    /** Starts worker {@code id} with heap option {@code heap} ({@code -Xmx1g}) instead of 256 MB. */
    public static WorkerProcess start(String heap, String id, Path artifacts, URI scheduler, Path logDir, String... more)
            throws IOException {
        Path jar = jar();
        assumeThat(jar).as("worker-service's jar (build it first: mvn -o -q -pl scheduling-core,worker-service "
                + "package -DskipTests)").isNotNull();
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Files.createDirectories(logDir);
        Path log = logDir.resolve(id + ".log");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new java.util.ArrayList<>(List.of(java, heap, "-XX:TieredStopAtLevel=1", "-jar",
                jar.toString(), "--server.port=" + port, "--baton.worker.device-id=" + id,
                "--baton.worker.registry-url=file:" + artifacts.toAbsolutePath(),
                "--baton.worker.scheduler-url=" + scheduler, "--baton.worker.heartbeat-interval=300ms",
                "--baton.worker.intra-op-threads=1",
                // any free port for its batches over gRPC (the default, HTTP + 1000, may be taken on a busy machine);
                // it advertises the one it got
                "--baton.worker.grpc.port=0"));
        // The worker runs from its jar, with its deployment default (a secret required); a test that gives it none
        // runs it without service-to-service authentication, as the scheduler under test does.
        if (Stream.of(more).noneMatch(a -> a.startsWith("--baton.internal."))) {
            command.add("--baton.internal.auth=disabled");
        }
        command.addAll(List.of(more));
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        return new WorkerProcess(process, id, log);
    }

    /**
     * Waits until {@code registry} has at least {@code count} live workers: the workers in {@code processes} register
     * on their own once up. Fails with a worker's log when one exits, or with every log after {@code timeout}.
     */
    public static void awaitLive(io.baton.scheduler.membership.WorkerRegistry registry, int count,
                                 List<WorkerProcess> processes, java.time.Duration timeout) throws Exception {
        long end = System.nanoTime() + timeout.toNanos();
        while (registry.live().size() < count) {
            for (WorkerProcess p : processes) {
                if (!p.alive()) throw new IllegalStateException("worker " + p.id() + " exited:\n" + p.tail());
            }
            if (System.nanoTime() > end) {
                StringBuilder logs = new StringBuilder();
                for (WorkerProcess p : processes) logs.append("\n--- ").append(p.id()).append('\n').append(p.tail());
                throw new IllegalStateException(count + " worker(s) did not register within " + timeout + ":" + logs);
            }
            Thread.sleep(200);
        }
    }

    public String id() {
        return id;
    }

    public boolean alive() {
        return process.isAlive();
    }

    /** Kills it at once (SIGKILL): no goodbye to the scheduler, batches cut off mid-flight. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    public String tail() throws IOException {
        List<String> lines = Files.readAllLines(log);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) kill();
        }
    }

    /** worker-service's built jar, or null when it has not been built. */
    public static Path jar() throws IOException {
        for (Path dir : List.of(Path.of("../worker-service/target"), Path.of("worker-service/target"))) {
            if (!Files.isDirectory(dir)) continue;
            try (Stream<Path> files = Files.list(dir)) {
                var found = files.filter(p -> p.getFileName().toString().matches("worker-service-[^/]*\\.jar"))
                        .filter(p -> !p.getFileName().toString().endsWith("-plain.jar")).findFirst();
                if (found.isPresent()) return found.get();
            }
        }
        return null;
    }
}
