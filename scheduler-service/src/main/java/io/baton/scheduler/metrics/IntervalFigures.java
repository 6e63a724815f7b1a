package io.baton.scheduler.metrics;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * One application's outcomes, latencies and batches since the history's last sample, drained (and started again) by
 * each sample. Counts are exact; latencies are kept as a uniform reservoir of at most {@link #RESERVOIR} values
 * (Vitter's algorithm R), so the memory stays bounded whatever the traffic and the percentiles stay those of the whole
 * interval, exact up to that many requests per interval. Thread-safe by its lock: a record is a few stores.
 */
final class IntervalFigures {

    /** Latencies kept per interval at most: 8,192 doubles, 64 KiB per application. */
    static final int RESERVOIR = 8192;

    private final int capacity;
    private final SplittableRandom random;
    private final double[] latencies;
    private long served;
    private long onTime;
    private long missed;
    private long batches;
    private long rows;

    IntervalFigures() {
        this(RESERVOIR, new SplittableRandom());
    }

    IntervalFigures(int capacity, SplittableRandom random) {
        this.capacity = capacity;
        this.random = random;
        this.latencies = new double[capacity];
    }

    /** A request answered, {@code totalMs} after receipt, by its deadline or not (late: a miss). */
    synchronized void served(double totalMs, boolean byDeadline) {
        if (served < capacity) {
            latencies[(int) served] = totalMs;
        } else {
            long slot = random.nextLong(served + 1);
            if (slot < capacity) latencies[(int) slot] = totalMs;
        }
        served++;
        if (byDeadline) onTime++;
        else missed++;
    }

    /** A request dropped or failed: a miss with no latency. */
    synchronized void missed() {
        missed++;
    }

    /** A batch of {@code size} rows sent. */
    synchronized void batch(int size) {
        batches++;
        rows += size;
    }

    /** What was recorded since the last drain; the figures start again from nothing. */
    synchronized Drained drain() {
        int kept = (int) Math.min(served, capacity);
        double[] sorted = Arrays.copyOf(latencies, kept);
        Arrays.sort(sorted);
        Drained d = new Drained(onTime, onTime + missed, missed, served, percentile(sorted, 0.50),
                percentile(sorted, 0.99), batches, batches == 0 ? null : rows / (double) batches, 0);
        served = 0;
        onTime = 0;
        missed = 0;
        batches = 0;
        rows = 0;
        return d;
    }

    /** The nearest-rank percentile of sorted values (the smallest with at least {@code q} of them at or below it). */
    static Double percentile(double[] sorted, double q) {
        if (sorted.length == 0) return null;
        int rank = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, rank)];
    }

    /**
     * @param onTime        requests answered by their deadline
     * @param ended         requests that ended: answered (on time or late), dropped or failed
     * @param missed        of those, late, dropped or failed
     * @param served        requests answered, on time or late (those the percentiles are over)
     * @param p50LatencyMs  median receipt-to-answer time of the requests answered; null when none was
     * @param p99LatencyMs  its 99th percentile (nearest rank); null when none was
     * @param batches       batches sent
     * @param meanBatchSize rows per batch sent; null when none was
     * @param queueLength   requests waiting for a batch when drained (set by {@link ServingMetrics#drainIntervals()})
     */
    record Drained(long onTime, long ended, long missed, long served, Double p50LatencyMs, Double p99LatencyMs,
                   long batches, Double meanBatchSize, int queueLength) {

        Drained withQueue(int length) {
            return new Drained(onTime, ended, missed, served, p50LatencyMs, p99LatencyMs, batches, meanBatchSize,
                    length);
        }
    }
}
