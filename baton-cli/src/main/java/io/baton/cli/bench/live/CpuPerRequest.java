package io.baton.cli.bench.live;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The CPU time each service spends per answered request over a run: every service's process (found by the local port
 * it listens on) read from {@code /proc} before and after, the difference divided by the answers. A service that is
 * not on this machine, or a {@code /proc} that cannot be read, is reported as not measured with the reason; nothing
 * here fails the bench.
 */
final class CpuPerRequest {
    /** The target for the sum over gateway, scheduler and workers, in ms of CPU per answered request. */
    static final double TARGET_MS = 0.6;

    /** A service of the suite and the URL it answers on. */
    record Service(String name, URI url) {}

    /** A service's process and its CPU time (ticks) when the run began; or, with {@code pid} null, why it is not measured. */
    private record Start(Service service, Long pid, long ticks, String why) {}

    private final ProcCpu proc;
    private final long ticksPerSecond;
    private final boolean assumedTicks;
    private final List<Start> gatewayAndScheduler = new ArrayList<>();
    private final List<Start> workers = new ArrayList<>();
    /** Why no worker is measured when the scheduler named none; null otherwise. */
    private final String noWorkers;
    /** Why nothing is measured at all (no /proc); null otherwise. */
    private final String nothing;
    /** This load generator's ticks and the machine's when the run began; null when either cannot be read. */
    private final WholeStart wholeStart;

    private record WholeStart(long selfTicks, ProcCpu.Machine machine, long nanos) {}

    private CpuPerRequest(ProcCpu proc, List<Service> services, List<Service> workerServices, String noWorkers) {
        this.proc = proc;
        this.noWorkers = noWorkers;
        this.nothing = proc.readable() ? null : "/proc cannot be read here (not Linux?)";
        Long ticks = nothing == null ? proc.ticksPerSecond() : null;
        this.assumedTicks = ticks == null;
        this.ticksPerSecond = ticks == null ? ProcCpu.ASSUMED_TICKS_PER_SECOND : ticks;
        if (nothing != null) {
            this.wholeStart = null;
            return;
        }
        for (Service s : services) gatewayAndScheduler.add(start(s));
        for (Service s : workerServices) workers.add(start(s));
        this.wholeStart = wholeStart(proc);
    }

    /** This process's and the machine's CPU time now; null (no whole-machine line) when either cannot be read. */
    private static WholeStart wholeStart(ProcCpu proc) {
        try {
            return new WholeStart(proc.selfStat().ticks(), proc.machine(), System.nanoTime());
        } catch (IOException | RuntimeException e) {
            return null; // the services' own figures do not depend on it
        }
    }

    /**
     * Finds the processes and reads their CPU time now, before the run.
     *
     * @param services  the gateway and the scheduler
     * @param workers   the live workers; empty, and {@code noWorkers} says why, when the scheduler named none
     */
    static CpuPerRequest start(ProcCpu proc, List<Service> services, List<Service> workers, String noWorkers) {
        return new CpuPerRequest(proc, services, workers, noWorkers);
    }

    private Start start(Service s) {
        LocalProcess found = LocalProcess.of(proc, s.url());
        if (found.pid() == null) return new Start(s, null, 0, found.why());
        try {
            return new Start(s, found.pid(), proc.stat(found.pid()).ticks(), null);
        } catch (IOException | RuntimeException e) {
            return new Start(s, null, 0, "reading /proc failed: " + e);
        }
    }

    /** The report, after the run: one line of figures, then one line per service not measured. */
    List<String> report(long answered) {
        if (nothing != null) return List.of("CPU per answered request: not measured: " + nothing);
        if (answered <= 0) return List.of("CPU per answered request: not measured: no request was answered");
        Map<Long, Double> perProcess = new LinkedHashMap<>();
        List<String> parts = new ArrayList<>(), notMeasured = new ArrayList<>();
        boolean complete = true;
        for (Start s : gatewayAndScheduler) {
            Double ms = measure(s, answered, perProcess, notMeasured);
            complete &= ms != null;
            parts.add(s.service().name() + " " + ms(ms));
        }
        List<String> each = new ArrayList<>();
        double workersMs = 0;
        boolean allWorkers = true;
        for (Start s : workers) {
            Double ms = measure(s, answered, perProcess, notMeasured);
            allWorkers &= ms != null;
            each.add(ms(ms));
            if (ms != null) workersMs += ms;
        }
        complete &= allWorkers;
        if (workers.isEmpty()) {
            complete = false;
            parts.add("workers n/a");
            notMeasured.add("workers: " + noWorkers);
        } else {
            parts.add(String.format(Locale.ROOT, "workers %s (%d%s)", allWorkers ? ms(workersMs) : "n/a", workers.size(),
                    workers.size() > 1 ? ": " + String.join(", ", each) : ""));
        }
        // A process serving as two services (one JVM for all, as in tests) counts once in the sum.
        double sum = perProcess.values().stream().mapToDouble(Double::doubleValue).sum();
        parts.add(String.format(Locale.ROOT, "sum %s (target ≤ %.1f ms)%s", complete ? ms(sum) : "n/a", TARGET_MS,
                complete ? (sum <= TARGET_MS ? " met" : " NOT met") : ""));
        List<String> lines = new ArrayList<>();
        lines.add("CPU per answered request: " + String.join(", ", parts)
                + (assumedTicks ? String.format(Locale.ROOT, " (clock tick rate unreadable, %d/s assumed)", ticksPerSecond) : ""));
        for (String why : notMeasured) lines.add("  CPU per request was not measured for " + why);
        if (complete) wholeMachine(answered, sum).ifPresent(lines::add);
        return lines;
    }

    /**
     * Where the rest of the machine's CPU went, per answer: this load generator, and everything else (the suite's other
     * services, other processes, the kernel's interrupt work), with how many of the machine's cores were busy. Where
     * the load generator shares the cores with the suite, the saturation figure is bounded by the sum, not by the
     * services alone.
     */
    private Optional<String> wholeMachine(long answered, double servicesMs) {
        if (wholeStart == null) return Optional.empty();
        try {
            double seconds = (System.nanoTime() - wholeStart.nanos()) / 1e9;
            ProcCpu.Machine now = proc.machine();
            long busyTicks = now.busyTicks() - wholeStart.machine().busyTicks();
            double generatorMs = msPerAnswer(proc.selfStat().ticks() - wholeStart.selfTicks(), answered);
            double busyMs = msPerAnswer(busyTicks, answered);
            double cores = busyTicks / (double) ticksPerSecond / seconds;
            return Optional.of(String.format(Locale.ROOT, "the whole machine per answered request: %s, of which "
                    + "these services %s, this load generator %s, everything else %s (the other services, other processes, "
                    + "the kernel); %.2f of %d cores busy", ms(busyMs), ms(servicesMs), ms(generatorMs),
                    ms(Math.max(0, busyMs - servicesMs - generatorMs)), cores, now.cpus()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The service's ms of CPU per answer, recorded by process in {@code perProcess}; null (and the reason noted) when not measured. */
    private Double measure(Start s, long answered, Map<Long, Double> perProcess, List<String> notMeasured) {
        if (s.pid() == null) {
            notMeasured.add(s.service().name() + ": " + s.why());
            return null;
        }
        try {
            double ms = msPerAnswer(proc.stat(s.pid()).ticks() - s.ticks(), answered);
            perProcess.put(s.pid(), ms);
            return ms;
        } catch (IOException | RuntimeException e) {
            notMeasured.add(s.service().name() + ": its process " + s.pid() + " could not be read after the run (" + e + ")");
            return null;
        }
    }

    /** {@code ticks} of CPU time spread over {@code answered} answers, in ms each. */
    private double msPerAnswer(long ticks, long answered) {
        return ticks * 1000.0 / ticksPerSecond / answered;
    }

    private static String ms(Double ms) {
        return ms == null ? "n/a" : String.format(Locale.ROOT, "%.2f ms", ms);
    }
}
