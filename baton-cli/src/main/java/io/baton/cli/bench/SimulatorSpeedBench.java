package io.baton.cli.bench;

import io.baton.core.policy.PolicyIds;
import io.baton.core.sim.ModelLoad;
import io.baton.core.sim.Policies;
import io.baton.core.sim.Scenario;
import io.baton.core.sim.SimulationResult;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code baton bench simulator-speed}: simulated requests per second of wall time for one-policy
 * scenarios (the simulator's own speed).
 *
 * <p>Method: per policy and scenario, {@value #WARMUPS} warm-up runs (other seeds; one was not enough
 * for the JIT: the first measured run of a fresh JVM came out 30–40% slower than the next ones), then
 * {@value #RUNS} measured runs of the same scenario; the row reports the median run, and the best. This
 * machine is shared, so the table also gives the load average before and after, and the requests per
 * second of the simulating thread's CPU time, which another process's load disturbs much less than wall
 * time.
 */
public final class SimulatorSpeedBench {
    static final int WARMUPS = 2;
    static final int RUNS = 3;

    /**
     * @param seconds    wall time of the median run
     * @param bestPerSec requests per second of the fastest run
     * @param cpuPerSec  requests per second of the simulating thread's CPU time, median run
     */
    public record Result(String policy, String scenario, long requests, double seconds, double bestPerSec,
                         double cpuPerSec) {
        public double requestsPerSec() {
            return requests / seconds;
        }
    }

    static Scenario scenario(int models, int devices, double totalRate, double durationMs) {
        List<ModelLoad> ms = new ArrayList<>();
        for (int i = 0; i < models; i++) {
            ms.add(ModelLoad.linear("resnet50-" + i, 2.05, 5.378, 27, totalRate / models, ModelLoad.Arrival.GAMMA, 0.5));
        }
        return new Scenario(11, durationMs, 0, 0, devices, ms, List.of(PolicyIds.SYMPHONY), null);
    }

    /** Every policy, or only the one named. */
    public static List<Result> run(String onlyPolicy) {
        List<Result> out = new ArrayList<>();
        Scenario[] scenarios = {
                scenario(1, 64, 20_000, 300_000),
                scenario(20, 32, 9_000, 600_000),
                scenario(200, 400, 100_000, 60_000),
        };
        String[] names = {"1 model, 64 devices, 20k req/s", "20 models, 32 devices, 9k req/s", "200 models, 400 devices, 100k req/s"};
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (String policy : Policies.IDS) {
            if (onlyPolicy != null && !onlyPolicy.equals(policy)) continue;
            for (int i = 0; i < scenarios.length; i++) {
                for (int w = 0; w < WARMUPS; w++) Policies.simulate(policy, scenarios[i].withSeed(99 - w));
                double[] wall = new double[RUNS];
                double[] cpu = new double[RUNS];
                long requests = 0;
                for (int k = 0; k < RUNS; k++) {
                    long c0 = threads.getCurrentThreadCpuTime();
                    long t0 = System.nanoTime();
                    SimulationResult r = Policies.simulate(policy, scenarios[i]);
                    wall[k] = (System.nanoTime() - t0) / 1e9;
                    cpu[k] = (threads.getCurrentThreadCpuTime() - c0) / 1e9;
                    requests = r.offered();
                }
                Arrays.sort(wall);
                Arrays.sort(cpu);
                out.add(new Result(policy, names[i], requests, wall[RUNS / 2], requests / wall[0], requests / cpu[RUNS / 2]));
            }
        }
        return out;
    }

    /** The system load average over the last minute, or −1 where the platform does not say. */
    public static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    public static void print(List<Result> results, double loadBefore, double loadAfter, PrintStream out) {
        out.printf(Locale.ROOT, "Simulator speed: simulated requests per second of wall time (one policy per run; median of %d"
                + " runs after %d warm-ups)%n", RUNS, WARMUPS);
        out.printf(Locale.ROOT, "%-16s %-40s %12s %9s %14s %14s %14s%n", "policy", "scenario", "requests", "seconds",
                "requests/s", "best req/s", "req/CPU-s");
        for (Result r : results) {
            out.printf(Locale.ROOT, "%-16s %-40s %12d %9.3f %14.0f %14.0f %14.0f%n", r.policy(), r.scenario(), r.requests(),
                    r.seconds(), r.requestsPerSec(), r.bestPerSec(), r.cpuPerSec());
        }
        out.printf(Locale.ROOT, "load average (1 min) before %.2f, after %.2f, on %d processors%n", loadBefore, loadAfter,
                Runtime.getRuntime().availableProcessors());
    }
}
