package io.baton.scheduler.actuate;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Worker processes the local actuator starts and stops, per pool, from that pool's launch command. The command is
 * split at white space (no shell: for pipes or quoting, point it at a script) and each word's placeholders are
 * filled in: {@code {java}} the java launcher of this JVM, {@code {pool}}, {@code {index}} (0, 1, …: the smallest
 * not in use in the pool, so a restarted worker reuses a device id such as {@code cpu-{index}}), {@code {port}} (a
 * free TCP port). Output goes to {@code <log-dir>/<pool>-<index>.log}.
 *
 * <p>Scaling down stops the highest indexes first: SIGTERM (Spring Boot shuts down gracefully), then SIGKILL if it is
 * still running after {@code stop-timeout}. The wait happens off the caller's thread.
 */
public final class WorkerProcesses implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(WorkerProcesses.class);

    private final Map<String, String> commands;
    private final Path logDir;
    private final Duration stopTimeout;
    private final Map<String, String> environment;
    private final Map<String, List<Launched>> running = new TreeMap<>();

    /** One process this class started. */
    private record Launched(int index, Process process) {
    }

    public WorkerProcesses(Map<String, String> commands, Path logDir, Duration stopTimeout) {
        this(commands, logDir, stopTimeout, Map.of());
    }

    /**
     * {@code environment} is added to what each launched worker inherits: the suite's internal secret, so that a
     * worker launched here is obeyed by the scheduler and the registry even when this scheduler got its secret on
     * the command line rather than in its own environment.
     */
    public WorkerProcesses(Map<String, String> commands, Path logDir, Duration stopTimeout, Map<String, String> environment) {
        this.environment = Map.copyOf(environment);
        for (Map.Entry<String, String> e : commands.entrySet()) {
            if (e.getValue() == null || e.getValue().isBlank()) {
                throw new IllegalArgumentException("baton.scheduler.actuator.local.commands." + e.getKey() + " is empty");
            }
        }
        this.commands = Map.copyOf(commands);
        this.logDir = logDir;
        this.stopTimeout = stopTimeout;
    }

    public List<String> pools() {
        return commands.keySet().stream().sorted().toList();
    }

    public boolean launches(String pool) {
        return commands.containsKey(pool);
    }

    public String command(String pool) {
        return commands.get(pool);
    }

    /** Processes of {@code pool} still running. */
    public synchronized int running(String pool) {
        return alive(pool).size();
    }

    /** Starts or stops processes of {@code pool} until {@code replicas} run. */
    public synchronized void scaleTo(String pool, int replicas) {
        List<Launched> alive = alive(pool);
        while (alive.size() > replicas) {
            Launched newest = alive.remove(alive.size() - 1);
            stop(pool, newest);
        }
        while (alive.size() < replicas) {
            alive.add(start(pool, freeIndex(alive)));
        }
    }

    /** The processes of {@code pool} still running, by index; those that exited are logged and forgotten. */
    private List<Launched> alive(String pool) {
        List<Launched> list = running.computeIfAbsent(pool, p -> new ArrayList<>());
        list.removeIf(l -> {
            if (l.process().isAlive()) return false;
            log.warn("worker process {}-{} (pid {}) exited with status {}; see {}", pool, l.index(),
                    l.process().pid(), l.process().exitValue(), logFile(pool, l.index()));
            return true;
        });
        list.sort(Comparator.comparingInt(Launched::index));
        return list;
    }

    private static int freeIndex(List<Launched> alive) {
        int index = 0;
        for (Launched l : alive) {
            if (l.index() != index) break;
            index++;
        }
        return index;
    }

    private Launched start(String pool, int index) {
        int port = freePort();
        List<String> argv = new ArrayList<>();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        for (String word : commands.get(pool).strip().split("\\s+")) {
            argv.add(word.replace("{java}", java).replace("{pool}", pool).replace("{index}", Integer.toString(index))
                    .replace("{port}", Integer.toString(port)));
        }
        Path logFile = logFile(pool, index);
        try {
            Files.createDirectories(logDir);
            ProcessBuilder builder = new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(logFile.toFile());
            builder.environment().putAll(environment);
            Process process = builder.start();
            log.info("started worker process {}-{} (pid {}, port {}): {}; output in {}", pool, index, process.pid(), port,
                    String.join(" ", argv), logFile);
            return new Launched(index, process);
        } catch (IOException e) {
            throw new ActuatorException("cannot start worker process " + pool + "-" + index + " (" + String.join(" ", argv)
                    + "): " + e.getMessage(), e);
        }
    }

    private void stop(String pool, Launched l) {
        log.info("stopping worker process {}-{} (pid {})", pool, l.index(), l.process().pid());
        l.process().destroy();
        // Off the caller's thread: the scaling answers at once; a worker that ignores SIGTERM is killed later.
        CompletableFuture.runAsync(() -> {
            try {
                if (!l.process().waitFor(stopTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    log.warn("worker process {}-{} (pid {}) still running {} after SIGTERM: killing it", pool, l.index(),
                            l.process().pid(), stopTimeout);
                    l.process().destroyForcibly();
                }
            } catch (InterruptedException e) {
                l.process().destroyForcibly();
                Thread.currentThread().interrupt();
            }
        });
    }

    private Path logFile(String pool, int index) {
        return logDir.resolve(pool + "-" + index + ".log");
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new ActuatorException("no free TCP port for a worker: " + e.getMessage(), e);
        }
    }

    /** Stops every process started here (SIGTERM, then SIGKILL after the stop timeout), waiting for them. */
    @Override
    public synchronized void close() {
        List<Launched> all = running.values().stream().flatMap(List::stream).toList();
        all.forEach(l -> l.process().destroy());
        for (Launched l : all) {
            try {
                if (!l.process().waitFor(stopTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    l.process().destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                l.process().destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        running.clear();
    }
}
