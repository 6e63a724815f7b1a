package io.baton.core.ipa.forecast;

/** The reactive baseline (the artifact's "reactive" predictor): the load of the last complete second. */
public final class LastValueForecaster implements LoadForecaster {
    @Override
    public double predict(double[] perSecond) {
        return perSecond.length == 0 ? 0 : Math.max(0, perSecond[perSecond.length - 1]);
    }

    @Override
    public String name() {
        return "last-value";
    }
}
