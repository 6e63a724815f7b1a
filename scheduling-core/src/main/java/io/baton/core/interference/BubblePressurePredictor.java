package io.baton.core.interference;

import java.util.List;

/**
 * The live scheduler's predictor: what the profiler stores of each variant (§IV-B's features) turned into a slowdown
 * without a trained network, because a live mix's models are the zoo's, not the random graphs the MLP was trained
 * on, and a model registered a minute ago has features but no co-run measurements.
 * <pre>
 *   slowdown(t | co-runners) = 1 + (sensitivity_t − 1) · min(1, Σ pressure_c)
 * </pre>
 * The profiler measures {@code sensitivity} as t's slowdown beside the synthetic bubble, a streaming copy that takes
 * the memory bandwidth it can (pressure 1 by construction), and each co-runner's {@code pressure}
 * ({@link DeviceFeatures#memBandwidth()}) as the fraction of the bubble's streaming rate it takes away. A co-runner
 * at the bubble's pressure slows t as the bubble did; the effect is taken as linear in pressure below that (the
 * first-order term of the paper's observation that slowdown grows with the co-runner's bandwidth use, §III-B) and
 * saturates at the bubble's level, since the bubble is as much pressure as the memory system takes. Pressures of
 * several co-runners add. A model without measured features has sensitivity 1 and pressure 0: it neither suffers
 * nor causes predicted interference.
 *
 * <p>The MLP predictor ({@link MlpInterferencePredictor}, and {@code measure.CpuInterferencePredictor} on this
 * machine's CPU co-runs) stays the benchmark's; this one is what can run on features alone.
 */
public final class BubblePressurePredictor implements InterferencePredictor {
    public static final BubblePressurePredictor INSTANCE = new BubblePressurePredictor();

    private BubblePressurePredictor() {}

    @Override
    public String name() {
        return "bubble-pressure";
    }

    @Override
    public double slowdown(ModelProfile target, DeviceClass targetClass, List<CoRunner> coRunners) {
        if (coRunners.isEmpty()) return 1.0;
        double pressure = 0;
        for (CoRunner c : coRunners) pressure += c.features().memBandwidth();
        return 1 + (target.on(targetClass).sensitivity() - 1) * Math.min(1, pressure);
    }
}
