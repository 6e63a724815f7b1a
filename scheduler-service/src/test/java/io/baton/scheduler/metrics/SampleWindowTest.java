package io.baton.scheduler.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

class SampleWindowTest {

    @Test
    void emptyWindowHasNoMeanAndNoPercentile() {
        SampleWindow.Stats s = new SampleWindow(10, 16).stats(5);
        assertThat(s.count()).isZero();
        assertThat(s.mean()).isNull();
        assertThat(s.p99()).isNull();
    }

    @Test
    void meanAndNearestRankP99MatchADirectComputationOverTheLastSeconds() {
        Random random = new Random(7);
        for (int trial = 0; trial < 200; trial++) {
            SampleWindow w = new SampleWindow(10, 4096);
            List<long[]> recorded = new ArrayList<>(); // {second, value * 1000}
            long second = 100;
            int n = 1 + random.nextInt(400);
            for (int i = 0; i < n; i++) {
                second += random.nextInt(3) == 0 ? 1 : 0;
                double v = random.nextInt(100_000) / 1000.0;
                w.record(second, v);
                recorded.add(new long[] {second, Math.round(v * 1000)});
            }
            long now = second + random.nextInt(12);
            List<Double> in = new ArrayList<>();
            for (long[] r : recorded) if (now - r[0] < 10) in.add(r[1] / 1000.0);
            SampleWindow.Stats s = w.stats(now);
            assertThat(s.count()).isEqualTo(in.size());
            if (in.isEmpty()) {
                assertThat(s.p99()).isNull();
                continue;
            }
            Collections.sort(in);
            double mean = in.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
            assertThat(s.mean()).isCloseTo(mean, org.assertj.core.api.Assertions.within(1e-9));
            // nearest rank: the smallest value with at least 99 % of the values at or below it
            double p99 = in.stream().filter(x -> in.stream().filter(y -> y <= x).count() >= 0.99 * in.size())
                    .findFirst().orElseThrow();
            assertThat(s.p99()).isEqualTo(p99);
        }
    }

    @Test
    void keepsOnlyTheNewestValuesPastItsCapacity() {
        SampleWindow w = new SampleWindow(10, 4);
        for (int v = 1; v <= 6; v++) w.record(50, v);
        SampleWindow.Stats s = w.stats(50);
        assertThat(s.count()).isEqualTo(4);
        assertThat(s.mean()).isEqualTo(4.5); // 3, 4, 5, 6
        assertThat(s.p99()).isEqualTo(6.0);
    }
}
