package io.baton.cli.bench.faults;

import io.baton.cli.suite.ServiceProcess;
import io.baton.cli.suite.SuiteException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The PostgreSQL cluster of this machine that listens on a port, as Debian's {@code pg_lsclusters} lists it: its
 * postmaster is killed with SIGKILL (every backend then ends, as in a crash) and the cluster started again with
 * {@code pg_ctlcluster}, which runs crash recovery. Only where the cluster is local and the tools are there.
 */
final class LocalPostgres implements FaultTarget {
    private static final long LIMIT_MS = 120_000;

    private final String version, cluster;
    private final int port;
    private final Path dataDir;
    private long lastPid;

    private LocalPostgres(String version, String cluster, int port, Path dataDir) {
        this.version = version;
        this.cluster = cluster;
        this.port = port;
        this.dataDir = dataDir;
    }

    /** The online cluster on {@code port}, when {@code pg_lsclusters} lists one this process may read. */
    static Optional<LocalPostgres> on(int port) {
        List<String> lines;
        try {
            lines = run(List.of("pg_lsclusters", "--no-header"));
        } catch (SuiteException noTools) {
            return Optional.empty();
        }
        for (String line : lines) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 6 && f[2].equals(String.valueOf(port)) && f[3].startsWith("online")) {
                LocalPostgres pg = new LocalPostgres(f[0], f[1], port, Path.of(f[5]));
                if (pg.postmasterPid().isPresent()) return Optional.of(pg);
            }
        }
        return Optional.empty();
    }

    @Override
    public String describe() {
        return "postgresql " + version + "/" + cluster + " (pid " + postmasterPid().map(String::valueOf).orElse(lastPid == 0 ? "?" : String.valueOf(lastPid)) + ")";
    }

    @Override
    public void kill() {
        long pid = postmasterPid().orElseThrow(() -> new SuiteException("PostgreSQL " + version + "/" + cluster + " is not running"));
        lastPid = pid;
        ProcessHandle.of(pid).ifPresent(p -> {
            p.destroyForcibly();
            try {
                p.onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception stillThere) {
                throw new SuiteException("PostgreSQL's postmaster (pid " + pid + ") did not exit after SIGKILL");
            }
        });
    }

    /**
     * Starts the cluster again; tried until it starts, since a new postmaster refuses while the killed one's backends
     * still hold its shared memory.
     */
    @Override
    public void restart() {
        long end = System.currentTimeMillis() + LIMIT_MS;
        SuiteException last = null;
        while (System.currentTimeMillis() < end) {
            try {
                run(List.of("pg_ctlcluster", "--skip-systemctl-redirect", version, cluster, "start"));
            } catch (SuiteException notYet) {
                last = notYet;
            }
            if (ready()) return;
            ServiceProcess.sleep(500);
        }
        throw new SuiteException("PostgreSQL " + version + "/" + cluster + " did not start again within " + LIMIT_MS / 1000 + " s"
                + (last == null ? "" : ": " + last.getMessage()));
    }

    private boolean ready() {
        try {
            run(List.of("pg_isready", "-q", "-h", "127.0.0.1", "-p", String.valueOf(port), "-t", "3"));
            return true;
        } catch (SuiteException no) {
            return false;
        }
    }

    /** The postmaster's pid, the first line of {@code postmaster.pid}, while that process lives. */
    private Optional<Long> postmasterPid() {
        try {
            List<String> lines = Files.readAllLines(dataDir.resolve("postmaster.pid"), StandardCharsets.UTF_8);
            long pid = Long.parseLong(lines.get(0).trim());
            return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).map(ProcessHandle::pid);
        } catch (IOException | RuntimeException unreadable) {
            return Optional.empty();
        }
    }

    /** Runs a command; its output lines, or a {@link SuiteException} when it cannot run or exits non-zero. */
    private static List<String> run(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new SuiteException(String.join(" ", command) + " did not finish");
            }
            String text = new String(out, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) throw new SuiteException(String.join(" ", command) + " exited " + p.exitValue() + ": " + text.strip());
            return text.lines().toList();
        } catch (IOException e) {
            throw new SuiteException("cannot run " + command.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SuiteException("interrupted", e);
        }
    }
}
