package io.baton.core.interference;

import java.util.ArrayList;
import java.util.List;

/**
 * The planner's input (§V-A, Fig. 6a): the platform, the target models' profiles, their request rates and SLOs.
 *
 * <p>Solo latency comes from each model's profile on the device's class (the paper profiles once per class), unless
 * {@code soloMs} gives it per device: the live scheduler's workers of one class can still differ in speed (thread
 * counts, CPU models), and it measures each.
 *
 * @param soloMs per model and device, flat [m * devices + d], the solo latency to plan with; null: by class
 */
public record InterferenceWorkload(Platform platform, List<WorkloadModel> models, double[] soloMs) {

    public InterferenceWorkload(Platform platform, List<WorkloadModel> models) {
        this(platform, models, null);
    }

    public InterferenceWorkload {
        models = List.copyOf(models);
        if (models.isEmpty()) throw new IllegalArgumentException("a workload needs at least one model");
        for (WorkloadModel m : models) {
            for (int d = 0; d < platform.size(); d++) m.profile().on(platform.classOf(d)); // every model runs on every device
        }
        if (soloMs != null) {
            if (soloMs.length != models.size() * platform.size()) {
                throw new IllegalArgumentException("soloMs needs one entry per model and device");
            }
            soloMs = soloMs.clone();
            for (double s : soloMs) if (!(s > 0) || Double.isInfinite(s)) throw new IllegalArgumentException("soloMs must be > 0, got " + s);
        }
    }

    public int modelCount() {
        return models.size();
    }

    public int deviceCount() {
        return platform.size();
    }

    public List<ModelProfile> profiles() {
        return models.stream().map(WorkloadModel::profile).toList();
    }

    /** Solo latency of model m on device d. */
    public double soloMs(int m, int d) {
        return soloMs != null ? soloMs[m * platform.size() + d] : models.get(m).profile().soloMs(platform.classOf(d));
    }

    public double totalRate() {
        return models.stream().mapToDouble(WorkloadModel::ratePerSec).sum();
    }

    /** The same mix at other rates. */
    public InterferenceWorkload withRates(double[] rates) {
        if (rates.length != models.size()) throw new IllegalArgumentException("one rate per model");
        List<WorkloadModel> out = new ArrayList<>();
        for (int i = 0; i < rates.length; i++) out.add(new WorkloadModel(models.get(i).profile(), rates[i], models.get(i).sloMs()));
        return new InterferenceWorkload(platform, out, soloMs);
    }
}
