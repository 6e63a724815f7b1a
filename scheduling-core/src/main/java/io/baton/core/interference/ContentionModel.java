package io.baton.core.interference;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The synthetic ground truth standing in for measurements on a Jetson AGX Xavier (which we do not have):
 * how much a model slows down beside its co-runners. It follows the two sources of §III-A and the
 * sensitivity of §III-B, as the implementation notes (§6) propose:
 * <pre>
 *   P     = Σ bandwidth of the co-runners                     (shared memory controller, §III-A1)
 *   mem   = memSensitivity(t) · P · (1 + memGrowth · P) · (0.6 + 0.8 · bandwidth(t)) · (accFactor on an accelerator)
 *   exec  = GPU target:  Σ_accelerator co-runners gpuUtil(c) · (0.35 + 0.03 / (layerMs(t) + 0.05))     (§III-A2, Fig. 3)
 *           accelerator target: gpuUtil(t) · (0.8 + 3 · layerMs(GPU co-runner))  if the GPU is busy
 *                               + 0.3 · gpuUtil(t) · Σ gpuUtil(other accelerator co-runners)
 *   slowdown = 1 + scale · (mem + exec + 0.5 · mem · exec) · (1 + noise · u),  u uniform in [−1, 1]
 * </pre>
 * u is a deterministic hash of the co-location (target, its device class, the multiset of co-runners), so
 * a "measurement" repeats exactly, and the correlation of slowdown with bandwidth is "not always very strong"
 * (Fig. 2). The coefficients are calibrated so the Xavier-like zoo's slowdowns fall in the ranges of
 * Table IV (1.02 to 2.69); Fig. 3 gives the GPU-execution term (ResNet-50 beside AlexNet ≈ 15%, beside
 * SqueezeNet ≈ 3%).
 *
 * @param scale     the overall interference scale (1 for the Xavier-like world)
 * @param memGrowth how fast memory pressure compounds
 * @param accFactor the memory term's factor on an accelerator
 * @param noise     the amplitude of the deterministic measurement noise
 * @param seed      the noise's hash seed
 */
public record ContentionModel(double scale, double memGrowth, double accFactor, double noise, long seed) {

    /** The synthetic "bubble" of §III-B: one convolution layer of fixed memory traffic, insensitive itself. */
    public static final SyntheticModel BUBBLE = new SyntheticModel("bubble", 1, 3, 0.5, 0.35, 0, 0.1, 0);

    /** The coefficients the Xavier-like benchmark uses. */
    public static ContentionModel xavierLike() {
        return new ContentionModel(1.0, 0.8, 1.4, 0.15, 0x5EED);
    }

    /** A model placed on a device class, for the ground truth's own bookkeeping. */
    public record Placed(SyntheticModel model, DeviceClass deviceClass) {}

    public double slowdown(SyntheticModel t, DeviceClass tc, List<Placed> coRunners) {
        if (coRunners.isEmpty()) return 1.0;
        double pressure = 0, accUtil = 0;
        SyntheticModel gpuCoRunner = null;
        for (Placed c : coRunners) {
            pressure += c.model().bandwidth(c.deviceClass());
            if (c.deviceClass() == DeviceClass.GPU) gpuCoRunner = c.model();
            else accUtil += c.model().accGpuUtil();
        }
        double mem = t.memSensitivity() * pressure * (1 + memGrowth * pressure) * (0.6 + 0.8 * t.bandwidth(tc))
                * (tc == DeviceClass.ACCELERATOR ? accFactor : 1);
        double exec;
        if (tc == DeviceClass.GPU) {
            exec = accUtil * (0.35 + 0.03 / (t.gpuLayerMs() + 0.05));
        } else {
            exec = (gpuCoRunner == null ? 0 : t.accGpuUtil() * (0.8 + 3 * gpuCoRunner.gpuLayerMs()))
                    + 0.3 * t.accGpuUtil() * accUtil;
        }
        double excess = scale * (mem + exec + 0.5 * mem * exec);
        return 1 + excess * (1 + noise * hashUniform(t, tc, coRunners));
    }

    /** What profiling measures of a model (§IV-B), sensitivities included (beside one or two bubbles). */
    public ModelProfile profile(SyntheticModel m) {
        Placed bubbleOnGpu = new Placed(BUBBLE, DeviceClass.GPU), bubbleOnAcc = new Placed(BUBBLE, DeviceClass.ACCELERATOR);
        DeviceFeatures gpu = new DeviceFeatures(m.gpuMs(), m.gpuLayerMs(), m.gpuBandwidth(), 0.95,
                slowdown(m, DeviceClass.GPU, List.of(bubbleOnAcc)),
                slowdown(m, DeviceClass.GPU, List.of(bubbleOnAcc, bubbleOnAcc)));
        DeviceFeatures acc = new DeviceFeatures(m.acceleratorMs(), m.layerMs(DeviceClass.ACCELERATOR), m.accBandwidth(),
                m.accGpuUtil(),
                slowdown(m, DeviceClass.ACCELERATOR, List.of(bubbleOnGpu)),
                slowdown(m, DeviceClass.ACCELERATOR, List.of(bubbleOnGpu, bubbleOnAcc)));
        return ModelProfile.of(m.name(), gpu, acc);
    }

    /**
     * The ground truth as a predictor over profiles, for models it knows by name: what "measuring" every
     * co-location gives, hence the source of {@link MeasuredInterference} in the benchmark.
     */
    public InterferencePredictor asPredictor(Map<String, SyntheticModel> byName) {
        Map<String, SyntheticModel> models = Map.copyOf(byName);
        return new InterferencePredictor() {
            @Override
            public String name() {
                return "truth";
            }

            @Override
            public double slowdown(ModelProfile target, DeviceClass targetClass, List<CoRunner> coRunners) {
                List<Placed> placed = new ArrayList<>(coRunners.size());
                for (CoRunner c : coRunners) placed.add(new Placed(lookup(models, c.model().name()), c.deviceClass()));
                return ContentionModel.this.slowdown(lookup(models, target.name()), targetClass, placed);
            }
        };
    }

    private static SyntheticModel lookup(Map<String, SyntheticModel> models, String name) {
        SyntheticModel m = models.get(name);
        if (m == null) throw new IllegalArgumentException("the ground truth does not know model " + name);
        return m;
    }

    private double hashUniform(SyntheticModel t, DeviceClass tc, List<Placed> coRunners) {
        String[] keys = new String[coRunners.size()];
        for (int i = 0; i < keys.length; i++) keys[i] = coRunners.get(i).model().name() + "@" + coRunners.get(i).deviceClass();
        Arrays.sort(keys);
        long h = seed;
        h = 31 * h + t.name().hashCode();
        h = 31 * h + tc.ordinal();
        for (String k : keys) h = 31 * h + k.hashCode();
        return new SplittableRandom(h).nextDouble() * 2 - 1;
    }
}
