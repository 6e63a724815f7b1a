package io.baton.cli.twin;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * One variant's recorded batches (the recording's {@code # batch} lines): per batch size, how many ran and the sum and
 * sum of squares of their execution ms, which is all a least-squares line, the per-size means and their spread need;
 * and, where the recording wrote it, each batch's round trip (sent until answered at the scheduler), which the twin
 * replays: a simulated batch of a size holds its device for the round trip of a recorded batch of that size, drawn at
 * random. Cold batches (the first run on a session that had just loaded its model) are counted apart and left out.
 */
public final class BatchSamples {

    /** The batches of one size. */
    public record Size(long batches, double sumMs, double sumSquaresMs) {

        public double meanMs() {
            return sumMs / batches;
        }
    }

    private final TreeMap<Integer, Size> bySize = new TreeMap<>();
    private final Map<Integer, double[]> roundTrips = new HashMap<>();
    private final Map<Integer, Integer> roundTripCount = new HashMap<>();
    private long cold;

    /** One warm batch of {@code batchSize} requests whose run took {@code executionMs}. */
    public void add(int batchSize, double executionMs) {
        if (batchSize < 1) throw new IllegalArgumentException("batchSize must be ≥ 1, got " + batchSize);
        if (!(executionMs >= 0) || Double.isInfinite(executionMs)) {
            throw new IllegalArgumentException("executionMs must be a finite number ≥ 0, got " + executionMs);
        }
        bySize.merge(batchSize, new Size(1, executionMs, executionMs * executionMs),
                (a, b) -> new Size(a.batches + b.batches, a.sumMs + b.sumMs, a.sumSquaresMs + b.sumSquaresMs));
    }

    /** The same, with the batch's round trip at the scheduler ({@code roundTripMs}, NaN: not recorded). */
    public void add(int batchSize, double executionMs, double roundTripMs) {
        add(batchSize, executionMs);
        if (!(roundTripMs >= 0) || Double.isInfinite(roundTripMs)) return;
        int n = roundTripCount.getOrDefault(batchSize, 0);
        double[] held = roundTrips.computeIfAbsent(batchSize, b -> new double[16]);
        if (n == held.length) held = roundTrips.merge(batchSize, held, (a, b) -> Arrays.copyOf(a, a.length * 2));
        held[n] = roundTripMs;
        roundTripCount.put(batchSize, n + 1);
    }

    /** How many round trips of {@code batchSize} were recorded. */
    public int roundTrips(int batchSize) {
        return roundTripCount.getOrDefault(batchSize, 0);
    }

    /** A recorded round trip of {@code batchSize}, drawn uniformly with {@code random}; NaN when none was recorded. */
    public double drawRoundTrip(int batchSize, SplittableRandom random) {
        int n = roundTrips(batchSize);
        return n == 0 ? Double.NaN : roundTrips.get(batchSize)[random.nextInt(n)];
    }

    /** One cold batch: counted, not fitted. */
    public void addCold() {
        cold++;
    }

    public SortedMap<Integer, Size> bySize() {
        return Collections.unmodifiableSortedMap(bySize);
    }

    /** Warm batches. */
    public long batches() {
        long n = 0;
        for (Size s : bySize.values()) n += s.batches;
        return n;
    }

    public long cold() {
        return cold;
    }
}
