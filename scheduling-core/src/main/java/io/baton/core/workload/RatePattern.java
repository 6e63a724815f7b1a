package io.baton.core.workload;

import java.util.Arrays;

/**
 * A time-varying rate multiplier m(t) ≥ 0: piecewise constant over segments of real time, either
 * repeating with the pattern's period or (not repeating) holding its last multiplier forever after.
 * Pattern time is absolute simulation time: t = 0 is the start of the first segment; it is defined for
 * t ≥ 0.
 *
 * <p>Arrivals under a pattern are generated as a renewal process in <em>operational time</em> τ (the
 * base-rate process) and mapped to real time through the inverse of the cumulative multiplier
 * Λ(t) = ∫₀ᵗ m(s) ds: an arrival at operational time τ happens at real time Λ⁻¹(τ). The instantaneous
 * rate at t is then base rate × m(t), and the number of arrivals in [a, b) is on average
 * base rate × (Λ(b) − Λ(a)). Segments with multiplier 0 are flat in Λ and get no arrivals: an
 * operational time that lands exactly on a flat stretch maps to its end (the start of the next segment
 * with a positive rate); if no such segment ever comes, to +∞.
 *
 * <p>{@link #toRealTime} keeps a cursor, so a sequence of non-decreasing calls costs O(1) amortised
 * (one division and a few comparisons; a binary search only when a call goes backwards or crosses into
 * a new period). The cursor makes an instance stateful and not thread-safe: give every stream its own
 * {@link #copy()} ({@link GeneratedArrivals} does so itself). Copies share the immutable segment tables.
 */
public final class RatePattern {

    /** Real-time start of each segment within the period. */
    private final double[] start;
    /** Real-time end of each segment within the period (end[n-1] = period). */
    private final double[] end;
    private final double[] mult;
    /** Operational time at the start/end of each segment within the period. */
    private final double[] opStart;
    private final double[] opEnd;
    private final double period;
    private final double periodOp;
    private final boolean repeat;
    /** m ≡ 1: the mapping is the identity. */
    private final boolean identity;
    private final String description;

    // cursor of toRealTime
    private double curPeriod = -1;
    private int curSeg;

    private RatePattern(double[] durations, double[] mult, boolean repeat, String description) {
        int n = durations.length;
        this.mult = mult;
        this.start = new double[n];
        this.end = new double[n];
        this.opStart = new double[n];
        this.opEnd = new double[n];
        double t = 0, op = 0;
        boolean allOne = true;
        for (int i = 0; i < n; i++) {
            start[i] = t;
            opStart[i] = op;
            t += durations[i];
            op += durations[i] * mult[i];
            end[i] = t;
            opEnd[i] = op;
            if (mult[i] != 1.0) allOne = false;
        }
        this.period = t;
        this.periodOp = op;
        this.repeat = repeat;
        this.identity = allOne;
        this.description = description;
    }

    private RatePattern(RatePattern o) {
        this.start = o.start;
        this.end = o.end;
        this.mult = o.mult;
        this.opStart = o.opStart;
        this.opEnd = o.opEnd;
        this.period = o.period;
        this.periodOp = o.periodOp;
        this.repeat = o.repeat;
        this.identity = o.identity;
        this.description = o.description;
    }

    /** m(t) = 1 everywhere. */
    public static RatePattern steady() {
        return new RatePattern(new double[] {1000.0}, new double[] {1.0}, true, "steady");
    }

    /**
     * The default bursty pattern: every 10 s, 8 s at the base level then a 2 s burst at 3× the base
     * level, normalised to mean 1 (base ≈ 0.714, burst ≈ 2.143). Same as {@code bursty(10_000, 2_000, 3)}.
     */
    public static RatePattern bursty() {
        return bursty(10_000, 2_000, 3);
    }

    /**
     * Periodic bursts: each period of {@code periodMs} is {@code periodMs − burstMs} at the base level b
     * followed by {@code burstMs} at {@code burstFactor}·b, with b chosen so that the long-run mean
     * multiplier is exactly 1 (b = period / (period − burst + burst·factor)).
     *
     * @param burstFactor burst level relative to the base level, finite and &gt; 0 (&lt; 1 makes dips)
     */
    public static RatePattern bursty(double periodMs, double burstMs, double burstFactor) {
        if (!(periodMs > 0) || periodMs == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("periodMs must be a finite number > 0, got " + periodMs);
        }
        if (!(burstMs > 0) || !(burstMs < periodMs)) {
            throw new IllegalArgumentException("burstMs must be in (0, periodMs), got " + burstMs);
        }
        if (!(burstFactor > 0) || burstFactor == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("burstFactor must be a finite number > 0, got " + burstFactor);
        }
        double base = periodMs / (periodMs - burstMs + burstMs * burstFactor);
        return new RatePattern(new double[] {periodMs - burstMs, burstMs}, new double[] {base, base * burstFactor},
                true, "bursty(period " + periodMs + " ms, burst " + burstMs + " ms at " + burstFactor + "x)");
    }

    /**
     * The default fluctuating pattern: a sinusoid of period 60 s and amplitude 0.5 approximated by
     * 12 steps of 5 s. Same as {@code fluctuating(60_000, 0.5, 12)}.
     */
    public static RatePattern fluctuating() {
        return fluctuating(60_000, 0.5, 12);
    }

    /**
     * A sinusoid approximated by {@code steps} equal steps per period: step i has multiplier
     * 1 + amplitude·sin(2π(i + ½)/steps) (the sine at the step's midpoint), rescaled so that the mean
     * over a period is exactly 1. The pattern starts on the rising half: above 1 for the first half
     * period, below 1 for the second.
     *
     * @param amplitude in [0, 1] (1: the rate touches 0 around the trough)
     * @param steps     ≥ 1
     */
    public static RatePattern fluctuating(double periodMs, double amplitude, int steps) {
        if (!(periodMs > 0) || periodMs == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("periodMs must be a finite number > 0, got " + periodMs);
        }
        if (!(amplitude >= 0 && amplitude <= 1)) {
            throw new IllegalArgumentException("amplitude must be in [0, 1], got " + amplitude);
        }
        if (steps < 1) throw new IllegalArgumentException("steps must be ≥ 1, got " + steps);
        double[] d = new double[steps];
        double[] m = new double[steps];
        double sum = 0;
        for (int i = 0; i < steps; i++) {
            d[i] = periodMs / steps;
            m[i] = Math.max(0, 1 + amplitude * Math.sin(2 * Math.PI * (i + 0.5) / steps));
            sum += m[i];
        }
        double mean = sum / steps;
        for (int i = 0; i < steps; i++) m[i] /= mean;
        return new RatePattern(d, m, true,
                "fluctuating(period " + periodMs + " ms, amplitude " + amplitude + ", " + steps + " steps)");
    }

    /**
     * An arbitrary piecewise-constant pattern (not normalised): segment i lasts
     * {@code segmentDurationsMs[i]} (finite, &gt; 0) at multiplier {@code multipliers[i]} (finite, ≥ 0).
     * With {@code repeat} the segments repeat forever; without, the last multiplier holds after the last
     * segment ends.
     */
    public static RatePattern piecewise(double[] segmentDurationsMs, double[] multipliers, boolean repeat) {
        if (segmentDurationsMs == null) throw new IllegalArgumentException("segmentDurationsMs must not be null");
        if (multipliers == null) throw new IllegalArgumentException("multipliers must not be null");
        if (segmentDurationsMs.length == 0) throw new IllegalArgumentException("segmentDurationsMs must not be empty");
        if (segmentDurationsMs.length != multipliers.length) {
            throw new IllegalArgumentException("multipliers has " + multipliers.length
                    + " entries but segmentDurationsMs has " + segmentDurationsMs.length);
        }
        for (int i = 0; i < segmentDurationsMs.length; i++) {
            double d = segmentDurationsMs[i];
            if (!(d > 0) || d == Double.POSITIVE_INFINITY) {
                throw new IllegalArgumentException("segmentDurationsMs[" + i + "] must be a finite number > 0, got " + d);
            }
            double m = multipliers[i];
            if (!(m >= 0) || m == Double.POSITIVE_INFINITY) {
                throw new IllegalArgumentException("multipliers[" + i + "] must be a finite number ≥ 0, got " + m);
            }
        }
        return new RatePattern(segmentDurationsMs.clone(), multipliers.clone(), repeat,
                "piecewise(" + Arrays.toString(segmentDurationsMs) + " ms x " + Arrays.toString(multipliers)
                        + (repeat ? ", repeating)" : ")"));
    }

    /** A fresh instance with the same segments and its own cursor. */
    public RatePattern copy() {
        return new RatePattern(this);
    }

    /**
     * Long-run mean multiplier: over a period when repeating (1 for the built-in patterns), else the
     * last segment's multiplier (which holds forever).
     */
    public double mean() {
        return repeat ? periodOp / period : mult[mult.length - 1];
    }

    /** Mean multiplier over the real-time window [fromMs, toMs): (Λ(to) − Λ(from)) / (to − from). */
    public double meanOver(double fromMs, double toMs) {
        if (!(toMs > fromMs)) throw new IllegalArgumentException("toMs must be > fromMs");
        return (toOperationalTime(toMs) - toOperationalTime(fromMs)) / (toMs - fromMs);
    }

    /** Length of the segment table in ms (the period when repeating). */
    public double periodMs() {
        return period;
    }

    public boolean repeating() {
        return repeat;
    }

    /** m(t) at real time {@code realMs} ≥ 0. */
    public double multiplierAt(double realMs) {
        checkTime(realMs);
        double r;
        if (repeat) {
            r = realMs - Math.floor(realMs / period) * period;
            if (r >= period || r < 0) r = 0;
        } else {
            if (realMs >= period) return mult[mult.length - 1];
            r = realMs;
        }
        return mult[segmentOf(end, r)];
    }

    /** Λ(t) = ∫₀ᵗ m(s) ds for real time {@code realMs} ≥ 0 (no cursor; O(log segments)). */
    public double toOperationalTime(double realMs) {
        checkTime(realMs);
        if (identity) return realMs;
        if (realMs == Double.POSITIVE_INFINITY) return mean() > 0 ? Double.POSITIVE_INFINITY : periodOp;
        double base = 0, r;
        if (repeat) {
            double p = Math.floor(realMs / period);
            r = realMs - p * period;
            if (r < 0) r = 0;
            if (r >= period) {
                p += 1;
                r = 0;
            }
            base = p * periodOp;
        } else {
            if (realMs >= period) return periodOp + mult[mult.length - 1] * (realMs - period);
            r = realMs;
        }
        int s = segmentOf(end, r);
        return base + opStart[s] + mult[s] * (r - start[s]);
    }

    /**
     * Λ⁻¹(τ): the real time at which operational time {@code operationalMs} is reached, skipping
     * zero-rate segments (see the class comment); +∞ when the rate never becomes positive again.
     * O(1) amortised over non-decreasing calls; correct, but slower, for any order. Allocation-free.
     */
    public double toRealTime(double operationalMs) {
        // A steady pattern is the common case: a call this small is inlined into every arrival.
        return identity ? operationalMs : mappedToRealTime(operationalMs);
    }

    private double mappedToRealTime(double operationalMs) {
        if (!(operationalMs > 0)) return operationalMs == 0 ? firstPositiveStart() : Double.NaN;
        double p, rem;
        if (repeat) {
            if (periodOp == 0) return Double.POSITIVE_INFINITY;
            p = Math.floor(operationalMs / periodOp);
            rem = operationalMs - p * periodOp;
            if (rem < 0) rem = 0;
            if (rem >= periodOp) {
                p += 1;
                rem -= periodOp;
                if (rem < 0) rem = 0;
            }
        } else {
            if (operationalMs >= periodOp) {
                double last = mult[mult.length - 1];
                return last > 0 ? period + (operationalMs - periodOp) / last : Double.POSITIVE_INFINITY;
            }
            p = 0;
            rem = operationalMs;
        }
        int s;
        if (p == curPeriod && rem >= opStart[curSeg]) {
            s = curSeg;
        } else {
            s = segmentOf(opEnd, rem);
        }
        int n = mult.length;
        while (s < n && rem >= opEnd[s]) s++;
        if (s == n) {
            // rem == periodOp after rounding: the next period's first positive segment
            if (!repeat) {
                double last = mult[n - 1];
                return last > 0 ? period : Double.POSITIVE_INFINITY;
            }
            p += 1;
            rem = 0;
            s = 0;
            while (s < n && rem >= opEnd[s]) s++;
        }
        curPeriod = p;
        curSeg = s;
        return p * period + start[s] + (rem - opStart[s]) / mult[s];
    }

    private double firstPositiveStart() {
        for (int i = 0; i < mult.length; i++) if (mult[i] > 0) return start[i];
        return Double.POSITIVE_INFINITY;
    }

    /** The first index i with x &lt; ends[i] (ends non-decreasing), or the last index. */
    private static int segmentOf(double[] ends, double x) {
        int lo = 0, hi = ends.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (x < ends[mid]) hi = mid; else lo = mid + 1;
        }
        return lo;
    }

    private static void checkTime(double realMs) {
        if (!(realMs >= 0)) throw new IllegalArgumentException("realMs must be ≥ 0, got " + realMs);
    }

    @Override
    public String toString() {
        return description;
    }
}
