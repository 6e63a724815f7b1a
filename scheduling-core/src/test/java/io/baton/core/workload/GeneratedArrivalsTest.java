package io.baton.core.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class GeneratedArrivalsTest {

    private static long count(ArrivalSource s) {
        long n = 0;
        while (s.advance()) n++;
        return n;
    }

    @Test
    void deterministicForASeed() {
        for (InterArrival gaps : new InterArrival[] {InterArrivals.poisson(500), InterArrivals.gamma(500, 0.1),
                InterArrivals.uniform(500)}) {
            GeneratedArrivals a = new GeneratedArrivals(3, gaps, RatePattern.bursty(), 100, 30_000, 77);
            GeneratedArrivals b = new GeneratedArrivals(3, gaps, RatePattern.bursty(), 100, 30_000, 77);
            GeneratedArrivals c = new GeneratedArrivals(3, gaps, RatePattern.bursty(), 100, 30_000, 78);
            boolean differs = false;
            int n = 0;
            while (a.advance()) {
                assertThat(b.advance()).isTrue();
                assertThat(a.timeMs()).isEqualTo(b.timeMs());
                if (c.advance() && c.timeMs() != a.timeMs()) differs = true;
                n++;
            }
            assertThat(b.advance()).isFalse();
            assertThat(n).isGreaterThan(1000);
            assertThat(differs).as("another seed gives another stream, %s", gaps).isTrue();
        }
    }

    @Test
    void timesAreOrderedWithinStartAndHorizonAndTheStreamStaysExhausted() {
        GeneratedArrivals a = new GeneratedArrivals(2, InterArrivals.gamma(2000, 0.05), RatePattern.fluctuating(),
                500, 20_000, 5);
        double prev = 500;
        long n = 0;
        while (a.advance()) {
            assertThat(a.timeMs()).isGreaterThanOrEqualTo(prev).isLessThan(20_000);
            assertThat(a.model()).isEqualTo(2);
            assertThat(a.deadlineMs()).isNaN();
            prev = a.timeMs();
            n++;
        }
        assertThat(n).isGreaterThan(10_000);
        assertThat(a.advance()).isFalse();
        assertThat(a.advance()).isFalse();
        assertThat(count(new GeneratedArrivals(0, InterArrivals.poisson(100), 50, 50, 1))).isZero();
    }

    @Test
    void countMatchesRateTimesDurationTimesMeanMultiplier() {
        double rate = 1000;
        Object[][] cases = {
                {InterArrivals.poisson(rate), RatePattern.steady(), 0.02},
                {InterArrivals.poisson(rate), RatePattern.bursty(), 0.02},
                {InterArrivals.poisson(rate), RatePattern.fluctuating(), 0.02},
                {InterArrivals.gamma(rate, 0.5), RatePattern.fluctuating(), 0.03},
                {InterArrivals.gamma(rate, 0.1), RatePattern.bursty(), 0.05},
                {InterArrivals.uniform(rate), RatePattern.bursty(), 0.001},
                {InterArrivals.poisson(rate),
                        RatePattern.piecewise(new double[] {1000, 500, 1500}, new double[] {1, 0, 2}, true), 0.02},
                {InterArrivals.uniform(rate),
                        RatePattern.piecewise(new double[] {7000, 3000}, new double[] {0.25, 3}, false), 0.001},
        };
        long seed = 1;
        for (Object[] c : cases) {
            InterArrival gaps = (InterArrival) c[0];
            RatePattern pattern = (RatePattern) c[1];
            double tol = (double) c[2];
            double start = 0, end = 120_000;
            double expected = rate / 1000 * (end - start) * pattern.meanOver(start, end);
            long n = count(new GeneratedArrivals(0, gaps, pattern, start, end, seed++));
            assertThat((double) n).as("%s under %s", gaps, pattern).isCloseTo(expected, within(expected * tol));
        }
        // a repeating pattern over whole periods: rate · duration · mean()
        RatePattern bursty = RatePattern.bursty();
        long n = count(new GeneratedArrivals(0, InterArrivals.poisson(rate), bursty, 0, 200_000, 99));
        assertThat((double) n).isCloseTo(rate * 200 * bursty.mean(), within(rate * 200 * 0.02));
    }

    @Test
    void burstsCarryTheBurstRate() {
        // default bursty: 8 s at 1/1.4, 2 s at 3/1.4 every 10 s
        GeneratedArrivals a = new GeneratedArrivals(0, InterArrivals.poisson(1000), RatePattern.bursty(), 0, 200_000, 4);
        long inBurst = 0, outside = 0;
        while (a.advance()) {
            if (a.timeMs() % 10_000 >= 8_000) inBurst++; else outside++;
        }
        double burstRate = inBurst / 40.0, baseRate = outside / 160.0; // per second
        assertThat(burstRate / baseRate).isCloseTo(3, within(0.1));
        assertThat(baseRate).isCloseTo(1000 / 1.4, within(1000 / 1.4 * 0.02));
    }

    @Test
    void zeroRateSegmentsGetNoArrivals() {
        RatePattern p = RatePattern.piecewise(new double[] {1000, 500, 1500}, new double[] {1, 0, 2}, true);
        for (InterArrival gaps : new InterArrival[] {InterArrivals.poisson(2000), InterArrivals.uniform(2000),
                InterArrivals.gamma(2000, 0.1)}) {
            GeneratedArrivals a = new GeneratedArrivals(0, gaps, p, 1200, 60_000, 8);
            long n = 0;
            while (a.advance()) {
                double phase = a.timeMs() % 3000;
                assertThat(phase < 1000 || phase >= 1500).as("%s at %s", gaps, a.timeMs()).isTrue();
                n++;
            }
            assertThat(n).isGreaterThan(50_000);
        }
        // starting inside a zero segment: the first arrival comes after it
        GeneratedArrivals late = new GeneratedArrivals(0, InterArrivals.poisson(1000),
                RatePattern.piecewise(new double[] {5000, 1000}, new double[] {0, 1}, true), 100, 60_000, 3);
        assertThat(late.advance()).isTrue();
        assertThat(late.timeMs()).isGreaterThanOrEqualTo(5000);
        // a non-repeating pattern that falls to 0 ends even an endless stream
        GeneratedArrivals ending = new GeneratedArrivals(0, InterArrivals.poisson(1000),
                RatePattern.piecewise(new double[] {1000, 1000}, new double[] {1, 0}, false), 0,
                Double.POSITIVE_INFINITY, 3);
        long n = 0;
        while (ending.advance()) {
            assertThat(ending.timeMs()).isLessThan(1000);
            n++;
        }
        assertThat(n).isBetween(850L, 1150L);
    }

    @Test
    void uniformStreamsAreEvenlySpacedAtRandomPhases() {
        double gap = 1000.0 / 250;
        GeneratedArrivals a = new GeneratedArrivals(0, InterArrivals.uniform(250), 0, 10_000, 1);
        GeneratedArrivals b = new GeneratedArrivals(1, InterArrivals.uniform(250), 0, 10_000, 2);
        assertThat(a.advance()).isTrue();
        assertThat(b.advance()).isTrue();
        assertThat(a.timeMs()).isGreaterThan(0).isLessThanOrEqualTo(gap);
        assertThat(a.timeMs()).isNotEqualTo(b.timeMs());
        double prev = a.timeMs();
        int n = 1;
        while (a.advance()) {
            assertThat(a.timeMs() - prev).isCloseTo(gap, within(1e-9));
            prev = a.timeMs();
            n++;
        }
        assertThat(n).isBetween(2499, 2500);
    }

    @Test
    void validatesArguments() {
        InterArrival p = InterArrivals.poisson(1);
        RatePattern s = RatePattern.steady();
        assertThatThrownBy(() -> new GeneratedArrivals(-1, p, s, 0, 1, 1)).hasMessageContaining("model");
        assertThatThrownBy(() -> new GeneratedArrivals(0, null, s, 0, 1, 1)).hasMessageContaining("gaps");
        assertThatThrownBy(() -> new GeneratedArrivals(0, p, null, 0, 1, 1)).hasMessageContaining("pattern");
        assertThatThrownBy(() -> new GeneratedArrivals(0, p, s, -1, 1, 1)).hasMessageContaining("startMs");
        assertThatThrownBy(() -> new GeneratedArrivals(0, p, s, 5, 1, 1)).hasMessageContaining("horizonMs");
        assertThatThrownBy(() -> new GeneratedArrivals(0, p, s, 0, Double.NaN, 1)).hasMessageContaining("horizonMs");
    }
}
