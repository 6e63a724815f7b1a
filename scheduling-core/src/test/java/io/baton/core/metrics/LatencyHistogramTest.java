package io.baton.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;

class LatencyHistogramTest {

    private static final double[] PS = {0, 0.1, 1, 5, 10, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 100};

    /** Nearest-rank order statistic of a sorted array. */
    private static double exact(double[] sorted, double p) {
        if (p == 0) return sorted[0];
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(1, rank) - 1];
    }

    private static void checkAgainstExact(DoubleSupplier dist, int n) {
        LatencyHistogram h = new LatencyHistogram();
        double[] xs = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            xs[i] = dist.getAsDouble();
            h.record(xs[i]);
            sum += xs[i];
        }
        Arrays.sort(xs);
        assertThat(h.count()).isEqualTo(n);
        for (double p : PS) {
            double want = exact(xs, p);
            assertThat(h.percentile(p)).as("p%s", p).isCloseTo(want, within(0.01 * want));
            assertThat(Math.abs(h.percentile(p) - want)).as("p%s within 0.4%%", p).isLessThanOrEqualTo(0.004 * want);
        }
        assertThat(h.mean()).isCloseTo(sum / n, within(1e-9 * sum / n));
        assertThat(h.max()).isEqualTo(xs[n - 1]);
        assertThat(h.min()).isEqualTo(xs[0]);
    }

    @Test
    void exponentialPercentilesWithinOnePercent() {
        SplittableRandom rng = new SplittableRandom(1);
        checkAgainstExact(() -> 25 * rng.nextExponential(), 200_000);
    }

    @Test
    void logNormalOverManyDecadesWithinOnePercent() {
        SplittableRandom rng = new SplittableRandom(2);
        // spans ~7 decades, 0.01 ms to 1e5 ms, inside the tracked range
        checkAgainstExact(() -> Math.exp(3 + 1.8 * rng.nextGaussian()), 200_000);
    }

    @Test
    void uniformPercentilesWithinOnePercent() {
        SplittableRandom rng = new SplittableRandom(3);
        checkAgainstExact(() -> 5 + 10 * rng.nextDouble(), 100_000);
    }

    @Test
    void smallSamplesAndSingleValue() {
        SplittableRandom rng = new SplittableRandom(4);
        checkAgainstExact(() -> 0.01 + rng.nextDouble(), 7);
        LatencyHistogram h = new LatencyHistogram();
        h.record(42.5);
        for (double p : PS) assertThat(h.percentile(p)).isEqualTo(42.5);
        assertThat(h.mean()).isEqualTo(42.5);
    }

    @Test
    void everyBucketReportsWithinHalfAPercent() {
        // a single value anywhere in range, reported through a bucket shared with a neighbour
        LatencyHistogram h = new LatencyHistogram();
        for (double x = LatencyHistogram.MIN_TRACKED_MS * 1.002; x < LatencyHistogram.MAX_TRACKED_MS / 1.002; x *= 1.002) {
            h.reset();
            h.record(x * 0.999);
            h.record(x);
            h.record(x * 1.001);
            assertThat(h.percentile(50)).isCloseTo(x, within(0.005 * x));
        }
    }

    @Test
    void emptyIsNaN() {
        LatencyHistogram h = new LatencyHistogram();
        assertThat(h.count()).isZero();
        assertThat(h.percentile(50)).isNaN();
        assertThat(h.percentile(0)).isNaN();
        assertThat(h.mean()).isNaN();
        assertThat(h.max()).isNaN();
        assertThat(h.min()).isNaN();
    }

    @Test
    void zeroLatency() {
        LatencyHistogram h = new LatencyHistogram();
        for (int i = 0; i < 10; i++) h.record(0);
        assertThat(h.percentile(50)).isZero();
        assertThat(h.percentile(100)).isZero();
        assertThat(h.mean()).isZero();
        assertThat(h.max()).isZero();
        h.record(10);
        assertThat(h.percentile(50)).isZero();
        assertThat(h.percentile(95)).isCloseTo(10, within(0.04));
        assertThat(h.mean()).isCloseTo(10.0 / 11, within(1e-12));
    }

    @Test
    void subMicrosecondAndHugeValuesAreClampedButMinMaxStayExact() {
        LatencyHistogram h = new LatencyHistogram();
        h.record(1e-6);
        h.record(5e-7);
        assertThat(h.percentile(50)).isEqualTo(5e-7); // underflow bucket reports the exact minimum
        h.reset();
        h.record(1e9);
        h.record(1e9);
        assertThat(h.percentile(50)).isEqualTo(1e9); // top bucket clamped to the exact maximum
        assertThat(h.max()).isEqualTo(1e9);
        h.record(2e9);
        assertThat(h.percentile(50)).isBetween(LatencyHistogram.MAX_TRACKED_MS * 0.99, 2e9);
        assertThat(h.max()).isEqualTo(2e9);
    }

    @Test
    void rejectsNegativeNaNAndInfinity() {
        LatencyHistogram h = new LatencyHistogram();
        assertThatThrownBy(() -> h.record(-1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("latency");
        assertThatThrownBy(() -> h.record(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> h.record(Double.POSITIVE_INFINITY)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> h.percentile(101)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("p");
        assertThatThrownBy(() -> h.percentile(-0.5)).isInstanceOf(IllegalArgumentException.class);
        assertThat(h.count()).isZero();
    }

    @Test
    void mergeEqualsRecordingEverythingInOne() {
        SplittableRandom rng = new SplittableRandom(5);
        LatencyHistogram a = new LatencyHistogram(), b = new LatencyHistogram(), all = new LatencyHistogram();
        for (int i = 0; i < 50_000; i++) {
            double x = 3 * rng.nextExponential();
            a.record(x);
            all.record(x);
        }
        for (int i = 0; i < 30_000; i++) {
            double x = 100 + 40 * rng.nextDouble();
            b.record(x);
            all.record(x);
        }
        a.merge(b);
        assertThat(a.count()).isEqualTo(80_000);
        assertThat(b.count()).isEqualTo(30_000);
        for (double p : PS) assertThat(a.percentile(p)).isEqualTo(all.percentile(p));
        assertThat(a.mean()).isCloseTo(all.mean(), within(1e-9 * all.mean()));
        assertThat(a.max()).isEqualTo(all.max());
        assertThat(a.min()).isEqualTo(all.min());

        LatencyHistogram empty = new LatencyHistogram();
        empty.merge(new LatencyHistogram());
        assertThat(empty.count()).isZero();
        assertThat(empty.percentile(50)).isNaN();
        empty.merge(b);
        assertThat(empty.percentile(50)).isEqualTo(b.percentile(50));

        LatencyHistogram twice = new LatencyHistogram();
        twice.merge(b);
        twice.merge(twice);
        assertThat(twice.count()).isEqualTo(60_000);
        assertThat(twice.percentile(50)).isEqualTo(b.percentile(50));
    }

    @Test
    void recordManyAndReset() {
        LatencyHistogram h = new LatencyHistogram();
        h.record(2, 3);
        h.record(8, 1);
        h.record(5, 0);
        assertThat(h.count()).isEqualTo(4);
        assertThat(h.mean()).isEqualTo(14.0 / 4);
        assertThat(h.percentile(75)).isCloseTo(2, within(0.01));
        assertThat(h.percentile(76)).isEqualTo(8);
        h.reset();
        assertThat(h.count()).isZero();
        assertThat(h.percentile(50)).isNaN();
        h.record(1);
        assertThat(h.max()).isEqualTo(1);
        assertThat(h.min()).isEqualTo(1);
    }
}
