package io.baton.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class OneDayTraceTest {

    /** A day of 24 s: one "hour" per second. */
    private final OneDayTrace day = new OneDayTrace(31, 24_000);

    @Test
    void lightUntilEightBurstFromTenToEighteenThirtyTimesHeavier() {
        double light = day.ratePerSec(0);
        assertThat(day.ratePerSec(7_999)).isEqualTo(light);
        assertThat(day.ratePerSec(10_000)).isCloseTo(30 * light, within(1e-9));
        assertThat(day.ratePerSec(17_999)).isCloseTo(30 * light, within(1e-9));
        assertThat(day.peakPerSec()).isCloseTo(30 * light, within(1e-9));
    }

    @Test
    void rampsAreLinearBetweenTheLightAndTheBurst() {
        double light = day.ratePerSec(0);
        assertThat(day.ratePerSec(9_000)).isCloseTo(15.5 * light, within(1e-9));
        assertThat(day.ratePerSec(21_000)).isCloseTo(15.5 * light, within(1e-9));
        assertThat(day.ratePerSec(23_999)).isCloseTo(light, within(0.01 * light));
    }

    @Test
    void theDaysMeanIsTheRateAskedFor() {
        double sum = 0;
        int steps = 240_000;
        for (int i = 0; i < steps; i++) sum += day.ratePerSec((i + 0.5) * 24_000.0 / steps);
        assertThat(sum / steps).isCloseTo(31, within(1e-3));
        // 31 / 15.5 = 2: the light rate by hand
        assertThat(day.ratePerSec(0)).isCloseTo(2, within(1e-12));
    }

    @Test
    void repeatsAfterADay() {
        assertThat(day.ratePerSec(24_000 + 12_000)).isEqualTo(day.ratePerSec(12_000));
    }

    @Test
    void refusesANonPositiveRateOrDay() {
        assertThatThrownBy(() -> new OneDayTrace(0, 1000)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new OneDayTrace(1, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
