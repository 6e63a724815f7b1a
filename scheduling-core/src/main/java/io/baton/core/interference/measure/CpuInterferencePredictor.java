package io.baton.core.interference.measure;

import io.baton.core.interference.CoRunner;
import io.baton.core.interference.DeviceClass;
import io.baton.core.interference.InterferenceSample;
import io.baton.core.interference.Mlp;
import io.baton.core.interference.MlpInterferencePredictor;
import io.baton.core.interference.ModelProfile;
import io.baton.core.interference.SubModel;
import io.baton.core.interference.SubModelPredictor;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * §IV's MLP predictor trained on measured CPU co-runs. A two-core machine has two of the paper's four patterns:
 * target ← one co-runner, in both orientations of the device classes, so sub-models 1 (GPU ← ACC) and 2
 * (ACC ← GPU) are trained, each on every measured pair, with the features {@link SubModel} defines; sub-models 3
 * and 4 (three devices) stay with the Xavier-like world. Same architecture, target (ln slowdown) and training as
 * {@link MlpInterferencePredictor}, with one addition: each input is clamped to the range it spanned in training and
 * the output to the training slowdowns' range, because measured features of real models can fall outside the
 * random graphs' (the zoo's tiny models have layer times below any random graph's) and an MLP extrapolates wildly.
 */
public final class CpuInterferencePredictor extends SubModelPredictor {
    public static final List<SubModel> SUB_MODELS = List.of(SubModel.GPU_ACC, SubModel.ACC_GPU);

    private final Map<SubModel, Mlp> nets;
    private final Map<SubModel, double[][]> inputRange = new EnumMap<>(SubModel.class);
    private final Map<SubModel, double[]> outputRange = new EnumMap<>(SubModel.class);

    private CpuInterferencePredictor(Map<SubModel, Mlp> nets) {
        super("mlp-cpu");
        this.nets = nets;
    }

    /** The samples of one sub-model: every co-run, the target on the sub-model's target class. */
    public static List<InterferenceSample> samples(SubModel s, List<CpuProfile> profiles, List<CoRun> coRuns) {
        if (!SUB_MODELS.contains(s)) throw new IllegalArgumentException(s + " needs three devices; a CPU pair has two");
        Map<String, ModelProfile> byName = new java.util.HashMap<>();
        for (CpuProfile p : profiles) byName.put(p.name(), p.modelProfile());
        DeviceClass tc = s == SubModel.GPU_ACC ? DeviceClass.GPU : DeviceClass.ACCELERATOR;
        DeviceClass cc = tc == DeviceClass.GPU ? DeviceClass.ACCELERATOR : DeviceClass.GPU;
        List<InterferenceSample> out = new ArrayList<>();
        for (CoRun c : coRuns) {
            ModelProfile t = byName.get(c.target()), co = byName.get(c.coRunner());
            if (t == null || co == null) throw new IllegalArgumentException("co-run " + c + " names an unprofiled model");
            out.add(new InterferenceSample(t, tc, List.of(new CoRunner(co, cc)), c.slowdown()));
        }
        return out;
    }

    public static CpuInterferencePredictor untrained(long seed) {
        Map<SubModel, Mlp> nets = new EnumMap<>(SubModel.class);
        for (SubModel s : SUB_MODELS) nets.put(s, new Mlp(MlpInterferencePredictor.architecture(s), seed + s.ordinal()));
        return new CpuInterferencePredictor(nets);
    }

    public static CpuInterferencePredictor train(List<CpuProfile> profiles, List<CoRun> coRuns, int epochs, long seed) {
        CpuInterferencePredictor p = untrained(seed);
        for (SubModel s : SUB_MODELS) {
            List<InterferenceSample> data = samples(s, profiles, coRuns);
            if (data.isEmpty()) throw new IllegalArgumentException("no co-runs to train on");
            double[][] xs = s.features(data);
            double[] ys = InterferenceSample.logSlowdowns(data);
            double[][] range = new double[2][s.inputs()];
            java.util.Arrays.fill(range[0], Double.POSITIVE_INFINITY);
            java.util.Arrays.fill(range[1], Double.NEGATIVE_INFINITY);
            for (double[] x : xs) {
                for (int i = 0; i < x.length; i++) {
                    range[0][i] = Math.min(range[0][i], x[i]);
                    range[1][i] = Math.max(range[1][i], x[i]);
                }
            }
            p.inputRange.put(s, range);
            p.outputRange.put(s, new double[] {java.util.Arrays.stream(ys).min().orElseThrow(), java.util.Arrays.stream(ys).max().orElseThrow()});
            p.nets.get(s).train(xs, ys, epochs, MlpInterferencePredictor.BATCH, MlpInterferencePredictor.LEARNING_RATE, seed * 31 + s.ordinal());
        }
        return p;
    }

    @Override
    protected double logSlowdown(SubModel s, double[] x) {
        Mlp net = nets.get(s);
        if (net == null) throw new IllegalArgumentException(s + " is not calibrated on a two-core machine");
        double[][] range = inputRange.get(s);
        if (range != null) {
            for (int i = 0; i < x.length; i++) x[i] = Math.min(range[1][i], Math.max(range[0][i], x[i]));
        }
        double y = net.predict(x);
        double[] out = outputRange.get(s);
        if (out != null) y = Math.min(out[1], Math.max(out[0], y));
        return y;
    }
}
