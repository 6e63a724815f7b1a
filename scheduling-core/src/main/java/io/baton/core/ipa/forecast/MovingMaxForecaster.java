package io.baton.core.ipa.forecast;

/**
 * The moving-max baseline (the artifact's "max" predictor): the largest per-second load of the last
 * {@code windowS} seconds (default: the paper's 2-minute input window).
 */
public final class MovingMaxForecaster implements LoadForecaster {
    private final int windowS;

    public MovingMaxForecaster(int windowS) {
        if (windowS < 1) throw new IllegalArgumentException("windowS must be ≥ 1");
        this.windowS = windowS;
    }

    public MovingMaxForecaster() {
        this(WINDOW_S);
    }

    @Override
    public double predict(double[] perSecond) {
        double max = 0;
        for (int i = Math.max(0, perSecond.length - windowS); i < perSecond.length; i++) max = Math.max(max, perSecond[i]);
        return max;
    }

    @Override
    public String name() {
        return "moving-max-" + windowS + "s";
    }
}
