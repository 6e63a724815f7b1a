package io.baton.core.interference;

import java.util.List;

/** One measured co-location (§IV-C): the target, where it and its co-runners ran, and its slowdown (interfered / solo). */
public record InterferenceSample(ModelProfile target, DeviceClass targetClass, List<CoRunner> coRunners, double slowdown) {

    public InterferenceSample {
        coRunners = List.copyOf(coRunners);
        if (!(slowdown > 0)) throw new IllegalArgumentException("slowdown must be > 0");
    }

    public SubModel subModel() {
        return SubModel.select(targetClass, coRunners);
    }

    /** The samples' ln(slowdown), in order: what a sub-model's network learns to predict. */
    public static double[] logSlowdowns(List<InterferenceSample> samples) {
        double[] ys = new double[samples.size()];
        for (int i = 0; i < ys.length; i++) ys[i] = Math.log(samples.get(i).slowdown());
        return ys;
    }
}
