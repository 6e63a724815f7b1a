package io.baton.core.workload;

import java.util.SplittableRandom;

/**
 * One served model's synthetic arrival stream: a renewal process with the given gap distribution, run
 * in operational time and mapped to real time through a {@link RatePattern} (see there), over
 * [startMs, horizonMs). The first arrival comes one {@link InterArrival#firstGapMs first gap} after
 * {@code startMs} (a random phase, so that streams are not synchronised); {@link #advance()} returns
 * false at the first arrival at or after {@code horizonMs} and from then on. Deadlines are NaN (arrival +
 * the model's SLO). The stream is a deterministic function of its arguments and seed.
 *
 * <p>Per arrival: one gap draw and one cursor step of the pattern; no allocation, no boxing.
 */
public final class GeneratedArrivals implements ArrivalSource {

    private final int model;
    private final InterArrival gaps;
    private final RatePattern pattern;
    private final double horizonMs;
    private final SplittableRandom rng;

    /** Operational time of the current arrival. */
    private double op;
    private double time;
    private boolean started;
    private boolean done;

    /**
     * @param model     served-model index reported by {@link #model()}, ≥ 0
     * @param gaps      gap distribution at the base rate (its rate is the base rate of the pattern)
     * @param pattern   rate multiplier over absolute time; this stream uses its own {@link RatePattern#copy copy}
     * @param startMs   ≥ 0, finite
     * @param horizonMs exclusive end, ≥ startMs (may be +∞ for an endless stream)
     */
    public GeneratedArrivals(int model, InterArrival gaps, RatePattern pattern, double startMs, double horizonMs,
                             long seed) {
        if (model < 0) throw new IllegalArgumentException("model must be ≥ 0, got " + model);
        if (gaps == null) throw new IllegalArgumentException("gaps must not be null");
        if (pattern == null) throw new IllegalArgumentException("pattern must not be null");
        if (!(startMs >= 0) || startMs == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("startMs must be a finite number ≥ 0, got " + startMs);
        }
        if (!(horizonMs >= startMs)) {
            throw new IllegalArgumentException("horizonMs must be ≥ startMs (" + startMs + "), got " + horizonMs);
        }
        this.model = model;
        this.gaps = gaps;
        this.pattern = pattern.copy();
        this.horizonMs = horizonMs;
        this.rng = new SplittableRandom(seed);
        this.op = this.pattern.toOperationalTime(startMs);
        this.time = startMs;
    }

    /** A steady (m ≡ 1) stream. */
    public GeneratedArrivals(int model, InterArrival gaps, double startMs, double horizonMs, long seed) {
        this(model, gaps, RatePattern.steady(), startMs, horizonMs, seed);
    }

    @Override
    public boolean advance() {
        if (done) return false;
        double g;
        if (started) {
            g = gaps.nextGapMs(rng);
        } else {
            g = gaps.firstGapMs(rng);
            started = true;
        }
        op += g;
        double t = pattern.toRealTime(op);
        if (t < time) t = time; // guard against rounding at segment/period boundaries
        if (!(t < horizonMs)) {
            done = true;
            return false;
        }
        time = t;
        return true;
    }

    @Override
    public double timeMs() {
        return time;
    }

    @Override
    public int model() {
        return model;
    }

    @Override
    public double deadlineMs() {
        return Double.NaN;
    }

    @Override
    public String toString() {
        return "GeneratedArrivals{model=" + model + ", " + gaps + ", " + pattern + ", horizon=" + horizonMs + '}';
    }
}
