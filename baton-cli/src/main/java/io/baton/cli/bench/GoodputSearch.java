package io.baton.cli.bench;

import io.baton.core.sim.Policies;
import io.baton.core.sim.Scenario;
import io.baton.core.sim.SimulationResult;

/**
 * Symphony's goodput (§2): "the highest aggregate throughput over all models such that p99 tail latency
 * of each model is less than their respective latency SLO", i.e. every model, on its own, has a bad rate
 * (dropped + late) of at most 1%. Pooling the models' requests instead would let a policy starve one model
 * (say, the one whose batches a work-conserving policy keeps too small) while the others carry the average.
 * Every model's rate is scaled together (the paper does not say how it searches; this is the natural
 * reading of "aggregate throughput") and the scale is found by bisection on a log scale. Each probe
 * simulates long enough to see ≥ 20,000 requests and ≥ 1/20 of that per model (so that 1% of one model's
 * requests is ten of them, not a handful), with 10% warm-up.
 */
public final class GoodputSearch {
    public static final double BAD_RATE_LIMIT = 0.01;

    private final int steps;
    private final long minRequests;

    public GoodputSearch(int steps, long minRequests) {
        this.steps = steps;
        this.minRequests = minRequests;
    }

    public static GoodputSearch standard() {
        return new GoodputSearch(14, 20_000);
    }

    /** Result: the sustained aggregate rate (req/s) and the run at that rate. */
    public record Goodput(double rate, SimulationResult run) {}

    /**
     * @param base      the scenario; its model rates set the mix (their ratios), not the level
     * @param upperRate an aggregate rate no policy can sustain (e.g. the devices' ideal capacity)
     */
    public Goodput search(String policy, Scenario base, double upperRate) {
        double baseTotal = 0;
        for (var m : base.models()) baseTotal += m.ratePerSec();
        double lo = upperRate / 1000, hi = upperRate;
        SimulationResult best = null;
        SimulationResult atLo = probe(policy, base, lo / baseTotal);
        if (!sustained(atLo)) return new Goodput(0, atLo);
        best = atLo;
        for (int i = 0; i < steps; i++) {
            double mid = Math.sqrt(lo * hi);
            SimulationResult r = probe(policy, base, mid / baseTotal);
            if (sustained(r)) {
                lo = mid;
                best = r;
            } else {
                hi = mid;
            }
        }
        return new Goodput(lo, best);
    }

    /** Every model within its SLO for 99% of its requests (which also bounds the pooled bad rate). */
    static boolean sustained(SimulationResult r) {
        return r.worstModelBadRate() <= BAD_RATE_LIMIT;
    }

    private SimulationResult probe(String policy, Scenario base, double scale) {
        Scenario s = base.scaled(scale);
        double total = 0, slowest = Double.POSITIVE_INFINITY;
        for (var m : s.models()) {
            total += m.ratePerSec();
            slowest = Math.min(slowest, m.ratePerSec());
        }
        // minRequests in all, and 1/20 of that for the least popular model (hence for every model)
        double duration = Math.max(2_000, Math.max(minRequests / total, minRequests / 20.0 / slowest) * 1000.0 * 1.1);
        Scenario timed = new Scenario(s.seed(), duration, duration * 0.1, s.jitter(), s.devices(), s.models(),
                s.policies(), s.traceCsv());
        return Policies.simulate(policy, timed);
    }

    /** An aggregate rate no policy can exceed: every device running each model at its largest batch within SLO. */
    public static double idealCapacity(Scenario s) {
        double best = 0;
        for (var m : s.models()) {
            int b = Math.max(1, m.profile().largestBatchWithin(m.sloMs(), m.maxBatch()));
            best = Math.max(best, m.profile().throughput(b));
        }
        return best * s.devices() * 1.05;
    }
}
