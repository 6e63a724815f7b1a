package io.baton.cli.suite;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Keeps a {@link Suite}'s children running, as docker-compose's {@code restart: unless-stopped}: a child that exits
 * on its own is started again by {@link Suite#relaunch} (the same command line, port and environment) after the
 * {@link RestartPolicy}'s back-off, and given up after too many exits in a row. Each restart and each give-up is one
 * line on {@code out}, with the cause ({@link ExitCause}). The restarted child is told how many restarts it is at and
 * why, in {@value #RESTARTS_ENV} and {@value #RESTART_CAUSE_ENV} (every service reports the first as the gauge
 * {@code baton.service.restarts}).
 *
 * <p>A child that exits while the suite is closing is being stopped, not failing: it is left alone.
 * {@link #awaitUnservable} answers once nothing can serve any more: every supervised registry, every scheduler, every
 * gateway or every worker given up (a profiler given up leaves the suite serving).
 */
public final class Supervisor implements AutoCloseable {
    /** How many times the child was restarted so far, in its environment. */
    public static final String RESTARTS_ENV = "BATON_RESTARTS";
    /** Why the child was restarted last, in its environment. */
    public static final String RESTART_CAUSE_ENV = "BATON_RESTART_CAUSE";
    /** Without a running one of each, no request is served. */
    private static final Set<Service> REQUIRED = EnumSet.of(Service.REGISTRY, Service.SCHEDULER, Service.GATEWAY, Service.WORKER);

    private final Suite suite;
    private final PrintStream out;
    private final RestartPolicy policy;
    private final Clock clock;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "baton-supervisor");
        t.setDaemon(true);
        return t;
    });
    private final Map<String, Child> children = new LinkedHashMap<>();
    private final CompletableFuture<Optional<String>> unservable = new CompletableFuture<>();
    private boolean closed;

    /** One supervised child: what runs under its name now, and its history. */
    private static final class Child {
        final String name;
        final Service service;
        final RestartHistory history;
        ServiceProcess process;
        long logStart; // where this start's output begins in the log (a restart appends)
        ExitCause lastCause;
        boolean givenUp;

        Child(ServiceProcess process, Service service, RestartHistory history) {
            this.name = process.name();
            this.service = service;
            this.history = history;
            this.process = process;
        }
    }

    /** With the {@link RestartPolicy#standard() standard} policy. */
    public Supervisor(Suite suite, PrintStream out) {
        this(suite, out, RestartPolicy.standard(), Clock.systemUTC());
    }

    /** With another policy (the end-to-end tests' is faster). */
    public Supervisor(Suite suite, PrintStream out, RestartPolicy policy, Clock clock) {
        this.suite = suite;
        this.out = out;
        this.policy = policy;
        this.clock = clock;
    }

    /** Supervises every child the suite has started. */
    public void superviseAll() {
        suite.processes().forEach(this::supervise);
    }

    /** Supervises one child of the suite, from now on (one that has exited already is restarted at once). */
    public synchronized void supervise(ServiceProcess p) {
        if (closed) throw new IllegalStateException("the supervisor is closed");
        if (children.containsKey(p.name())) throw new IllegalArgumentException(p.name() + " is supervised already");
        Child child = new Child(p, suite.service(p), new RestartHistory(policy, clock));
        children.put(child.name, child);
        watch(child, p);
    }

    private void watch(Child child, ServiceProcess p) {
        p.process().onExit().thenRun(() -> exited(child, p));
    }

    private synchronized void exited(Child child, ServiceProcess p) {
        if (suite.isClosing()) {
            unservable.complete(Optional.empty());
            return;
        }
        if (closed || child.process != p || adoptedReplacement(child)) return;
        int status = p.process().exitValue();
        ExitCause cause = ExitCause.of(status, status != 0 && status <= 128 ? logSince(p.log(), child.logStart) : List.of());
        child.lastCause = cause;
        RestartHistory.Decision decision = child.history.exited();
        if (decision instanceof RestartHistory.Restart restart) {
            out.printf(Locale.ROOT, "%s %s; restarting it in %s (restart %d)%n", child.name, cause, words(restart.delay()),
                    restart.restarts());
            out.flush();
            timer.schedule(() -> relaunch(child, restart.restarts(), cause), restart.delay().toMillis(), TimeUnit.MILLISECONDS);
        } else {
            giveUp(child, decision.recentExits() + " exits within " + words(policy.window()) + ", the last " + cause);
        }
    }

    private synchronized void relaunch(Child child, int restarts, ExitCause cause) {
        if (closed || suite.isClosing() || adoptedReplacement(child)) return;
        long logStart = size(child.process.log());
        ServiceProcess again;
        try {
            again = suite.relaunch(child.process, Map.of(RESTARTS_ENV, Integer.toString(restarts), RESTART_CAUSE_ENV, cause.toString()));
        } catch (SuiteException e) {
            if (!suite.isClosing()) giveUp(child, "cannot start it again: " + e.getMessage());
            return;
        }
        child.process = again;
        child.logStart = logStart;
        child.history.started();
        watch(child, again);
    }

    /**
     * When the child was started again by someone else ({@link Suite#restart}, a fault injector) and runs: watches the
     * new process rather than starting another.
     */
    private boolean adoptedReplacement(Child child) {
        Optional<ServiceProcess> now = suite.processes().stream().filter(q -> q.name().equals(child.name)).findFirst();
        if (now.isEmpty() || now.get() == child.process || !now.get().isAlive()) return false;
        child.process = now.get();
        child.logStart = 0;
        child.history.started();
        watch(child, now.get());
        return true;
    }

    private void giveUp(Child child, String why) {
        child.givenUp = true;
        out.printf("%s given up: %s (its log: %s)%n", child.name, why, child.process.log());
        out.flush();
        reasonUnservable().ifPresent(reason -> unservable.complete(Optional.of(reason)));
    }

    /** Why nothing can serve any more, when that is so: every supervised child of a required service given up. */
    private Optional<String> reasonUnservable() {
        for (Service required : REQUIRED) {
            List<Child> of = children.values().stream().filter(c -> c.service == required).toList();
            if (!of.isEmpty() && of.stream().allMatch(c -> c.givenUp)) {
                String names = String.join(", ", of.stream().map(c -> c.name).toList());
                return Optional.of((of.size() == 1 ? names + " was" : "every " + required.name().toLowerCase(Locale.ROOT) + " (" + names
                        + ") was") + " given up, so nothing can be served");
            }
        }
        return Optional.empty();
    }

    /**
     * Blocks until nothing can serve any more (the answer says why), or until the suite closes or this supervisor
     * does (empty).
     */
    public Optional<String> awaitUnservable() {
        return unservable.join();
    }

    /** The process that runs under {@code name} now (after a restart, the new one). */
    public synchronized ServiceProcess current(String name) {
        return child(name).process;
    }

    /** How many times {@code name} was restarted. */
    public synchronized int restarts(String name) {
        return child(name).history.restarts();
    }

    /** The children given up, by name. */
    public synchronized Set<String> givenUp() {
        Set<String> names = new TreeSet<>();
        children.values().stream().filter(c -> c.givenUp).forEach(c -> names.add(c.name));
        return names;
    }

    /** Why {@code name} exited last (empty: it has not exited). */
    public synchronized Optional<ExitCause> lastCause(String name) {
        return Optional.ofNullable(child(name).lastCause);
    }

    private Child child(String name) {
        Child child = children.get(name);
        if (child == null) throw new IllegalArgumentException(name + " is not supervised");
        return child;
    }

    /** Stops supervising: no child is restarted from now on (those running go on running). */
    @Override
    public void close() {
        synchronized (this) {
            closed = true;
        }
        timer.shutdownNow();
        unservable.complete(Optional.empty());
    }

    private static long size(Path log) {
        try {
            return Files.size(log);
        } catch (IOException e) {
            return 0;
        }
    }

    /** The log's lines from byte {@code start} on (its last 64 KiB at most): what the start that just ended printed. */
    private static List<String> logSince(Path log, long start) {
        try (InputStream in = Files.newInputStream(log)) {
            long size = Files.size(log);
            in.skipNBytes(Math.min(size, Math.max(start, size - 65_536)));
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            return new ArrayList<>();
        }
    }

    private static String words(Duration d) {
        if (d.toMillis() % 1000 != 0) return d.toMillis() + " ms";
        long s = d.toSeconds();
        return s % 60 == 0 && s > 0 ? s / 60 + " min" : s + " s";
    }
}
