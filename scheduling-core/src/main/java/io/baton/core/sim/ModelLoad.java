package io.baton.core.sim;

import io.baton.core.domain.LatencyProfile;
import io.baton.core.util.Checks;
import io.baton.core.workload.RatePattern;

/**
 * One model of a scenario and the load offered to it.
 *
 * @param ratePerSec mean request rate (the pattern's multiplier modulates it around this mean)
 * @param arrival    inter-arrival distribution
 * @param shape      Gamma shape k (burstier below 1; 1 = Poisson); ignored for other arrivals
 */
public record ModelLoad(String name, LatencyProfile profile, double sloMs, int maxBatch, double ratePerSec,
                        Arrival arrival, double shape, RatePattern pattern) {

    public enum Arrival { POISSON, GAMMA, UNIFORM }

    public ModelLoad {
        Checks.named(name, "model");
        if (!(sloMs > 0)) throw new IllegalArgumentException("model " + name + ": sloMs must be > 0");
        if (!(ratePerSec >= 0)) throw new IllegalArgumentException("model " + name + ": rate must be ≥ 0");
        if (maxBatch < 1) throw new IllegalArgumentException("model " + name + ": maxBatch must be ≥ 1");
    }

    public static ModelLoad linear(String name, double alphaMs, double betaMs, double sloMs, double rate, Arrival arrival,
                                   double shape) {
        return new ModelLoad(name, LatencyProfile.linear(alphaMs, betaMs), sloMs, Scenario.UNBOUNDED_BATCH, rate,
                arrival, shape, RatePattern.steady());
    }

    public ModelLoad withRate(double rate) {
        return new ModelLoad(name, profile, sloMs, maxBatch, rate, arrival, shape, pattern);
    }
}
