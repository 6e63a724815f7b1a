package io.baton.core.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class InterArrivalsTest {

    private static final int N = 400_000;

    /** {mean, coefficient of variation} of N gaps. */
    private static double[] meanAndCv(InterArrival gaps, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        double sum = 0, sumSq = 0;
        for (int i = 0; i < N; i++) {
            double g = gaps.nextGapMs(rng);
            assertThat(g).isGreaterThanOrEqualTo(0);
            sum += g;
            sumSq += g * g;
        }
        double mean = sum / N;
        double var = sumSq / N - mean * mean;
        return new double[] {mean, Math.sqrt(var) / mean};
    }

    @Test
    void poissonMeanAndCv() {
        double[] m = meanAndCv(InterArrivals.poisson(250), 11);
        assertThat(m[0]).isCloseTo(4.0, within(4.0 * 0.02));
        assertThat(m[1]).isCloseTo(1.0, within(0.02));
    }

    @Test
    void gammaMeanAndCvForSeveralShapes() {
        double[][] shapeAndTol = {{0.05, 0.05}, {0.1, 0.04}, {0.25, 0.03}, {0.5, 0.03}, {1.0, 0.02}, {4.0, 0.02}};
        long seed = 100;
        for (double[] st : shapeAndTol) {
            double k = st[0];
            double[] m = meanAndCv(InterArrivals.gamma(100, k), seed++);
            assertThat(m[0]).as("mean gap, k=%s", k).isCloseTo(10.0, within(10.0 * st[1]));
            double cv = 1 / Math.sqrt(k);
            assertThat(m[1]).as("CV, k=%s", k).isCloseTo(cv, within(cv * st[1]));
        }
    }

    @Test
    void gammaDistributionMatchesTheCdf() {
        // empirical CDF at multiples of the mean against the regularised incomplete gamma function
        double[] cs = {0.001, 0.01, 0.1, 0.5, 1, 2, 4};
        long seed = 7;
        for (double k : new double[] {0.05, 0.1, 0.5, 2.5}) {
            InterArrival gaps = InterArrivals.gamma(1000, k); // mean gap 1 ms, scale 1/k
            SplittableRandom rng = new SplittableRandom(seed++);
            int n = 200_000;
            int[] below = new int[cs.length];
            for (int i = 0; i < n; i++) {
                double g = gaps.nextGapMs(rng);
                for (int j = 0; j < cs.length; j++) if (g <= cs[j]) below[j]++;
            }
            for (int j = 0; j < cs.length; j++) {
                double want = regularizedGammaP(k, cs[j] * k);
                assertThat((double) below[j] / n).as("P(gap <= %s mean), k=%s", cs[j], k).isCloseTo(want, within(0.005));
            }
        }
    }

    @Test
    void uniformGapsAreExactAndFirstGapIsARandomPhase() {
        InterArrival u = InterArrivals.uniform(300);
        SplittableRandom rng = new SplittableRandom(3);
        double gap = 1000.0 / 300;
        for (int i = 0; i < 1000; i++) assertThat(u.nextGapMs(rng)).isEqualTo(gap);
        double min = Double.MAX_VALUE, max = 0;
        for (int i = 0; i < 10_000; i++) {
            double f = u.firstGapMs(rng);
            assertThat(f).isGreaterThan(0).isLessThanOrEqualTo(gap);
            min = Math.min(min, f);
            max = Math.max(max, f);
        }
        assertThat(min).isLessThan(0.01 * gap);
        assertThat(max).isGreaterThan(0.99 * gap);
    }

    @Test
    void randomProcessesStartWithAnOrdinaryGap() {
        InterArrival p = InterArrivals.poisson(10);
        SplittableRandom a = new SplittableRandom(9), b = new SplittableRandom(9);
        assertThat(p.firstGapMs(a)).isEqualTo(p.nextGapMs(b));
    }

    @Test
    void validatesArguments() {
        for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> InterArrivals.poisson(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("ratePerSec");
            assertThatThrownBy(() -> InterArrivals.uniform(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("ratePerSec");
            assertThatThrownBy(() -> InterArrivals.gamma(bad, 0.5)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("ratePerSec");
            assertThatThrownBy(() -> InterArrivals.gamma(10, bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("shape");
        }
    }

    // --- oracle: P(a, x) = γ(a, x) / Γ(a) by its power series, fine for the small x used here

    static double regularizedGammaP(double a, double x) {
        if (x <= 0) return 0;
        double term = 1 / a, sum = term;
        for (int n = 1; n < 10_000; n++) {
            term *= x / (a + n);
            sum += term;
            if (term < sum * 1e-16) break;
        }
        return sum * Math.exp(-x + a * Math.log(x) - lnGamma(a));
    }

    static double lnGamma(double z) {
        if (z < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * z))) - lnGamma(1 - z);
        double[] c = {0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
                -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
                1.5056327351493116e-7};
        z -= 1;
        double s = c[0];
        for (int i = 1; i < 9; i++) s += c[i] / (z + i);
        double t = z + 7.5;
        return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(s);
    }

    @Test
    void oracleSanity() {
        assertThat(lnGamma(5)).isCloseTo(Math.log(24), within(1e-12));
        assertThat(lnGamma(0.5)).isCloseTo(0.5 * Math.log(Math.PI), within(1e-12));
        assertThat(regularizedGammaP(1, 2)).isCloseTo(1 - Math.exp(-2), within(1e-12));
    }
}
