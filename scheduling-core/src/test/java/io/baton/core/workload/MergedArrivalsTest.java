package io.baton.core.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MergedArrivalsTest {

    private static TraceArrivals trace(String csv) {
        return new TraceArrivals(new StringReader(csv), name -> Integer.parseInt(name));
    }

    @Test
    void mergesByTimeWithTiesBrokenBySourceIndex() {
        MergedArrivals m = new MergedArrivals(
                trace("1,0\n5,0,50\n5,0\n9,0\n"),
                trace(""),
                trace("0,2\n5,2\n5,2,60\n"),
                trace("5,3\n10,3\n"));
        double[][] want = {{0, 2, 2}, {1, 0, 0}, {5, 0, 0}, {5, 0, 0}, {5, 2, 2}, {5, 2, 2}, {5, 3, 3}, {9, 0, 0}, {10, 3, 3}};
        List<Double> deadlines = new ArrayList<>();
        for (double[] w : want) {
            assertThat(m.advance()).isTrue();
            assertThat(m.timeMs()).isEqualTo(w[0]);
            assertThat(m.model()).isEqualTo((int) w[1]);
            assertThat(m.source()).isEqualTo((int) w[2]);
            deadlines.add(m.deadlineMs());
        }
        assertThat(m.advance()).isFalse();
        assertThat(m.advance()).isFalse();
        assertThat(m.source()).isEqualTo(-1);
        assertThat(deadlines.get(2)).isEqualTo(50);
        assertThat(deadlines.get(3)).isNaN();
        assertThat(deadlines.get(5)).isEqualTo(60);
    }

    @Test
    void mergesGeneratedStreamsInOrder() {
        Popularity pop = Popularity.zipf(8, 0.9);
        double[] rates = pop.rates(5000);
        List<ArrivalSource> streams = new ArrayList<>();
        long expected = 0;
        for (int i = 0; i < rates.length; i++) {
            streams.add(new GeneratedArrivals(i, InterArrivals.gamma(rates[i], 0.5), RatePattern.bursty(), 0, 20_000, i));
            GeneratedArrivals copy = new GeneratedArrivals(i, InterArrivals.gamma(rates[i], 0.5), RatePattern.bursty(), 0, 20_000, i);
            while (copy.advance()) expected++;
        }
        MergedArrivals m = new MergedArrivals(streams);
        long n = 0;
        long[] perModel = new long[8];
        double prev = 0;
        while (m.advance()) {
            assertThat(m.timeMs()).isGreaterThanOrEqualTo(prev);
            assertThat(m.source()).isEqualTo(m.model());
            prev = m.timeMs();
            perModel[m.model()]++;
            n++;
        }
        assertThat(n).isEqualTo(expected);
        assertThat(perModel[0]).isGreaterThan(perModel[7]);
        assertThat(new MergedArrivals().advance()).isFalse();
    }
}
