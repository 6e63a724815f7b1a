package io.baton.core.interference;

import java.util.List;

/**
 * §IV: the latency degradation of a target model on a device, given what runs on the other devices of the
 * SoC. The scheduler multiplies the profiled solo latency by it (§V-C).
 */
public interface InterferencePredictor {

    /** A short name for tables ("none", "mlp", "measured"). */
    String name();

    /**
     * @param target      the model whose latency is predicted
     * @param targetClass the class of the device it runs on
     * @param coRunners   the models running at the same time on the other devices (empty: it runs alone)
     * @return the slowdown, interfered latency / solo latency, ≥ 1 (1 when it runs alone)
     */
    double slowdown(ModelProfile target, DeviceClass targetClass, List<CoRunner> coRunners);
}
