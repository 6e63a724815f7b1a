package io.baton.core.ipa.forecast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** SMAPE's formula, the baselines, the oracle and the LSTM's window handling. */
class ForecastersTest {

    @Test
    void smapeClosedForms() {
        assertThat(Smape.of(new double[] {10, 20}, new double[] {10, 20})).isZero();
        // |10 − 5| / 7.5 = 2/3 → 66.7%; 0 vs 0 counts as 0.
        assertThat(Smape.of(new double[] {10, 0}, new double[] {5, 0})).isCloseTo(100 * (2.0 / 3) / 2, within(1e-12));
        assertThat(Smape.of(new double[] {1}, new double[] {0})).isCloseTo(200, within(1e-12));
    }

    @Test
    void baselinesAndOracle() {
        double[] series = new double[200];
        for (int i = 0; i < series.length; i++) series[i] = i % 50;
        assertThat(new LastValueForecaster().predict(series)).isEqualTo(49);
        assertThat(new MovingMaxForecaster(10).predict(Arrays.copyOf(series, 105))).isEqualTo(49); // 95..104 holds 49
        assertThat(new MovingMaxForecaster(3).predict(Arrays.copyOf(series, 103))).isEqualTo(2);
        // The oracle sees the next 20 s of the trace: seconds 130..149 hold 30..49.
        assertThat(new OracleForecaster(series, 0).predict(Arrays.copyOf(series, 130))).isEqualTo(49);
    }

    @Test
    void lstmFeaturesAreTwelveTenSecondMaxima() {
        double[] s = new double[130];
        for (int i = 0; i < s.length; i++) s[i] = i;
        double[] x = LstmForecaster.features(s, 130);
        assertThat(x).hasSize(12);
        assertThat(x[0]).isEqualTo(19);   // seconds 10..19
        assertThat(x[11]).isEqualTo(129); // seconds 120..129
        assertThat(LstmForecaster.features(s, 100)).isNull();
    }

    @Test
    void lstmLearnsAConstantAndFallsBackOnShortHistory() {
        double[] flat = new double[2_000];
        Arrays.fill(flat, 12);
        LstmForecaster f = LstmForecaster.train(flat, 5, 60, 7);
        assertThat(f.predict(Arrays.copyOf(flat, 500))).isCloseTo(12, within(0.6));
        assertThat(f.predict(new double[] {3, 9, 4})).isEqualTo(9); // < 120 s: the maximum so far
    }
}
