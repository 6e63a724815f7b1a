package io.baton.core.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

/**
 * A model that does not batch is profiled at batch 1 alone: its profile is one point, and the fits must still answer
 * sanely (the flat line through it), as they must with two points (the line through both, never falling).
 */
class OnePointProfileTest {

    @Test
    void onePointFitsAreTheFlatLineThroughIt() {
        Map<Integer, Double> one = new TreeMap<>(Map.of(1, 7.5));
        assertThat(Fits.linear(one)).containsExactly(7.5, 0.0);
        assertThat(Fits.quadratic(one)).containsExactly(7.5, 0.0, 0.0);
        for (LatencyProfile.Fit fit : LatencyProfile.Fit.values()) {
            LatencyProfile p = LatencyProfile.measured(one, fit);
            assertThat(p.alphaMs()).isZero();
            assertThat(p.betaMs()).isEqualTo(7.5);
            for (int b : new int[] {1, 2, 3, 64, 1024, 1025, 1_000_000}) {
                assertThat(p.latencyMs(b)).as("%s ℓ(%d)", fit, b).isEqualTo(7.5);
                assertThat(p.throughput(b)).as("%s throughput(%d)", fit, b).isFinite().isPositive();
            }
            assertThat(p.largestBatchWithin(7.5, 1)).isEqualTo(1);
            assertThat(p.largestBatchWithin(7.4, 64)).isZero();
            assertThat(p.largestBatchWithin(7.5, 5)).isEqualTo(5); // flat: every size up to the cap fits
        }
    }

    @Test
    void twoPointFitsAreTheLineThroughThemAndNeverFall() {
        Map<Integer, Double> rising = new TreeMap<>(Map.of(1, 3.0, 4, 9.0));
        assertThat(Fits.linear(rising)[0]).isCloseTo(1.0, within(1e-12));
        assertThat(Fits.linear(rising)[1]).isCloseTo(2.0, within(1e-12));
        assertThat(Fits.quadratic(rising)).containsExactly(Fits.linear(rising)[0], Fits.linear(rising)[1], 0.0);
        LatencyProfile q = LatencyProfile.measured(rising, LatencyProfile.Fit.QUADRATIC);
        assertThat(q.latencyMs(2)).isCloseTo(5.0, within(1e-9));
        assertThat(q.latencyMs(10_000)).isCloseTo(20_001.0, within(1e-6));

        // batch 2 measured faster than batch 1 (noise): the slope is clamped to 0, the answers never fall
        Map<Integer, Double> falling = new TreeMap<>(Map.of(1, 5.0, 2, 4.0));
        double[] flat = Fits.linear(falling);
        assertThat(flat[1]).isZero();
        assertThat(flat[0]).isCloseTo(4.5, within(1e-12));
        for (LatencyProfile.Fit fit : LatencyProfile.Fit.values()) {
            LatencyProfile p = LatencyProfile.measured(falling, fit);
            double previous = 0;
            for (int b = 1; b <= 2000; b++) {
                double l = p.latencyMs(b);
                assertThat(l).as("%s ℓ(%d)", fit, b).isFinite().isGreaterThanOrEqualTo(previous);
                previous = l;
            }
            assertThat(p.latencyMs(1)).isEqualTo(5.0);
        }
    }

    @Test
    void aOnePointProfileScalesAndPrints() {
        LatencyProfile p = LatencyProfile.measured(Map.of(1, 2.0), LatencyProfile.Fit.LINEAR).scaled(3);
        assertThat(p.latencyMs(1)).isCloseTo(6.0, within(1e-12));
        assertThat(p.latencyMs(9)).isCloseTo(6.0, within(1e-12));
        assertThat(p.toString()).doesNotContain("NaN");
    }
}
