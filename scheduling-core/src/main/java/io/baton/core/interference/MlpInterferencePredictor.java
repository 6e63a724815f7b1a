package io.baton.core.interference;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * "w/ itf pred" (§IV): four {@link SubModel}s, each a small {@link Mlp}, trained once per platform on random
 * models' measured co-locations and then used for any model (workload-independent).
 *
 * <p>Choices where the paper is silent (Table I's architecture row and the training paragraph are lost):
 * <ul>
 *   <li>architecture: inputs → 16 → 16 → 1, ReLU hidden layers, linear output ("lightweight");</li>
 *   <li>target: ln(slowdown), so the output is positive once exponentiated and errors are relative, as the
 *       accuracy metric is; predictions below 1 are clamped to 1 (a co-runner never speeds a model up);</li>
 *   <li>training: mini-batch Adam (batch 32, step 3·10⁻³), mean squared error, {@link #EPOCHS} epochs,
 *       inputs standardised on the training set;</li>
 *   <li>accuracy (§IV-D, Fig. 5; the metric is not defined): 1 − mean(|predicted − measured| / measured).</li>
 * </ul>
 */
public final class MlpInterferencePredictor extends SubModelPredictor {
    public static final int[] HIDDEN = {16, 16};
    public static final int EPOCHS = 100;
    public static final int BATCH = 32;
    public static final double LEARNING_RATE = 3e-3;

    private final Map<SubModel, Mlp> subModels;

    private MlpInterferencePredictor(Map<SubModel, Mlp> subModels) {
        super("mlp");
        this.subModels = subModels;
    }

    /** An untrained predictor (initial random weights): what training starts from. */
    public static MlpInterferencePredictor untrained(long seed) {
        Map<SubModel, Mlp> nets = new EnumMap<>(SubModel.class);
        for (SubModel s : SubModel.values()) nets.put(s, new Mlp(architecture(s), seed + s.ordinal()));
        return new MlpInterferencePredictor(nets);
    }

    /** Trains each sub-model on its samples. */
    public static MlpInterferencePredictor train(Map<SubModel, List<InterferenceSample>> samples, int epochs, long seed) {
        MlpInterferencePredictor p = untrained(seed);
        for (SubModel s : SubModel.values()) {
            List<InterferenceSample> data = samples.get(s);
            if (data == null || data.isEmpty()) throw new IllegalArgumentException("no training samples for sub-model " + s);
            p.subModels.get(s).train(s.features(data), InterferenceSample.logSlowdowns(data), epochs, BATCH, LEARNING_RATE,
                    seed * 31 + s.ordinal());
        }
        return p;
    }

    /** The platform's predictor as the benchmark builds it: 155 random models, 2,000 samples per sub-model. */
    public static MlpInterferencePredictor trainedOnRandomModels(ContentionModel truth, long seed) {
        var random = RandomModels.generate(RandomModels.PAPER_COUNT, seed);
        return train(TrainingSet.generate(random, truth, 2_000, 0.01, seed + 1), EPOCHS, seed + 2);
    }

    /** The layer sizes of a sub-model's network: its features in, {@link #HIDDEN}, one output. */
    public static int[] architecture(SubModel s) {
        int[] sizes = new int[HIDDEN.length + 2];
        sizes[0] = s.inputs();
        System.arraycopy(HIDDEN, 0, sizes, 1, HIDDEN.length);
        sizes[sizes.length - 1] = 1;
        return sizes;
    }

    @Override
    protected double logSlowdown(SubModel s, double[] x) {
        return subModels.get(s).predict(x);
    }

    /** §IV-D's accuracy of a predictor over samples: 1 − mean relative error. */
    public static double accuracy(InterferencePredictor p, List<InterferenceSample> samples) {
        double err = 0;
        for (InterferenceSample s : samples) {
            err += Math.abs(p.slowdown(s.target(), s.targetClass(), s.coRunners()) - s.slowdown()) / s.slowdown();
        }
        return 1 - err / samples.size();
    }
}
