package io.baton.cli.bench.live;

import java.util.ArrayList;
import java.util.List;

/**
 * What a soak concludes. Memory: each service's resident memory grows less than {@value #RSS_GROWTH_LIMIT_PCT}% from
 * the end of minute {@value #WARMUP_MINUTES} to the end of the last minute (from minute 1 in a run shorter than
 * {@value #WARMUP_MINUTES} + 1 minutes, which has no warm-up to leave out): the first minutes hold the JIT's work, the
 * heap's growth to its working size and the caches' filling, which are not a leak. Miss rate: it drifts when the
 * least-squares line through the per-minute miss rates, over the same minutes, rises or falls by
 * {@value #DRIFT_LIMIT_PP} percentage point or more across them (slope × (last − first minute)): one point is the
 * bad-rate budget of Symphony's goodput, so a drift of that size would move a run from within it to out of it. A
 * window of a single minute has no slope: the verdict is then not available.
 *
 * @param baseMinute the minute growth is measured from (and the drift window starts at)
 * @param lastMinute the last minute
 */
public record SoakVerdicts(int baseMinute, int lastMinute, List<RssGrowth> rss, MissDrift drift) {
    public static final int WARMUP_MINUTES = 5;
    public static final double RSS_GROWTH_LIMIT_PCT = 10;
    public static final double DRIFT_LIMIT_PP = 1;

    public SoakVerdicts {
        rss = List.copyOf(rss);
    }

    /**
     * One service's growth; {@code growthPct} is null (and {@code met} false) when its memory was not read at the
     * base or the last minute.
     */
    public record RssGrowth(String service, Long baseKb, Long lastKb, Double growthPct) {
        public boolean met() {
            return growthPct != null && growthPct < RSS_GROWTH_LIMIT_PCT;
        }
    }

    /**
     * The least-squares line of miss rate (a fraction) against minute over {@code fromMinute..toMinute}: its slope per
     * minute and its rise across the window in percentage points; both NaN for a window of one minute.
     */
    public record MissDrift(int fromMinute, int toMinute, double slopePerMinute, double risePp) {
        public boolean available() {
            return !Double.isNaN(risePp);
        }

        public boolean drifts() {
            return available() && Math.abs(risePp) >= DRIFT_LIMIT_PP;
        }
    }

    /** True when the run is too short for the warm-up to be left out, so growth counts from minute 1. */
    public boolean fromFirstMinute() {
        return baseMinute == 1;
    }

    /** @param minutes the soak's minutes, in order, at least one */
    public static SoakVerdicts of(List<SoakMinute> minutes, List<String> services) {
        if (minutes.isEmpty()) throw new IllegalArgumentException("a soak of no minutes has no verdict");
        int base = minutes.size() > WARMUP_MINUTES ? WARMUP_MINUTES : 1;
        SoakMinute first = minutes.get(base - 1), last = minutes.get(minutes.size() - 1);
        List<RssGrowth> growth = new ArrayList<>();
        for (String s : services) {
            Long from = first.rssKb().get(s), to = last.rssKb().get(s);
            Double pct = from == null || to == null || from <= 0 ? null : 100.0 * (to - from) / from;
            growth.add(new RssGrowth(s, from, to, pct));
        }
        List<SoakMinute> window = minutes.subList(base - 1, minutes.size());
        double slope = slope(window);
        double rise = slope * (last.minute() - first.minute()) * 100;
        return new SoakVerdicts(base, last.minute(), growth, new MissDrift(first.minute(), last.minute(), slope, rise));
    }

    /** The least-squares slope of miss rate against minute; NaN for fewer than two minutes. */
    static double slope(List<SoakMinute> window) {
        int n = window.size();
        if (n < 2) return Double.NaN;
        double mx = 0, my = 0;
        for (SoakMinute m : window) {
            mx += m.minute();
            my += m.missRate();
        }
        mx /= n;
        my /= n;
        double sxy = 0, sxx = 0;
        for (SoakMinute m : window) {
            sxy += (m.minute() - mx) * (m.missRate() - my);
            sxx += (m.minute() - mx) * (m.minute() - mx);
        }
        return sxy / sxx;
    }
}
