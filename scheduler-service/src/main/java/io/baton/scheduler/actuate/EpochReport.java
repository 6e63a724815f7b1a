package io.baton.scheduler.actuate;

import java.time.Instant;
import java.util.List;

/**
 * What one autoscaling epoch measured and advised.
 *
 * @param at         when the epoch ended
 * @param seconds    its length
 * @param requests   requests that ended in it (every application)
 * @param bad        of those, late, dropped or failed
 * @param badRate    bad ÷ requests (0 when none ended)
 * @param pools      per pool: its signals, the advice, and the scaling it led to
 */
public record EpochReport(Instant at, double seconds, long requests, long bad, double badRate, List<PoolAdvice> pools) {

    /**
     * @param pool         the pool (a device kind)
     * @param workers      N: its live workers at the end of the epoch
     * @param idleFraction f: their mean idle fraction over the epoch (1 with no workers)
     * @param add          devices Symphony's advice adds
     * @param release      devices it releases
     * @param advice       the advice's own explanation
     * @param action       the scaling applied for it (null when the advice was to hold)
     */
    public record PoolAdvice(String pool, int workers, double idleFraction, int add, int release, String advice,
                             ScalingAction action) {
    }
}
