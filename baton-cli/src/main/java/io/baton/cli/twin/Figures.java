package io.baton.cli.twin;

import java.util.Arrays;

/**
 * What one application achieved, live or simulated, measured by one rule for both:
 *
 * @param offered     requests that arrived
 * @param goodput     requests served by their deadline, per second of the trace's span
 * @param missRate    (late + dropped + failed + unfinished) / offered: the share not served within its SLO
 * @param p99LatencyMs the nearest-rank 99th percentile of the served requests' latencies (NaN when none was served)
 * @param meanBatch   the mean size of the batches its requests ran in, per batch: each served request of a batch of
 *                    b counts 1/b of a batch (NaN when none was served)
 */
public record Figures(long offered, double goodput, double missRate, double p99LatencyMs, double meanBatch) {

    /** Counts one application's requests as they end. */
    public static final class Tally {
        private long offered, onTime;
        /** Served requests per batch size: summed as count / size, so that whole batches add up exactly. */
        private final java.util.TreeMap<Integer, Long> byBatchSize = new java.util.TreeMap<>();
        private double[] latencies = new double[64];
        private int served;

        public void offered() {
            offered++;
        }

        public void served(double latencyMs, boolean onTime, int batchSize) {
            if (served == latencies.length) latencies = Arrays.copyOf(latencies, served * 2);
            latencies[served++] = latencyMs;
            if (onTime) this.onTime++;
            byBatchSize.merge(batchSize, 1L, Long::sum);
        }

        /** Adds what {@code other} counted: the same traffic replayed once more. */
        public void add(Tally other) {
            offered += other.offered;
            onTime += other.onTime;
            other.byBatchSize.forEach((size, n) -> byBatchSize.merge(size, n, Long::sum));
            if (served + other.served > latencies.length) {
                latencies = Arrays.copyOf(latencies, Math.max(served + other.served, latencies.length * 2));
            }
            System.arraycopy(other.latencies, 0, latencies, served, other.served);
            served += other.served;
        }

        /**
         * The figures of what was counted over {@code replays} replays of a trace spanning {@code spanMs}: rates per
         * second of all of them, percentiles over all of their requests, {@code offered} per replay.
         */
        public Figures figures(double spanMs, int replays) {
            Figures all = figures(spanMs * replays);
            return new Figures(offered / replays, all.goodput(), all.missRate(), all.p99LatencyMs(), all.meanBatch());
        }

        public Figures figures(double spanMs) {
            double batches = 0;
            for (var e : byBatchSize.entrySet()) batches += (double) e.getValue() / e.getKey();
            double[] sorted = Arrays.copyOf(latencies, served);
            Arrays.sort(sorted);
            double p99 = served == 0 ? Double.NaN : sorted[Math.max(0, (int) Math.ceil(0.99 * served) - 1)];
            return new Figures(offered, onTime * 1000.0 / spanMs, offered == 0 ? 0 : (double) (offered - onTime) / offered,
                    p99, served == 0 ? Double.NaN : served / batches);
        }
    }
}
