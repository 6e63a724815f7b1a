package io.baton.core.sim;

import io.baton.core.domain.Device;
import io.baton.core.domain.ServedModel;
import io.baton.core.workload.ArrivalSource;
import java.util.List;
import java.util.function.Supplier;

/**
 * One simulated run's world: the models and devices, where requests come from, how long to offer
 * load, and how noisy execution is. Arrival sources are stateful cursors, so the spec holds a
 * supplier and every run gets fresh ones (the same for a seed: runs are deterministic).
 *
 * @param durationMs arrivals are generated in [0, durationMs); the run then drains
 * @param warmupMs   requests arriving before this are served but not counted
 * @param jitter     σ of a log-normal multiplier (mean 1) on every batch's execution time; 0 = exact
 * @param seed       seeds the jitter stream (arrival sources carry their own seeds)
 * @param costs      what each batch costs beyond ℓ(b) on the live path ({@link LivePathCosts#NONE}: nothing)
 */
public record SimulationSpec(List<ServedModel> models, List<Device> devices, Supplier<List<ArrivalSource>> arrivals,
                             double durationMs, double warmupMs, double jitter, long seed, LivePathCosts costs) {

    /** A spec with no live-path costs. */
    public SimulationSpec(List<ServedModel> models, List<Device> devices, Supplier<List<ArrivalSource>> arrivals,
                          double durationMs, double warmupMs, double jitter, long seed) {
        this(models, devices, arrivals, durationMs, warmupMs, jitter, seed, LivePathCosts.NONE);
    }

    public SimulationSpec {
        models = List.copyOf(models);
        devices = List.copyOf(devices);
        if (models.isEmpty()) throw new IllegalArgumentException("a simulation needs at least one model");
        if (devices.isEmpty()) throw new IllegalArgumentException("a simulation needs at least one device");
        if (!(durationMs > 0)) throw new IllegalArgumentException("durationMs must be > 0");
        if (!(warmupMs >= 0) || warmupMs >= durationMs) throw new IllegalArgumentException("warmupMs must be in [0, durationMs)");
        if (!(jitter >= 0)) throw new IllegalArgumentException("jitter must be ≥ 0");
        if (costs == null) throw new IllegalArgumentException("costs must be set (LivePathCosts.NONE for none)");
    }

    /** The same spec with these live-path costs. */
    public SimulationSpec withCosts(LivePathCosts c) {
        return new SimulationSpec(models, devices, arrivals, durationMs, warmupMs, jitter, seed, c);
    }
}
