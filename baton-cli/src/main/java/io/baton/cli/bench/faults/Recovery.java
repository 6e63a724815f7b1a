package io.baton.cli.bench.faults;

import io.baton.cli.bench.live.SteadyLoad;
import java.util.List;

/**
 * How long goodput took to come back after a fault. Goodput is measured as the share of the requests sent in a window
 * that were served (200), by the time each was sent: the offered rate is steady, so this is goodput over offered load,
 * free of the Poisson arrivals' own noise. The time back is from the kill to the start of the first {@link #WINDOW}
 * window (sliding by {@link #STEP}) from which on every window reaches {@link #THRESHOLD} of the before-fault share;
 * 0 when none falls short, infinite when the last window still does.
 *
 * @param beforeShare served / sent before the kill (NaN when nothing was sent then)
 * @param backSeconds seconds from the kill until goodput is back; NaN when there is nothing to come back to (nothing
 *                    was served before the fault, or the load after it was shorter than a window), infinite when not
 *                    back by the end
 */
public record Recovery(double beforeShare, double backSeconds) {
    public static final double WINDOW = 1.0, STEP = 0.1, THRESHOLD = 0.95;

    public boolean back() {
        return Double.isFinite(backSeconds);
    }

    public static Recovery of(List<SteadyLoad.Sent> sent, double killAt) {
        int before = 0, servedBefore = 0;
        double last = 0;
        for (SteadyLoad.Sent s : sent) {
            if (s.atSeconds() < killAt) {
                before++;
                if (s.outcome().served()) servedBefore++;
            }
            last = Math.max(last, s.atSeconds());
        }
        double share = before == 0 ? Double.NaN : (double) servedBefore / before;
        if (!(share > 0) || last - killAt < WINDOW) return new Recovery(share, Double.NaN);
        double bar = THRESHOLD * share;
        double backAt = killAt;
        boolean any = false;
        for (double t = killAt; t + WINDOW <= last + 1e-9; t += STEP) {
            int n = 0, served = 0;
            for (SteadyLoad.Sent s : sent) {
                if (s.atSeconds() >= t && s.atSeconds() < t + WINDOW) {
                    n++;
                    if (s.outcome().served()) served++;
                }
            }
            if (n == 0) continue;
            any = true;
            if ((double) served / n < bar) backAt = t + STEP;
        }
        if (!any) return new Recovery(share, Double.NaN);
        if (backAt + WINDOW > last + 1e-9) return new Recovery(share, Double.POSITIVE_INFINITY);
        return new Recovery(share, backAt - killAt);
    }
}
