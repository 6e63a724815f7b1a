package io.baton.core.workload;

import java.util.SplittableRandom;

/**
 * A renewal process's gap distribution: successive gaps between arrivals, in ms at the base rate. With
 * a {@link RatePattern} the gaps are drawn in operational time and mapped to real time by the
 * generator. Factories are in {@link InterArrivals}; implementations are immutable and share nothing
 * but the generator passed in, so one instance may serve many streams.
 */
@FunctionalInterface
public interface InterArrival {

    /** The next gap in ms (≥ 0), drawn from {@code rng}; must not allocate. */
    double nextGapMs(SplittableRandom rng);

    /**
     * The offset of a stream's first arrival after its start. By default one ordinary gap, so streams
     * with random gaps start at random phases; a deterministic process (uniform gaps) overrides this
     * to draw a uniformly random phase instead, so that its streams are not synchronised either.
     */
    default double firstGapMs(SplittableRandom rng) {
        return nextGapMs(rng);
    }
}
