package io.baton.profiler.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import io.baton.profiler.registry.ProfileBody.LatencyPoint;
import org.junit.jupiter.api.Test;

class LatencyCurveTest {

    @Test
    void anExactLineIsRecoveredAndLeftAsIs() {
        List<LatencyPoint> raw = new ArrayList<>();
        for (int b = 1; b <= 64; b *= 2) raw.add(new LatencyPoint(b, 0.5 * b + 2, 0.6 * b + 3));
        LatencyCurve c = LatencyCurve.of(raw);
        assertThat(c.monotone()).isEqualTo(raw);
        assertThat(c.alphaMs()).isCloseTo(0.5, within(1e-9));
        assertThat(c.betaMs()).isCloseTo(2.0, within(1e-9));
        assertThat(c.quadratic().get(0)).isCloseTo(2.0, within(1e-6));
        assertThat(c.quadratic().get(1)).isCloseTo(0.5, within(1e-6));
        assertThat(c.quadratic().get(2)).isCloseTo(0.0, within(1e-8));
    }

    @Test
    void dipsAreRaisedToTheRunningMaximumAndP99NeverBelowP50() {
        List<LatencyPoint> raw = List.of(new LatencyPoint(1, 2.0, 2.5), new LatencyPoint(2, 1.8, 3.0),
                new LatencyPoint(4, 2.6, 2.2), new LatencyPoint(8, 4.0, 5.0));
        assertThat(LatencyCurve.of(raw).monotone()).containsExactly(new LatencyPoint(1, 2.0, 2.5),
                new LatencyPoint(2, 2.0, 3.0), new LatencyPoint(4, 2.6, 3.0), new LatencyPoint(8, 4.0, 5.0));
        assertThat(LatencyCurve.of(raw).raw()).isEqualTo(raw);
    }

    /** Oracle: at an unclamped optimum the gradient of Σ ((α·b + β − ℓ)/ℓ)² is zero, and no nearby (α, β) is better. */
    @Test
    void theRelativeFitMinimisesRelativeSquaredError() {
        SplittableRandom random = new SplittableRandom(42);
        for (int trial = 0; trial < 200; trial++) {
            Map<Integer, Double> points = new LinkedHashMap<>();
            double alpha = random.nextDouble(0.01, 2), beta = random.nextDouble(0.1, 5);
            for (int b = 1; b <= 64; b *= 2) points.put(b, (alpha * b + beta) * random.nextDouble(0.8, 1.25));
            double[] fit = LatencyCurve.relativeLinearFit(points);
            if (fit[0] == 0 || fit[1] == 0) continue; // clamped: not a free optimum
            double best = loss(points, fit[1], fit[0]);
            for (double da : new double[] {-1e-3, 0, 1e-3}) {
                for (double db : new double[] {-1e-3, 0, 1e-3}) {
                    assertThat(loss(points, fit[1] + da, fit[0] + db)).isGreaterThanOrEqualTo(best - 1e-12);
                }
            }
        }
    }

    @Test
    void aCurveBendingUpKeepsAPositiveIntercept() {
        Map<Integer, Double> points = new LinkedHashMap<>();
        for (int b = 1; b <= 64; b *= 2) points.put(b, 0.3 + 0.02 * b + 0.0015 * b * b); // convex: plain LS gives β < 0
        double[] fit = LatencyCurve.relativeLinearFit(points);
        assertThat(fit[0]).isPositive();
        assertThat(fit[1]).isPositive();
    }

    static double loss(Map<Integer, Double> points, double alpha, double beta) {
        double sum = 0;
        for (var e : points.entrySet()) {
            double r = (alpha * e.getKey() + beta - e.getValue()) / e.getValue();
            sum += r * r;
        }
        return sum;
    }
}
