package io.baton.cli.twin;

import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One variant's recorded batches (the recording's {@code # batch} lines): per batch size, how many ran and the sum and
 * sum of squares of their execution ms, which is all a least-squares line, the per-size means and their spread need.
 * Cold batches (the first run on a session that had just loaded its model) are counted apart and left out of the fit.
 */
public final class BatchSamples {

    /** The batches of one size. */
    public record Size(long batches, double sumMs, double sumSquaresMs) {

        public double meanMs() {
            return sumMs / batches;
        }
    }

    private final TreeMap<Integer, Size> bySize = new TreeMap<>();
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
