package io.baton.profiler.support;

import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import io.baton.commons.test.TestDatabase;

/**
 * A real registry-service: its Spring Boot jar (built earlier in the reactor, {@code registry-service/target}) run
 * as a child process on PostgreSQL (a fresh schema on the server {@code BATON_TEST_DB_URL} names, default the local
 * one; dropped on close), on a free port, with its own artifact directory. Tests that need it are skipped, with the reason, when the jar has not been built.
 */
public final class RegistryProcess implements AutoCloseable {

    private final Process process;
    private final URI url;
    private final Path log;
    private final String schema;

    private RegistryProcess(Process process, URI url, Path log, String schema) {
        this.process = process;
        this.url = url;
        this.log = log;
        this.schema = schema;
    }

    /** Starts the registry in {@code dir} and waits until {@code /actuator/health} is UP (at most two minutes). */
    public static RegistryProcess start(Path dir) throws IOException, InterruptedException {
        Path jar = jar();
        assumeThat(jar).as("registry-service's jar (build it first: mvn -o -q -pl scheduling-core,registry-service "
                + "install -DskipTests)").isNotNull();
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Files.createDirectories(dir);
        Path log = dir.resolve("registry.log");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-Xmx256m", "-XX:TieredStopAtLevel=1", "-jar", jar.toString(),
                "--server.port=" + port, "--baton.registry.artifact-dir=" + dir.resolve("artifacts"),
                // the jar's deployment default needs the suite's secret; these tests run the profiler without one
                "--baton.internal.auth=disabled")
                .redirectErrorStream(true).redirectOutput(log.toFile());
        // A real PostgreSQL, as the architecture asks of tests (TestDatabase), in a fresh schema of this process's
        // own, dropped when it stops.
        TestDatabase.Server db = TestDatabase.server();
        String schema = TestDatabase.freshSchema("profiler");
        pb.environment().put("BATON_DB_URL", TestDatabase.urlFor(schema));
        pb.environment().put("BATON_DB_SCHEMA", schema);
        pb.environment().put("BATON_DB_USER", db.user());
        pb.environment().put("BATON_DB_PASSWORD", db.password());
        Process process = pb.start();
        RegistryProcess registry = new RegistryProcess(process, URI.create("http://127.0.0.1:" + port), log, schema);
        registry.awaitHealthy(Duration.ofMinutes(2));
        return registry;
    }

    public URI url() {
        return url;
    }

    private void awaitHealthy(Duration limit) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long end = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < end) {
            if (!process.isAlive()) throw new IllegalStateException("registry-service exited:\n" + tail());
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(url.resolve("/actuator/health"))
                        .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200 && r.body().contains("\"UP\"")) return;
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(250);
        }
        close();
        throw new IllegalStateException("registry-service not healthy within " + limit + ":\n" + tail());
    }

    private String tail() throws IOException {
        List<String> lines = Files.readAllLines(log);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    private static Path jar() throws IOException {
        for (Path dir : List.of(Path.of("../registry-service/target"), Path.of("registry-service/target"))) {
            if (!Files.isDirectory(dir)) continue;
            try (Stream<Path> files = Files.list(dir)) {
                var found = files.filter(p -> p.getFileName().toString().matches("registry-service-.*\\.jar"))
                        .filter(p -> !p.getFileName().toString().endsWith("-plain.jar")).findFirst();
                if (found.isPresent()) return found.get();
            }
        }
        return null;
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        TestDatabase.dropSchema(schema);
    }
}
