package io.baton.core.bench;

import io.baton.core.sim.ModelLoad;
import io.baton.core.sim.Policies;
import io.baton.core.sim.Scenario;
import io.baton.core.sim.SimulationResult;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code baton bench simulator-speed}: simulated requests per second of wall time for one-policy
 * scenarios (the simulator's own speed), after a JIT warm-up run.
 */
public final class SimulatorSpeedBench {

    public record Result(String policy, String scenario, long requests, double seconds) {
        public double requestsPerSec() {
            return requests / seconds;
        }
    }

    static Scenario scenario(int models, int devices, double totalRate, double durationMs) {
        List<ModelLoad> ms = new ArrayList<>();
        for (int i = 0; i < models; i++) {
            ms.add(ModelLoad.linear("resnet50-" + i, 2.05, 5.378, 27, totalRate / models, ModelLoad.Arrival.GAMMA, 0.5));
        }
        return new Scenario(11, durationMs, 0, 0, devices, ms, List.of("symphony"), null);
    }

    public static List<Result> run() {
        List<Result> out = new ArrayList<>();
        Scenario[] scenarios = {
                scenario(1, 64, 20_000, 300_000),
                scenario(20, 32, 9_000, 600_000),
                scenario(200, 400, 100_000, 60_000),
        };
        String[] names = {"1 model, 64 devices, 20k req/s", "20 models, 32 devices, 9k req/s", "200 models, 400 devices, 100k req/s"};
        for (String policy : List.of("symphony", "work-conserving", "clockwork", "nexus")) {
            for (int i = 0; i < scenarios.length; i++) {
                Policies.simulate(policy, scenarios[i].withSeed(99)); // warm-up
                long t0 = System.nanoTime();
                SimulationResult r = Policies.simulate(policy, scenarios[i]);
                double secs = (System.nanoTime() - t0) / 1e9;
                out.add(new Result(policy, names[i], r.offered(), secs));
            }
        }
        return out;
    }

    public static void print(List<Result> results, PrintStream out) {
        out.println("Simulator speed: simulated requests per second of wall time (one policy per run)");
        out.printf(Locale.ROOT, "%-16s %-40s %12s %9s %16s%n", "policy", "scenario", "requests", "seconds", "requests/s");
        for (Result r : results) {
            out.printf(Locale.ROOT, "%-16s %-40s %12d %9.3f %16.0f%n", r.policy(), r.scenario(), r.requests(), r.seconds(),
                    r.requestsPerSec());
        }
    }
}
