package io.baton.core.sim;

import io.baton.core.domain.Device;
import io.baton.core.domain.ServedModel;
import io.baton.core.workload.ArrivalSource;
import io.baton.core.workload.GeneratedArrivals;
import io.baton.core.workload.InterArrival;
import io.baton.core.workload.InterArrivals;
import io.baton.core.workload.TraceArrivals;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;

/**
 * A simulation scenario: what {@code baton simulate} reads. Every device holds every model (one
 * sub-cluster) unless partitioned by a planner. Arrivals come either from each model's generator or,
 * when {@code traceCsv} is set, from a replayed trace.
 */
public record Scenario(long seed, double durationMs, double warmupMs, double jitter, int devices, List<ModelLoad> models,
                       List<String> policies, String traceCsv) {

    /** maxBatch when a scenario sets none: large enough never to bind before the deadline does. */
    public static final int UNBOUNDED_BATCH = 1 << 20;

    public Scenario {
        models = List.copyOf(models);
        policies = List.copyOf(policies);
        if (devices < 1) throw new IllegalArgumentException("devices must be ≥ 1");
    }

    public List<ServedModel> servedModels() {
        List<ServedModel> out = new ArrayList<>();
        for (int i = 0; i < models.size(); i++) {
            ModelLoad m = models.get(i);
            out.add(new ServedModel(i, m.name(), m.profile(), m.sloMs(), m.maxBatch()));
        }
        return out;
    }

    /**
     * Each model's mean offered rate (req/s): what an epoch planner (Nexus) plans for. For a replayed
     * trace, the rate measured over the trace's arrivals in [0, durationMs).
     */
    public double[] rates() {
        if (traceCsv != null) {
            double[] counts = new double[models.size()];
            List<String> names = models.stream().map(ModelLoad::name).toList();
            TraceArrivals t = new TraceArrivals(new StringReader(traceCsv), names::indexOf);
            while (t.advance()) {
                if (t.timeMs() < durationMs) counts[t.model()] += 1000.0 / durationMs;
            }
            return counts;
        }
        return models.stream().mapToDouble(m -> m.ratePerSec() * m.pattern().mean()).toArray();
    }

    public List<Device> deviceList() {
        List<Device> out = new ArrayList<>();
        for (int d = 0; d < devices; d++) out.add(Device.of(d));
        return out;
    }

    public SimulationSpec toSpec() {
        List<ServedModel> served = servedModels();
        return new SimulationSpec(served, deviceList(), this::arrivals, durationMs, warmupMs, jitter, seed);
    }

    private List<ArrivalSource> arrivals() {
        if (traceCsv != null) {
            List<String> names = models.stream().map(ModelLoad::name).toList();
            return List.of(new TraceArrivals(new StringReader(traceCsv), names::indexOf));
        }
        List<ArrivalSource> out = new ArrayList<>();
        for (int i = 0; i < models.size(); i++) {
            ModelLoad m = models.get(i);
            if (m.ratePerSec() <= 0) continue;
            InterArrival gaps = switch (m.arrival()) {
                case POISSON -> InterArrivals.poisson(m.ratePerSec());
                case GAMMA -> InterArrivals.gamma(m.ratePerSec(), m.shape());
                case UNIFORM -> InterArrivals.uniform(m.ratePerSec());
            };
            long streamSeed = seed * 0x9E3779B97F4A7C15L + 31L * i + 17;
            out.add(new GeneratedArrivals(i, gaps, m.pattern(), 0, durationMs, streamSeed));
        }
        return out;
    }

    /** The same scenario with every model's rate multiplied by factor (goodput search). */
    public Scenario scaled(double factor) {
        List<ModelLoad> ms = models.stream().map(m -> m.withRate(m.ratePerSec() * factor)).toList();
        return new Scenario(seed, durationMs, warmupMs, jitter, devices, ms, policies, traceCsv);
    }

    public Scenario withDevices(int n) {
        return new Scenario(seed, durationMs, warmupMs, jitter, n, models, policies, traceCsv);
    }

    public Scenario withSeed(long s) {
        return new Scenario(s, durationMs, warmupMs, jitter, devices, models, policies, traceCsv);
    }
}
