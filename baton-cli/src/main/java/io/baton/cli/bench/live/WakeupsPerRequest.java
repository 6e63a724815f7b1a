package io.baton.cli.bench.live;

import io.baton.cli.bench.live.CpuPerRequest.Service;
import io.baton.cli.bench.live.ThreadSwitches.Counts;
import io.baton.cli.bench.live.ThreadSwitches.Task;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * How often each service's threads block per answered request over a run: the voluntary context switches of all the
 * process's threads ({@link ThreadSwitches}) after the run minus before, divided by the answers. A thread blocks when
 * it hands work to another and waits (parks, waits on epoll or a queue), so the figure counts the hand-offs between
 * threads on the request path, each a wake-up that costs a few microseconds of scheduling and cold caches. The
 * involuntary switches (the kernel took the CPU from a runnable thread) are counted the same way, and each service's
 * thread groups (threads named alike but for a trailing number: one pool) that block most are named.
 *
 * <p>Counted per thread (TID): one that appears during the run counts from 0; one that ends before the run does takes
 * its switches with it, as does a thread both started and ended within the run. The figures are therefore a lower
 * bound, the more so where pools let idle threads time out. Each service's process is found as {@link CpuPerRequest}
 * finds it ({@link LocalProcess}); one that cannot be found or read is reported as not measured with the reason, and
 * nothing here fails the bench.
 */
final class WakeupsPerRequest {
    /** How many of a service's thread groups are named, those that block most first. */
    static final int GROUPS_SHOWN = 3;

    /** A service's process and its threads when the run began; or, with {@code pid} null, why it is not measured. */
    private record Start(Service service, Long pid, Map<Long, Task> tasks, String why) {}

    /** A service's switches over the run: in all, by thread group, and how many threads ended (uncounted). */
    record Grown(Counts total, Map<String, Counts> groups, int ended) {}

    private final ThreadSwitches threads;
    private final List<Start> starts = new ArrayList<>();
    /** Why no worker is measured when the scheduler named none; null when it named some. */
    private final String noWorkers;
    /** Why nothing is measured at all (no /proc); null otherwise. */
    private final String nothing;

    private WakeupsPerRequest(ProcCpu proc, ThreadSwitches threads, List<Service> services, List<Service> workers, String noWorkers) {
        this.threads = threads;
        this.noWorkers = workers.isEmpty() ? noWorkers : null;
        this.nothing = proc.readable() ? null : "/proc cannot be read here (not Linux?)";
        if (nothing != null) return;
        for (Service s : services) starts.add(start(proc, s));
        for (Service s : workers) starts.add(start(proc, s));
    }

    /**
     * Finds the processes and reads their threads' switches now, before the run.
     *
     * @param services  the gateways and the scheduler
     * @param workers   the live workers; empty, and {@code noWorkers} says why, when the scheduler named none
     */
    static WakeupsPerRequest start(ProcCpu proc, ThreadSwitches threads, List<Service> services, List<Service> workers, String noWorkers) {
        return new WakeupsPerRequest(proc, threads, services, workers, noWorkers);
    }

    private Start start(ProcCpu proc, Service s) {
        LocalProcess found = LocalProcess.of(proc, s.url());
        if (found.pid() == null) return new Start(s, null, Map.of(), found.why());
        try {
            return new Start(s, found.pid(), threads.tasks(found.pid()), null);
        } catch (IOException | RuntimeException e) {
            return new Start(s, null, Map.of(), "reading its threads in /proc failed: " + e);
        }
    }

    /**
     * The report, after the run: one line of each service's voluntary and involuntary switches per answered request,
     * one line per measured service naming its thread groups that block most, then one line per service not measured.
     */
    List<String> report(long answered) {
        if (nothing != null) return List.of("wake-ups per answered request: not measured: " + nothing);
        if (answered <= 0) return List.of("wake-ups per answered request: not measured: no request was answered");
        List<String> voluntary = new ArrayList<>(), involuntary = new ArrayList<>(), groups = new ArrayList<>(), notMeasured = new ArrayList<>();
        for (Start s : starts) {
            String name = s.service().name();
            Grown grown = null;
            if (s.pid() == null) {
                notMeasured.add(name + ": " + s.why());
            } else {
                try {
                    grown = grown(s.tasks(), threads.tasks(s.pid()));
                } catch (IOException | RuntimeException e) {
                    notMeasured.add(name + ": its process " + s.pid() + " could not be read after the run (" + e + ")");
                }
            }
            voluntary.add(name + " " + (grown == null ? "n/a" : perRequest(grown.total().voluntary(), answered)));
            involuntary.add(name + " " + (grown == null ? "n/a" : perRequest(grown.total().nonvoluntary(), answered)));
            if (grown != null) groups.add(name + " by thread group: " + groups(grown, answered));
        }
        if (noWorkers != null) {
            voluntary.add("workers n/a");
            involuntary.add("workers n/a");
            notMeasured.add("workers: " + noWorkers);
        }
        List<String> lines = new ArrayList<>();
        lines.add("wake-ups per answered request: " + String.join(", ", voluntary) + "; involuntary: " + String.join(", ", involuntary));
        for (String line : groups) lines.add("  " + line);
        for (String why : notMeasured) lines.add("  wake-ups per request were not measured for " + why);
        return lines;
    }

    /**
     * The switches of a process's threads from {@code before} to {@code after}, summed per TID and by thread group (of
     * the name at the end). A TID new at the end counts from 0, as does one whose counters went back (the TID of an
     * ended thread given to a new one); a TID gone by the end is counted in {@code ended} and contributes nothing.
     */
    static Grown grown(Map<Long, Task> before, Map<Long, Task> after) {
        Map<String, Counts> groups = new TreeMap<>();
        long voluntary = 0, nonvoluntary = 0;
        for (Map.Entry<Long, Task> e : after.entrySet()) {
            Counts now = e.getValue().counts();
            Task then = before.get(e.getKey());
            boolean same = then != null && then.counts().voluntary() <= now.voluntary() && then.counts().nonvoluntary() <= now.nonvoluntary();
            long v = now.voluntary() - (same ? then.counts().voluntary() : 0);
            long n = now.nonvoluntary() - (same ? then.counts().nonvoluntary() : 0);
            groups.merge(ThreadSwitches.group(e.getValue().name()), new Counts(v, n),
                    (a, b) -> new Counts(a.voluntary() + b.voluntary(), a.nonvoluntary() + b.nonvoluntary()));
            voluntary += v;
            nonvoluntary += n;
        }
        int ended = (int) before.keySet().stream().filter(tid -> !after.containsKey(tid)).count();
        return new Grown(new Counts(voluntary, nonvoluntary), groups, ended);
    }

    /** The {@link #GROUPS_SHOWN} groups that block most, then the rest together, and the threads that ended uncounted. */
    private static String groups(Grown grown, long answered) {
        List<Map.Entry<String, Counts>> most = grown.groups().entrySet().stream()
                .sorted(Comparator.comparingLong((Map.Entry<String, Counts> e) -> e.getValue().voluntary()).reversed()
                        .thenComparing(Map.Entry::getKey))
                .toList();
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, Counts> e : most.subList(0, Math.min(GROUPS_SHOWN, most.size()))) {
            parts.add(e.getKey() + " " + perRequest(e.getValue().voluntary(), answered));
        }
        if (most.size() > GROUPS_SHOWN) {
            long rest = most.subList(GROUPS_SHOWN, most.size()).stream().mapToLong(e -> e.getValue().voluntary()).sum();
            int others = most.size() - GROUPS_SHOWN;
            parts.add(String.format(Locale.ROOT, "%d other group%s %s", others, others == 1 ? "" : "s", perRequest(rest, answered)));
        }
        String line = parts.isEmpty() ? "no thread" : String.join(", ", parts);
        if (grown.ended() > 0) {
            line += String.format(Locale.ROOT, " (%d thread%s ended during the run, uncounted)", grown.ended(), grown.ended() == 1 ? "" : "s");
        }
        return line;
    }

    /** Switches per answer: one decimal, two below 1 so that a small group does not read as none. */
    private static String perRequest(long switches, long answered) {
        double each = (double) switches / answered;
        return String.format(Locale.ROOT, each < 1 ? "%.2f" : "%.1f", each);
    }
}
