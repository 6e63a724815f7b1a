package io.baton.core.ipa.forecast;

/**
 * The paper's "baseline predictor" of Fig. 16: it knows the true future, i.e. the actual maximum of the next
 * {@link #HORIZON_S} seconds of the trace. Only meaningful in simulation, where the whole trace is known.
 *
 * @param trace  the full per-second series
 * @param offset index in {@code trace} of the first second the history passed to {@link #predict} covers; the
 *               history must be the whole series since then (as the simulator passes it), not a window
 */
public record OracleForecaster(double[] trace, int offset) implements LoadForecaster {
    @Override
    public double predict(double[] perSecond) {
        int from = offset + perSecond.length;
        double max = 0;
        for (int i = from; i < Math.min(trace.length, from + HORIZON_S); i++) max = Math.max(max, trace[i]);
        return max;
    }

    @Override
    public String name() {
        return "oracle";
    }
}
