package io.baton.core.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class LatencyProfileTest {

    @Test
    void linearIsExact() {
        LatencyProfile p = LatencyProfile.linear(0.268, 5.172);
        for (int b = 1; b <= 3000; b++) assertThat(p.latencyMs(b)).as("b=%d", b).isEqualTo(0.268 * b + 5.172);
        assertThat(p.alphaMs()).isEqualTo(0.268);
        assertThat(p.betaMs()).isEqualTo(5.172);
        assertThat(p.measuredPoints()).isEmpty();
        assertThat(p.throughput(10)).isCloseTo(10 * 1000.0 / (2.68 + 5.172), within(1e-9));
        assertThat(LatencyProfile.linear(0, 3).latencyMs(500)).isEqualTo(3);
        assertThat(LatencyProfile.linear(2, 0).latencyMs(7)).isEqualTo(14);
    }

    @Test
    void measuredPointsAreReturnedExactly() {
        Map<Integer, Double> pts = Map.of(1, 5.0, 2, 6.1, 4, 7.9, 8, 12.2, 16, 19.8, 32, 36.5, 2000, 2100.0);
        for (LatencyProfile.Fit fit : LatencyProfile.Fit.values()) {
            LatencyProfile p = LatencyProfile.measured(pts, fit);
            pts.forEach((b, ms) -> assertThat(p.latencyMs(b)).as("%s at %d", fit, b).isEqualTo(ms));
            assertThat(p.measuredPoints()).isEqualTo(new TreeMap<>(pts));
            assertThat(p.fit()).isEqualTo(fit);
        }
    }

    @Test
    void linearFitRecoversExactCoefficients() {
        Map<Integer, Double> pts = new HashMap<>();
        for (int b : new int[] {1, 2, 3, 5, 8, 13, 21, 34}) pts.put(b, 0.7 * b + 3.2);
        LatencyProfile p = LatencyProfile.measured(pts, LatencyProfile.Fit.LINEAR);
        assertThat(p.alphaMs()).isCloseTo(0.7, within(1e-9));
        assertThat(p.betaMs()).isCloseTo(3.2, within(1e-9));
        for (int b : new int[] {4, 6, 50, 1000, 5000}) assertThat(p.latencyMs(b)).isCloseTo(0.7 * b + 3.2, within(1e-6));
    }

    @Test
    void quadraticFitRecoversExactCoefficients() {
        double c0 = 2, c1 = 0.5, c2 = 0.03;
        Map<Integer, Double> pts = new HashMap<>();
        for (int b : new int[] {1, 2, 4, 8, 16, 32, 64}) pts.put(b, c0 + c1 * b + c2 * b * b);
        LatencyProfile p = LatencyProfile.measured(pts, LatencyProfile.Fit.QUADRATIC);
        double[] q = p.quadraticFit();
        assertThat(q[0]).isCloseTo(c0, within(1e-6));
        assertThat(q[1]).isCloseTo(c1, within(1e-6));
        assertThat(q[2]).isCloseTo(c2, within(1e-8));
        for (int b : new int[] {3, 20, 100, 1000, 2000}) {
            assertThat(p.latencyMs(b)).as("b=%d", b).isCloseTo(c0 + c1 * b + c2 * b * b, within(1e-6 * (1 + b * b)));
        }
        // the linear fit of the same points is still available (Symphony's α, β)
        assertThat(p.alphaMs()).isPositive();
        // fewer than three points: the quadratic answer falls back to the linear fit
        LatencyProfile two = LatencyProfile.measured(Map.of(1, 3.0, 3, 7.0), LatencyProfile.Fit.QUADRATIC);
        assertThat(two.latencyMs(2)).isCloseTo(5.0, within(1e-9));
        assertThat(two.latencyMs(10)).isCloseTo(21.0, within(1e-9));
        // one point: the flat line through it (a non-batching model's profile is its batch-1 point alone)
        LatencyProfile one = LatencyProfile.measured(Map.of(4, 8.0), LatencyProfile.Fit.LINEAR);
        assertThat(one.latencyMs(4)).isEqualTo(8.0);
        assertThat(one.latencyMs(8)).isCloseTo(8.0, within(1e-9));
    }

    private static LatencyProfile randomProfile(SplittableRandom rng) {
        int kind = rng.nextInt(3);
        if (kind == 0) return LatencyProfile.linear(rng.nextDouble() * 3, 0.01 + rng.nextDouble() * 20);
        Map<Integer, Double> pts = new LinkedHashMap<>();
        int n = 1 + rng.nextInt(8);
        double a = rng.nextDouble() * 2, c = 0.5 + rng.nextDouble() * 10, curv = (rng.nextDouble() - 0.5) * 0.02;
        for (int i = 0; i < n; i++) {
            int b = 1 + rng.nextInt(rng.nextBoolean() ? 64 : 1500);
            double ms = Math.max(0.05, c + a * b + curv * b * b) * (0.8 + 0.4 * rng.nextDouble()); // noisy
            pts.put(b, ms);
        }
        return LatencyProfile.measured(pts, kind == 1 ? LatencyProfile.Fit.LINEAR : LatencyProfile.Fit.QUADRATIC);
    }

    @Test
    void latencyNeverDecreasesWithBatchSize() {
        SplittableRandom rng = new SplittableRandom(11);
        for (int k = 0; k < 300; k++) {
            LatencyProfile p = randomProfile(rng);
            double prev = p.latencyMs(1);
            assertThat(prev).as("%s", p).isPositive();
            for (int b = 2; b <= 4096; b++) {
                double l = p.latencyMs(b);
                if (l < prev) {
                    throw new AssertionError(p + ": ℓ(" + b + ") = " + l + " < ℓ(" + (b - 1) + ") = " + prev);
                }
                prev = l;
            }
        }
    }

    @Test
    void pastTheTableAConcaveFitIsHeldAtItsPeakAndAMeasuredPointIsNeverUndercut() {
        // ℓ(b) = 1 + b − 0.0003·b² measured up to 512: the quadratic fit peaks at b ≈ 1667
        Map<Integer, Double> pts = new HashMap<>();
        for (int b = 1; b <= 512; b *= 2) pts.put(b, 1 + b - 0.0003 * b * b);
        LatencyProfile concave = LatencyProfile.measured(pts, LatencyProfile.Fit.QUADRATIC);
        double peak = 1 + 1666.67 - 0.0003 * 1666.67 * 1666.67;
        assertThat(concave.latencyMs(1500)).isCloseTo(1 + 1500 - 0.0003 * 1500 * 1500, within(1e-6));
        assertThat(concave.latencyMs(3000)).isCloseTo(peak, within(1e-3));
        assertThat(concave.latencyMs(1 << 20)).isCloseTo(peak, within(1e-3));
        assertThat(concave.largestBatchWithin(concave.latencyMs(1500), 1 << 20)).isEqualTo(1500);
        assertThat(concave.largestBatchWithin(peak + 1, 1 << 20)).isEqualTo(1 << 20);

        // a point measured above the precomputed range: the fit past it never answers less than it
        LatencyProfile high = LatencyProfile.measured(Map.of(1, 2.0, 8, 9.0, 2000, 5000.0), LatencyProfile.Fit.LINEAR);
        assertThat(high.latencyMs(2000)).isEqualTo(5000.0);
        assertThat(high.latencyMs(2001)).isGreaterThanOrEqualTo(5000.0);
        assertThat(high.tableSize()).isGreaterThanOrEqualTo(2000);
        assertThat(high.largestBatchWithin(4999, 5000)).isLessThan(2000);
    }

    @Test
    void largestBatchWithinMatchesALinearScan() {
        SplittableRandom rng = new SplittableRandom(5);
        for (int k = 0; k < 300; k++) {
            LatencyProfile p = randomProfile(rng);
            for (int t = 0; t < 20; t++) {
                int maxBatch = rng.nextInt(10) == 0 ? rng.nextInt(3) : 1 + rng.nextInt(rng.nextBoolean() ? 40 : 2000);
                double budget = rng.nextInt(10) == 0 ? p.latencyMs(1 + rng.nextInt(100)) // exactly on a value
                        : rng.nextDouble() * p.latencyMs(Math.max(1, maxBatch)) * 1.3;
                int expected = 0;
                for (int b = 1; b <= maxBatch; b++) if (p.latencyMs(b) <= budget) expected = b;
                assertThat(p.largestBatchWithin(budget, maxBatch))
                        .as("%s, budget %s, maxBatch %d", p, budget, maxBatch).isEqualTo(expected);
            }
        }
    }

    @Test
    void scaledMultipliesEveryLatency() {
        LatencyProfile p = LatencyProfile.measured(Map.of(1, 2.0, 4, 5.0, 16, 13.0), LatencyProfile.Fit.QUADRATIC);
        LatencyProfile s = p.scaled(2.5);
        for (int b = 1; b <= 2000; b += 7) assertThat(s.latencyMs(b)).isCloseTo(2.5 * p.latencyMs(b), within(1e-9 * b * b));
    }

    @Test
    void badInputsAreRejected() {
        assertThatThrownBy(() -> LatencyProfile.linear(-1, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LatencyProfile.linear(1, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LatencyProfile.linear(0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LatencyProfile.linear(Double.NaN, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LatencyProfile.linear(1, Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LatencyProfile.linear(Double.POSITIVE_INFINITY, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LatencyProfile.linear(1, Double.POSITIVE_INFINITY)).isInstanceOf(IllegalArgumentException.class);
        LatencyProfile.Fit lin = LatencyProfile.Fit.LINEAR;
        assertThatThrownBy(() -> LatencyProfile.measured(Map.of(), lin)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LatencyProfile.measured(Map.of(0, 1.0), lin)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LatencyProfile.measured(Map.of(-3, 1.0), lin)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LatencyProfile.measured(Map.of(1, 0.0), lin)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LatencyProfile.measured(Map.of(1, -2.0), lin)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LatencyProfile.measured(Map.of(1, Double.NaN), lin)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LatencyProfile.measured(Map.of(1, Double.POSITIVE_INFINITY), lin)).isInstanceOf(IllegalArgumentException.class);
        Map<Integer, Double> withNull = new HashMap<>();
        withNull.put(1, null);
        assertThatThrownBy(() -> LatencyProfile.measured(withNull, lin)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LatencyProfile.linear(1, 1).scaled(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LatencyProfile.linear(1, 1).scaled(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LatencyProfile.linear(1, 1).scaled(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }
}
