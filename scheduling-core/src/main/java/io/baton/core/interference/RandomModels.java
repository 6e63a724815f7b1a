package io.baton.core.interference;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The stand-in for §IV-C's 155 random computational graphs: random models of the synthetic world, drawn so
 * that their features cover (and exceed) the range of the real zoo. Real random ONNX graphs, measured on this
 * machine's cores, are {@link io.baton.core.interference.measure.RandomOnnxGraphs} and
 * {@link io.baton.core.interference.measure.InterferenceHarness}; here, for the Xavier-like world, the intrinsic
 * properties are drawn directly:
 * <ul>
 *   <li>GPU latency log-uniform in [0.5, 12] ms; GPU over accelerator speedup uniform in [2, 8];</li>
 *   <li>GPU bandwidth uniform in [0.05, 0.65] of peak; accelerator bandwidth 0.45–0.8 × that;</li>
 *   <li>fallback GPU utilisation on an accelerator uniform in [0, 0.35];</li>
 *   <li>average GPU layer time log-uniform in [0.015, 0.8] ms; memory sensitivity uniform in [0.2, 1.8].</li>
 * </ul>
 */
public final class RandomModels {
    /** §IV-C: "We use 155 random computational graphs". */
    public static final int PAPER_COUNT = 155;

    private RandomModels() {}

    public static List<SyntheticModel> generate(int count, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        List<SyntheticModel> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            double gpuMs = logUniform(rng, 0.5, 12);
            double speedup = 2 + 6 * rng.nextDouble();
            double bwG = 0.05 + 0.6 * rng.nextDouble();
            double bwD = bwG * (0.45 + 0.35 * rng.nextDouble());
            double util = 0.35 * rng.nextDouble();
            double layer = logUniform(rng, 0.015, 0.8);
            double sens = 0.2 + 1.6 * rng.nextDouble();
            out.add(new SyntheticModel(String.format("random-%03d", i), gpuMs, gpuMs * speedup, bwG, bwD, util, layer, sens));
        }
        return out;
    }

    private static double logUniform(SplittableRandom rng, double lo, double hi) {
        return Math.exp(Math.log(lo) + (Math.log(hi) - Math.log(lo)) * rng.nextDouble());
    }
}
