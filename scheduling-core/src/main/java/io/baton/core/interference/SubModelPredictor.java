package io.baton.core.interference;

import java.util.List;

/**
 * §IV's predictor: the co-location's pattern picks a {@link SubModel}, whose network maps that pattern's features to
 * ln(slowdown). A target that runs alone is not slowed down, and a prediction below 1 counts as 1 (a co-runner never
 * speeds a model up). Subclasses say only how a sub-model's network predicts.
 */
public abstract class SubModelPredictor implements InterferencePredictor {
    private final String name;

    protected SubModelPredictor(String name) {
        this.name = name;
    }

    /** ln(slowdown) as sub-model {@code s}'s network predicts it from {@code x}, that sub-model's features. */
    protected abstract double logSlowdown(SubModel s, double[] x);

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final double slowdown(ModelProfile target, DeviceClass targetClass, List<CoRunner> coRunners) {
        SubModel s = SubModel.select(targetClass, coRunners);
        if (s == null) return 1.0;
        return Math.max(1.0, Math.exp(logSlowdown(s, s.features(target, targetClass, coRunners))));
    }
}
