package io.baton.cli.suite;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One service of the suite running as a child process ({@code java -jar}), its standard output and error in a log
 * file. Stopping sends SIGTERM (Spring Boot shuts down gracefully) and, past the grace period, SIGKILL.
 */
public record ServiceProcess(String name, URI url, Process process, Path log) {
    /**
     * Starts {@code java [jvmOptions] -jar jar --server.port=port --server.address=127.0.0.1 [arguments]} in {@code workDir}, with
     * {@code environment} added to this process's own, writing everything it prints to {@code log}.
     */
    public static ServiceProcess start(String name, Path jar, int port, List<String> jvmOptions, List<String> arguments,
                                       Map<String, String> environment, Path workDir, Path log) {
        return start(name, jar, port, jvmOptions, arguments, environment, workDir, log, false);
    }

    /** As above; {@code appendToLog}: after what {@code log} holds already (a restart keeps its crash's output). */
    public static ServiceProcess start(String name, Path jar, int port, List<String> jvmOptions, List<String> arguments,
                                       Map<String, String> environment, Path workDir, Path log, boolean appendToLog) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-jar");
        command.add(jar.toString());
        command.add("--server.port=" + port);
        command.add("--server.address=127.0.0.1"); // the suite talks over loopback; nothing of it is exposed beyond
        command.addAll(arguments);
        try {
            Files.createDirectories(workDir);
            Files.createDirectories(log.toAbsolutePath().getParent());
            ProcessBuilder pb = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true)
                    .redirectOutput(appendToLog ? ProcessBuilder.Redirect.appendTo(log.toFile()) : ProcessBuilder.Redirect.to(log.toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
            pb.environment().putAll(environment);
            return new ServiceProcess(name, URI.create("http://127.0.0.1:" + port), pb.start(), log);
        } catch (IOException e) {
            throw new SuiteException("cannot start " + name + ": " + e.getMessage(), e);
        }
    }

    private static java.io.File nullDevice() {
        return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /**
     * Waits until {@code GET /actuator/health/readiness} answers 200 with status UP: what Kubernetes' and compose's
     * readiness probes ask, so a service that warms its serving path before it reports ready (the gateway) is awaited
     * until it is warm. Fails at once, with the log's last lines, when the process exits first; fails when
     * {@code limit} passes.
     */
    public void awaitHealthy(JsonHttp http, Duration limit) {
        URI health = url.resolve("/actuator/health/readiness");
        long end = System.nanoTime() + limit.toNanos();
        while (true) {
            if (!process.isAlive()) {
                throw new SuiteException(name + " exited with status " + process.exitValue() + " while starting; log " + log
                        + ":\n" + tail(30));
            }
            try {
                JsonHttp.Response r = http.get(health);
                if (r.status() == 200 && "UP".equals(r.json().path("status").asText())) return;
            } catch (SuiteException notYet) {
                // not listening yet
            }
            if (System.nanoTime() > end) {
                throw new SuiteException(name + " not healthy at " + health + " within " + limit.toSeconds() + " s; log " + log
                        + ":\n" + tail(30));
            }
            sleep(200);
        }
    }

    /** Asks the process to stop (SIGTERM); {@link #awaitStopped} waits for it. */
    public void requestStop() {
        process.destroy();
    }

    /** Waits until the process has exited, killing it (SIGKILL) when {@code grace} passes first. */
    public void awaitStopped(Duration grace) {
        try {
            if (!process.waitFor(Math.max(0, grace.toMillis()), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** Kills the process at once (SIGKILL), as a crash would: tests use it to lose a worker mid-load. */
    public void kill() {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The last {@code lines} lines of the log. */
    public String tail(int lines) {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(log unreadable: " + e.getMessage() + ")";
        }
    }

    /** Sleeps; an interrupt keeps the flag set and ends the caller with a {@link SuiteException}. */
    public static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SuiteException("interrupted", e);
        }
    }

    @Override
    public String toString() {
        return name + " (pid " + process.pid() + ", " + url + ")";
    }
}
