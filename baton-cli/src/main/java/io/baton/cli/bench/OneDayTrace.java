package io.baton.cli.bench;

/**
 * Schemble's bursty traffic (§VII-A, Fig. 1a and Fig. 14): a non-homogeneous Poisson process imitating the text-matching
 * system's one-day trace, compressed into the benchmark's duration. The paper gives the shape, not the curve: light
 * traffic from 0 to 8 h, a burst 30× as heavy from 10 to 18 h. The hours between are not described; we ramp linearly
 * (8–10 h up, 18–24 h back down), the smoothest reading of "the burst is 10–18 h".
 *
 * <p>With those ramps the day's mean rate is 15.5× the light rate, so for a mean rate λ the light rate is λ / 15.5 and
 * the burst 30·λ / 15.5. At the benchmark's default λ = 28/s that is 1.8/s (every base model can run every query) and
 * 54/s (more than the slowest base model alone can serve: a scheduler must choose subsets).
 */
public final class OneDayTrace {

    /** Burst rate / light rate (the paper: "traffic is multiplied by 30"). */
    public static final double BURST = 30;
    /** The day's mean rate in units of the light rate: (8·1 + 2·15.5 + 8·30 + 6·15.5) / 24. */
    static final double MEAN_OVER_LIGHT = (8 * 1 + 2 * (1 + BURST) / 2 + 8 * BURST + 6 * (1 + BURST) / 2) / 24;

    private final double lightPerSec;
    private final double dayMs;

    /**
     * @param meanPerSec the day's mean arrival rate
     * @param dayMs      how long the compressed day lasts
     */
    public OneDayTrace(double meanPerSec, double dayMs) {
        if (!(meanPerSec > 0) || !(dayMs > 0)) throw new IllegalArgumentException("mean rate and day length must be > 0");
        this.lightPerSec = meanPerSec / MEAN_OVER_LIGHT;
        this.dayMs = dayMs;
    }

    /** Arrivals per second at time {@code tMs} (the trace repeats after a day). */
    public double ratePerSec(double tMs) {
        double hour = (tMs % dayMs) / dayMs * 24;
        double factor;
        if (hour < 8) factor = 1;
        else if (hour < 10) factor = 1 + (BURST - 1) * (hour - 8) / 2;
        else if (hour < 18) factor = BURST;
        else factor = BURST - (BURST - 1) * (hour - 18) / 6;
        return lightPerSec * factor;
    }

    /** The highest rate of the day (the thinning bound). */
    public double peakPerSec() {
        return lightPerSec * BURST;
    }
}
