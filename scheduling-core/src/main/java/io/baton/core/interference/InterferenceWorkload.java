package io.baton.core.interference;

import java.util.List;

/** The planner's input (§V-A, Fig. 6a): the platform, the target models' profiles, their request rates and SLOs. */
public record InterferenceWorkload(Platform platform, List<WorkloadModel> models) {

    public InterferenceWorkload {
        models = List.copyOf(models);
        if (models.isEmpty()) throw new IllegalArgumentException("a workload needs at least one model");
        for (WorkloadModel m : models) {
            for (int d = 0; d < platform.size(); d++) m.profile().on(platform.classOf(d)); // every model runs on every device
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
        return models.get(m).profile().soloMs(platform.classOf(d));
    }

    public double totalRate() {
        return models.stream().mapToDouble(WorkloadModel::ratePerSec).sum();
    }

    /** The same mix at other rates. */
    public InterferenceWorkload withRates(double[] rates) {
        if (rates.length != models.size()) throw new IllegalArgumentException("one rate per model");
        java.util.ArrayList<WorkloadModel> out = new java.util.ArrayList<>();
        for (int i = 0; i < rates.length; i++) out.add(new WorkloadModel(models.get(i).profile(), rates[i], models.get(i).sloMs()));
        return new InterferenceWorkload(platform, out);
    }
}
