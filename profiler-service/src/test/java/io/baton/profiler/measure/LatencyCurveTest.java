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

    /** Oracle: where the fit is not clamped no nearby (α, β) has a smaller sum of squared errors. */
    @Test
    void theLinearFitIsLeastSquaresOverTheMonotonePoints() {
        SplittableRandom random = new SplittableRandom(42);
        int free = 0;
        for (int trial = 0; trial < 200; trial++) {
            List<LatencyPoint> raw = new ArrayList<>();
            double alpha = random.nextDouble(0.01, 2), beta = random.nextDouble(0.1, 5);
            for (int b = 1; b <= 64; b *= 2) {
                double ms = (alpha * b + beta) * random.nextDouble(0.9, 1.1);
                raw.add(new LatencyPoint(b, ms, ms * 1.2));
            }
            LatencyCurve c = LatencyCurve.of(raw);
            Map<Integer, Double> points = new LinkedHashMap<>();
            c.monotone().forEach(p -> points.put(p.batchSize(), p.p50Ms()));
            if (c.alphaMs() == 0 || c.betaMs() == 0) continue; // clamped: not a free optimum
            free++;
            double best = loss(points, c.alphaMs(), c.betaMs());
            for (double da : new double[] {-1e-4, 0, 1e-4}) {
                for (double db : new double[] {-1e-3, 0, 1e-3}) {
                    assertThat(loss(points, c.alphaMs() + da, c.betaMs() + db)).isGreaterThanOrEqualTo(best - 1e-9);
                }
            }
        }
        assertThat(free).isGreaterThan(150);
    }

    static double loss(Map<Integer, Double> points, double alpha, double beta) {
        double sum = 0;
        for (var e : points.entrySet()) {
            double r = alpha * e.getKey() + beta - e.getValue();
            sum += r * r;
        }
        return sum;
    }
}
