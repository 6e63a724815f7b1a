package io.baton.core.ipa.forecast;

/**
 * Symmetric mean absolute percentage error, the paper's forecast metric (§5.1, the artifact's formula):
 * 100 · mean(|y − ŷ| / ((|y| + |ŷ|) / 2)); a pair with y = ŷ = 0 counts as 0.
 */
public final class Smape {
    private Smape() {}

    public static double of(double[] actual, double[] predicted) {
        if (actual.length != predicted.length || actual.length == 0) throw new IllegalArgumentException("need equal, non-empty series");
        double sum = 0;
        for (int i = 0; i < actual.length; i++) {
            double den = (Math.abs(actual[i]) + Math.abs(predicted[i])) / 2;
            sum += den == 0 ? 0 : Math.abs(actual[i] - predicted[i]) / den;
        }
        return 100 * sum / actual.length;
    }

    /**
     * SMAPE of a forecaster over a per-second trace: at every {@code stepS}-th second t ≥ {@link LoadForecaster#WINDOW_S}
     * it sees seconds [t − 120, t) and is scored against the maximum of [t, t + 20).
     */
    public static double evaluate(LoadForecaster f, double[] trace, int from, int to, int stepS) {
        java.util.List<double[]> pairs = new java.util.ArrayList<>();
        for (int t = Math.max(from, LoadForecaster.WINDOW_S); t + LoadForecaster.HORIZON_S <= to; t += stepS) {
            double[] window = java.util.Arrays.copyOfRange(trace, t - LoadForecaster.WINDOW_S, t);
            double target = 0;
            for (int i = t; i < t + LoadForecaster.HORIZON_S; i++) target = Math.max(target, trace[i]);
            pairs.add(new double[] {target, f.predict(window)});
        }
        double[] a = pairs.stream().mapToDouble(p -> p[0]).toArray();
        double[] p = pairs.stream().mapToDouble(x -> x[1]).toArray();
        return of(a, p);
    }
}
