package io.baton.core.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RatePatternTest {

    @Test
    void steadyIsTheIdentity() {
        RatePattern p = RatePattern.steady();
        assertThat(p.mean()).isEqualTo(1);
        for (double t : new double[] {0, 0.5, 999.9, 1000, 12345.678}) {
            assertThat(p.toRealTime(t)).isEqualTo(t);
            assertThat(p.toOperationalTime(t)).isEqualTo(t);
            assertThat(p.multiplierAt(t)).isEqualTo(1);
        }
    }

    @Test
    void burstyDefaultsAreNormalised() {
        RatePattern p = RatePattern.bursty();
        assertThat(p.mean()).isCloseTo(1, within(1e-12));
        assertThat(p.periodMs()).isEqualTo(10_000);
        double base = p.multiplierAt(0);
        assertThat(base).isCloseTo(1 / 1.4, within(1e-12));
        assertThat(p.multiplierAt(8_500)).isCloseTo(3 * base, within(1e-12));
        assertThat(p.multiplierAt(17_999)).isCloseTo(base, within(1e-12));
        assertThat(p.meanOver(0, 50_000)).isCloseTo(1, within(1e-12));
    }

    @Test
    void fluctuatingDefaultsAreNormalisedAndSinusoidal() {
        RatePattern p = RatePattern.fluctuating();
        assertThat(p.mean()).isCloseTo(1, within(1e-12));
        assertThat(p.periodMs()).isEqualTo(60_000);
        assertThat(p.multiplierAt(2_500)).isCloseTo(1 + 0.5 * Math.sin(Math.PI / 12), within(1e-9));
        assertThat(p.multiplierAt(15_000)).isCloseTo(1 + 0.5 * Math.sin(2 * Math.PI * 3.5 / 12), within(1e-9));
        assertThat(p.multiplierAt(45_000)).isLessThan(0.6);
        RatePattern full = RatePattern.fluctuating(1000, 1, 7);
        assertThat(full.mean()).isCloseTo(1, within(1e-12));
    }

    @Test
    void piecewiseMeanAndLookups() {
        RatePattern p = RatePattern.piecewise(new double[] {1000, 500, 1500}, new double[] {1, 0, 2}, true);
        assertThat(p.mean()).isCloseTo(4000.0 / 3000, within(1e-12));
        assertThat(p.multiplierAt(1200)).isZero();
        assertThat(p.multiplierAt(4200)).isZero();
        assertThat(p.toOperationalTime(1500)).isEqualTo(1000);
        assertThat(p.toOperationalTime(3000)).isEqualTo(4000);
        assertThat(p.toOperationalTime(7000)).isEqualTo(9000);
        RatePattern once = RatePattern.piecewise(new double[] {1000, 1000}, new double[] {2, 0.5}, false);
        assertThat(once.mean()).isEqualTo(0.5);
        assertThat(once.toOperationalTime(5000)).isEqualTo(2000 + 500 + 0.5 * 3000);
        assertThat(once.toRealTime(4000)).isEqualTo(5000);
    }

    @Test
    void zeroRateSegmentsAreSkipped() {
        RatePattern p = RatePattern.piecewise(new double[] {1000, 500, 1500}, new double[] {1, 0, 2}, true);
        // operational time exactly at the flat level lands at the end of the zero segment
        assertThat(p.toRealTime(1000)).isEqualTo(1500);
        assertThat(p.toRealTime(999.999)).isCloseTo(999.999, within(1e-9));
        assertThat(p.toRealTime(1000.002)).isCloseTo(1500.001, within(1e-9));
        assertThat(p.toRealTime(4000 + 1000)).isEqualTo(4500);
        SplittableRandom rng = new SplittableRandom(1);
        double tau = 0;
        for (int i = 0; i < 100_000; i++) {
            tau += rng.nextExponential();
            double t = p.toRealTime(tau);
            double phase = t % 3000;
            assertThat(phase < 1000 || phase >= 1500).as("t=%s", t).isTrue();
        }
        RatePattern leading = RatePattern.piecewise(new double[] {2000, 1000}, new double[] {0, 1}, true);
        assertThat(leading.toRealTime(0)).isEqualTo(2000);
        assertThat(leading.toRealTime(0.5)).isEqualTo(2000.5);
        assertThat(leading.toRealTime(1000)).isEqualTo(5000);
        RatePattern trailing = RatePattern.piecewise(new double[] {1000, 1000}, new double[] {1, 0}, false);
        assertThat(trailing.toRealTime(999)).isEqualTo(999);
        assertThat(trailing.toRealTime(1000)).isEqualTo(Double.POSITIVE_INFINITY);
        RatePattern dead = RatePattern.piecewise(new double[] {1000}, new double[] {0}, true);
        assertThat(dead.mean()).isZero();
        assertThat(dead.toRealTime(1)).isEqualTo(Double.POSITIVE_INFINITY);
    }

    @Test
    void cursorGivesTheSameAnswersAsAFreshLookupInAnyOrder() {
        RatePattern[] patterns = {
                RatePattern.bursty(), RatePattern.fluctuating(),
                RatePattern.piecewise(new double[] {3, 700, 1, 250, 90}, new double[] {0.2, 0, 5, 0, 1.5}, true),
                RatePattern.piecewise(new double[] {300, 200, 1000}, new double[] {1, 0, 3}, false)};
        for (RatePattern pattern : patterns) {
            RatePattern p = pattern.copy();
            SplittableRandom rng = new SplittableRandom(42);
            double tau = 0;
            for (int i = 0; i < 50_000; i++) {
                tau += 20 * rng.nextExponential();
                double t = p.toRealTime(tau);
                assertThat(t).isEqualTo(pattern.copy().toRealTime(tau));
                // Λ(Λ⁻¹(τ)) = τ
                assertThat(p.toOperationalTime(t)).isCloseTo(tau, within(1e-9 * Math.max(1, tau)));
            }
            for (int i = 0; i < 20_000; i++) { // random order
                double x = rng.nextDouble() * 1e6;
                assertThat(p.toRealTime(x)).isEqualTo(pattern.copy().toRealTime(x));
            }
        }
    }

    @Test
    void realTimeIsMonotoneInOperationalTime() {
        RatePattern p = RatePattern.piecewise(new double[] {0.1, 0.3, 0.7}, new double[] {3, 0, 0.1}, true);
        double prev = 0;
        for (double tau = 0.001; tau < 1000; tau += 0.0137) {
            double t = p.toRealTime(tau);
            assertThat(t).isGreaterThanOrEqualTo(prev);
            prev = t;
        }
    }

    @Test
    void validatesArguments() {
        assertThatThrownBy(() -> RatePattern.piecewise(new double[] {1, 2}, new double[] {1}, true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("multipliers");
        assertThatThrownBy(() -> RatePattern.piecewise(new double[] {}, new double[] {}, true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("segmentDurationsMs");
        assertThatThrownBy(() -> RatePattern.piecewise(new double[] {1, 0}, new double[] {1, 1}, true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("segmentDurationsMs[1]");
        assertThatThrownBy(() -> RatePattern.piecewise(new double[] {1, 1}, new double[] {1, -1}, true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("multipliers[1]");
        assertThatThrownBy(() -> RatePattern.piecewise(new double[] {1}, new double[] {Double.NaN}, true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("multipliers[0]");
        assertThatThrownBy(() -> RatePattern.bursty(1000, 1000, 3))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("burstMs");
        assertThatThrownBy(() -> RatePattern.bursty(1000, 100, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("burstFactor");
        assertThatThrownBy(() -> RatePattern.bursty(-5, 100, 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("periodMs");
        assertThatThrownBy(() -> RatePattern.fluctuating(1000, 1.5, 12))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("amplitude");
        assertThatThrownBy(() -> RatePattern.fluctuating(1000, 0.5, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("steps");
        assertThatThrownBy(() -> RatePattern.steady().multiplierAt(-1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("realMs");
    }
}
