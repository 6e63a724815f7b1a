package io.baton.cli.bench.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.baton.core.domain.LatencyProfile;
import io.baton.core.symphony.sizing.IdealBatching;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The load generator's arrivals and the figures of a load point, on hand-made outcomes; the capacity estimate against Symphony's closed forms. */
class LoadFiguresTest {

    @Test
    void poissonArrivalsAreSortedInsideTheWindowAndAsManyAsTheRateSays() {
        double[] a = OpenLoop.arrivals(200, 50, 3);
        assertThat(a).isSorted();
        assertThat(a[0]).isGreaterThanOrEqualTo(0);
        assertThat(a[a.length - 1]).isLessThan(50);
        // 10,000 expected; a Poisson count's standard deviation is 100, so ±5σ never fails by chance in practice.
        assertThat(a.length).isBetween(9_500, 10_500);
        assertThat(OpenLoop.arrivals(200, 50, 3)).containsExactly(a);
        assertThat(OpenLoop.arrivals(200, 50, 4)).isNotEqualTo(a);
        // Exponential gaps: the mean gap is 1/rate, and the coefficient of variation is about 1.
        double mean = a[a.length - 1] / (a.length - 1), var = 0;
        for (int i = 1; i < a.length; i++) var += Math.pow(a[i] - a[i - 1] - mean, 2);
        assertThat(Math.sqrt(var / (a.length - 2)) / mean).isCloseTo(1.0, within(0.1));
    }

    @Test
    void figuresOfAPointFollowTheirDefinitions() {
        Outcome[] o = {
                new Outcome(10, 200, 4, 1.0, null),   // on time
                new Outcome(20, 200, 2, 2.0, null),   // on time (at the SLO exactly)
                new Outcome(30, 200, 0, Double.NaN, null), // late, reports nothing
                new Outcome(1, 503, 0, Double.NaN, "dropped"),
                Outcome.noAnswer(1000, new java.net.http.HttpTimeoutException("timed out")),
        };
        PointResult p = new PointResult("symphony", 5, 2.0, 20, o, 0);
        assertThat(p.sent()).isEqualTo(5);
        assertThat(p.offered()).isEqualTo(2.5);
        assertThat(p.served()).isEqualTo(3);
        assertThat(p.goodput()).isEqualTo(1.0);
        assertThat(p.missRate()).isEqualTo(1.0 / 3);
        assertThat(p.dropRate()).isEqualTo(1.0 / 5);
        assertThat(p.unanswered()).isEqualTo(1);
        assertThat(p.latencyPercentile(0.5)).isEqualTo(20);
        assertThat(p.latencyPercentile(0.99)).isEqualTo(30);
        assertThat(p.meanBatch()).isEqualTo(3.0);
        assertThat(p.addedPercentile(0.5)).isEqualTo(9.0);
        assertThat(p.addedPercentile(0.99)).isEqualTo(18.0);
        assertThat(p.refusals()).containsOnlyKeys("503 dropped", "no answer: java.net.http.HttpTimeoutException: timed out");
    }

    @Test
    void aPointWithNoAnswersReportsNoFigures() {
        PointResult p = new PointResult("work-conserving", 1, 1, 10, new Outcome[0], 0);
        assertThat(p.goodput()).isZero();
        assertThat(p.missRate()).isZero();
        assertThat(p.dropRate()).isZero();
        assertThat(p.latencyPercentile(0.5)).isNaN();
        assertThat(p.meanBatch()).isNaN();
    }

    @Test
    void outcomesReadBatonsResponseParametersAndOipErrors() {
        Outcome ok = Outcome.of(3, 200, "{\"outputs\":[],\"parameters\":{\"batch_size\":6,\"execution_ms\":1.5}}".getBytes());
        assertThat(ok.batchSize()).isEqualTo(6);
        assertThat(ok.executionMs()).isEqualTo(1.5);
        Outcome nested = Outcome.of(3, 200, "{\"parameters\":{\"timing\":{\"executionMs\":0.25},\"batchSize\":3}}".getBytes());
        assertThat(nested.batchSize()).isEqualTo(3);
        assertThat(nested.executionMs()).isEqualTo(0.25);
        assertThat(Outcome.of(3, 200, "not json".getBytes()).batchSize()).isZero();
        assertThat(Outcome.of(3, 503, "{\"error\":\"deadline cannot be met\"}".getBytes()).refusal()).isEqualTo("deadline cannot be met");
    }

    @Test
    void capacityOfALinearProfileIsSymphonysStaggeredBatching() {
        for (double[] c : new double[][] {{1.053, 5.072, 25, 8}, {0.2, 1.0, 30, 2}, {0.01, 0.05, 100, 2}, {3, 10, 50, 4}}) {
            double alpha = c[0], beta = c[1], slo = c[2];
            int workers = (int) c[3];
            Map<Integer, Double> points = new TreeMap<>();
            for (int b = 1; b <= 64; b *= 2) points.put(b, alpha * b + beta);
            LiveBench.Capacity cap = LiveBench.capacity(LatencyProfile.measured(points, LatencyProfile.Fit.LINEAR), workers, slo);
            IdealBatching ideal = IdealBatching.of(alpha, beta);
            assertThat(cap.batch()).as("α %s β %s SLO %s N %d", alpha, beta, slo, workers).isEqualTo(ideal.staggeredBatch(workers, slo, 64));
            assertThat(cap.rps()).isCloseTo(ideal.staggeredThroughputRps(workers, slo, 64), within(1e-6 * cap.rps()));
        }
    }

    @Test
    void capacityBatchesNoLargerThanTheVariantsMaxBatchSize() {
        LatencyProfile linear = LatencyProfile.measured(Map.of(1, 1.0, 8, 1.7, 64, 7.3), LatencyProfile.Fit.LINEAR);
        assertThat(LiveBench.capacity(linear, 1, 100).batch()).isEqualTo(64);
        LiveBench.Capacity capped = LiveBench.capacity(linear, 1, 100, 8);
        assertThat(capped.batch()).isEqualTo(8);
        assertThat(capped.rps()).isCloseTo(1000 * 8 / linear.latencyMs(8), within(1e-6));
        assertThat(LiveBench.capacity(linear, 2, 100, 1).batch()).as("a variant that does not batch: one at a time").isEqualTo(1);
    }

    @Test
    void noCapacityWhenNotEvenOneRequestFitsTheSlo() {
        LiveBench.Capacity cap = LiveBench.capacity(LatencyProfile.measured(Map.of(1, 50.0, 2, 60.0), LatencyProfile.Fit.LINEAR), 2, 40);
        assertThat(cap.batch()).isZero();
        assertThat(cap.rps()).isZero();
    }

    @Test
    void theSaturationRunListsItsMostFrequentRefusalsFirst() {
        Map<String, Integer> refusals = new TreeMap<>(Map.of("503 dropped: deadline-unmeetable", 40, "503 overloaded", 7,
                "504 timeout", 7, "502 worker failed", 1));
        assertThat(LiveBench.mostFrequent(refusals, 2)).containsExactly("40 × 503 dropped: deadline-unmeetable",
                "7 × 503 overloaded", "8 × 2 other refusal(s)");
        assertThat(LiveBench.mostFrequent(refusals, 5)).hasSize(4).last().isEqualTo("1 × 502 worker failed");
        assertThat(LiveBench.mostFrequent(Map.of(), 5)).isEmpty();
    }
}
