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
}
