package io.baton.core.interference;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The four sub-models of §IV-A, one per co-location pattern, and the input features of each.
 *
 * <p>Table I (which features each sub-model takes) has no body in our copy; §IV-B's prose names them: the
 * memory bandwidth of all running tasks, the GPU utilisation of the accelerator tasks, the average layer time
 * of the GPU task, the target's sensitivity, and for model 4 one more sensitivity. The lists below are that
 * prose applied to each pattern (the reconstruction in the notes).
 *
 * <p>Generalisation to other device mixes (one GPU, any number of accelerators), see {@link #select}:
 * a GPU target beside more than two accelerator co-runners uses model 3 with the strongest co-runner (by
 * bandwidth) first and the others merged into the second (bandwidths and GPU utilisations add, the latter
 * capped at 1); an accelerator target beside the GPU and several accelerators uses model 4 with the other
 * accelerators merged the same way. An accelerator target beside accelerators only (GPU idle), a pattern
 * the paper has no sub-model for, uses model 4 with the GPU co-runner's features zero; its training set
 * contains such samples (see {@link TrainingSet}).
 */
public enum SubModel {
    /** Model 1, GPU ← DLA: target bw, layer time, sensitivity; co-runner bw, GPU utilisation. */
    GPU_ACC(5),
    /** Model 2, DLA ← GPU: target bw, GPU utilisation, sensitivity; GPU co-runner bw, layer time. */
    ACC_GPU(5),
    /** Model 3, GPU ← DLA0, DLA1: target bw, layer time, sensitivity; both co-runners' bw and GPU utilisation. */
    GPU_ACC_ACC(7),
    /** Model 4, DLA0 ← DLA1, GPU: target bw, GPU utilisation, both sensitivities; the other accelerator's bw and
     *  GPU utilisation; the GPU co-runner's bw and layer time. */
    ACC_ACC_GPU(8);

    private final int inputs;

    SubModel(int inputs) {
        this.inputs = inputs;
    }

    public int inputs() {
        return inputs;
    }

    /** Which sub-model covers this co-location; null when the target runs alone (no slowdown). */
    public static SubModel select(DeviceClass targetClass, List<CoRunner> coRunners) {
        if (coRunners.isEmpty()) return null;
        boolean gpuBusy = coRunners.stream().anyMatch(c -> c.deviceClass() == DeviceClass.GPU);
        long accs = coRunners.stream().filter(c -> c.deviceClass() == DeviceClass.ACCELERATOR).count();
        if (targetClass == DeviceClass.GPU) {
            if (gpuBusy) throw new IllegalArgumentException("a GPU target cannot have a GPU co-runner (one GPU per platform)");
            return accs == 1 ? GPU_ACC : GPU_ACC_ACC;
        }
        return accs == 0 ? ACC_GPU : ACC_ACC_GPU;
    }

    /** The input vectors of this sub-model for the samples' co-locations, in order (its network's training inputs). */
    public double[][] features(List<InterferenceSample> samples) {
        double[][] xs = new double[samples.size()][];
        for (int i = 0; i < xs.length; i++) {
            InterferenceSample d = samples.get(i);
            xs[i] = features(d.target(), d.targetClass(), d.coRunners());
        }
        return xs;
    }

    /** The input vector of this sub-model for the co-location. */
    public double[] features(ModelProfile target, DeviceClass targetClass, List<CoRunner> coRunners) {
        DeviceFeatures t = target.on(targetClass);
        DeviceFeatures gpu = null;
        List<DeviceFeatures> accs = new ArrayList<>();
        for (CoRunner c : coRunners) {
            if (c.deviceClass() == DeviceClass.GPU) gpu = c.features();
            else accs.add(c.features());
        }
        accs.sort(Comparator.comparingDouble(DeviceFeatures::memBandwidth).reversed());
        return switch (this) {
            case GPU_ACC -> new double[] {t.memBandwidth(), t.avgLayerMs(), t.sensitivity(),
                    accs.get(0).memBandwidth(), accs.get(0).gpuUtil()};
            case ACC_GPU -> new double[] {t.memBandwidth(), t.gpuUtil(), t.sensitivity(),
                    gpu.memBandwidth(), gpu.avgLayerMs()};
            case GPU_ACC_ACC -> {
                double[] rest = merged(accs, 1);
                yield new double[] {t.memBandwidth(), t.avgLayerMs(), t.sensitivity(),
                        accs.get(0).memBandwidth(), accs.get(0).gpuUtil(), rest[0], rest[1]};
            }
            case ACC_ACC_GPU -> {
                double[] others = merged(accs, 0);
                yield new double[] {t.memBandwidth(), t.gpuUtil(), t.sensitivity(), t.sensitivity2(),
                        others[0], others[1], gpu == null ? 0 : gpu.memBandwidth(), gpu == null ? 0 : gpu.avgLayerMs()};
            }
        };
    }

    private static double[] merged(List<DeviceFeatures> accs, int from) {
        double bw = 0, util = 0;
        for (int i = from; i < accs.size(); i++) {
            bw += accs.get(i).memBandwidth();
            util += accs.get(i).gpuUtil();
        }
        return new double[] {bw, Math.min(1, util)};
    }
}
