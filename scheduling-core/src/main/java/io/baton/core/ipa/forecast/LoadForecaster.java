package io.baton.core.ipa.forecast;

/**
 * Predicts the load IPA plans for (§3, §5.1): from the per-second arrival counts seen so far, the maximum
 * requests per second expected over the next {@link #HORIZON_S} seconds. The adapter calls it every adaptation
 * interval before solving the integer program.
 */
public interface LoadForecaster {

    /** The paper's input window: the last 2 minutes. */
    int WINDOW_S = 120;
    /** The paper's target: the maximum load of the next 20 s. */
    int HORIZON_S = 20;

    /**
     * @param perSecond arrivals per second, oldest first, the last element the most recent complete second
     * @return the predicted maximum requests per second over the next {@link #HORIZON_S} seconds (≥ 0)
     */
    double predict(double[] perSecond);

    String name();
}
