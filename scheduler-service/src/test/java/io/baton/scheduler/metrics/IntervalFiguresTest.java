package io.baton.scheduler.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class IntervalFiguresTest {

    @Test
    void nothingRecordedHasNoPercentilesAndNoMeanBatch() {
        IntervalFigures.Drained d = new IntervalFigures().drain();
        assertThat(d.ended()).isZero();
        assertThat(d.p50LatencyMs()).isNull();
        assertThat(d.p99LatencyMs()).isNull();
        assertThat(d.meanBatchSize()).isNull();
    }

    /** p50 and p99 against a sorted list, by the definition of the nearest rank, over random intervals. */
    @Test
    void percentilesMatchABruteForceNearestRankAndCountsAreExact() {
        Random random = new Random(11);
        IntervalFigures f = new IntervalFigures();
        for (int trial = 0; trial < 300; trial++) {
            List<Double> served = new ArrayList<>();
            long onTime = 0, missed = 0, batches = 0, rows = 0;
            int n = random.nextInt(600);
            for (int i = 0; i < n; i++) {
                switch (random.nextInt(4)) {
                    case 0 -> {
                        f.missed();
                        missed++;
                    }
                    case 1 -> {
                        int size = 1 + random.nextInt(32);
                        f.batch(size);
                        batches++;
                        rows += size;
                    }
                    default -> {
                        double ms = random.nextInt(50_000) / 100.0;
                        boolean byDeadline = random.nextInt(5) != 0;
                        f.served(ms, byDeadline);
                        served.add(ms);
                        if (byDeadline) onTime++;
                        else missed++;
                    }
                }
            }
            IntervalFigures.Drained d = f.drain();
            assertThat(d.onTime()).isEqualTo(onTime);
            assertThat(d.missed()).isEqualTo(missed);
            assertThat(d.ended()).isEqualTo(onTime + missed);
            assertThat(d.served()).isEqualTo(served.size());
            assertThat(d.batches()).isEqualTo(batches);
            if (batches == 0) assertThat(d.meanBatchSize()).isNull();
            else assertThat(d.meanBatchSize()).isCloseTo(rows / (double) batches, within(1e-9));
            assertThat(d.p50LatencyMs()).isEqualTo(nearestRank(served, 0.50));
            assertThat(d.p99LatencyMs()).isEqualTo(nearestRank(served, 0.99));
        }
    }

    @Test
    void aDrainStartsTheFiguresAgain() {
        IntervalFigures f = new IntervalFigures();
        f.served(5, true);
        f.batch(4);
        f.drain();
        f.served(9, false);
        IntervalFigures.Drained d = f.drain();
        assertThat(d.onTime()).isZero();
        assertThat(d.missed()).isEqualTo(1);
        assertThat(d.p50LatencyMs()).isEqualTo(9.0);
        assertThat(d.batches()).isZero();
    }

    /** Past its capacity the reservoir keeps that many of the values, a uniform sample, while the counts stay exact. */
    @Test
    void pastItsCapacityItKeepsABoundedUniformSample() {
        IntervalFigures f = new IntervalFigures(100, new SplittableRandom(3));
        for (int v = 1; v <= 10_000; v++) f.served(v, true);
        IntervalFigures.Drained d = f.drain();
        assertThat(d.served()).isEqualTo(10_000);
        assertThat(d.onTime()).isEqualTo(10_000);
        // a uniform sample of 1 … 10,000: its median near the middle, its p99 near the top
        assertThat(d.p50LatencyMs()).isBetween(3_500.0, 6_500.0);
        assertThat(d.p99LatencyMs()).isGreaterThan(9_000.0);
    }

    /** The smallest value with at least q of the values at or below it. */
    private static Double nearestRank(List<Double> values, double q) {
        if (values.isEmpty()) return null;
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        for (double x : sorted) {
            long atOrBelow = sorted.stream().filter(y -> y <= x).count();
            if (atOrBelow >= q * sorted.size()) return x;
        }
        throw new AssertionError();
    }
}
