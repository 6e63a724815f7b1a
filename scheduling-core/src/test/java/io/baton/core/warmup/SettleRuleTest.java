package io.baton.core.warmup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class SettleRuleTest {

    private static List<Double> repeat(double value, int times) {
        return new ArrayList<>(Collections.nCopies(times, value));
    }

    @Test
    void twoWindowsWithinTheToleranceAreSettled() {
        SettleRule rule = new SettleRule(4, 0.10, 0);
        List<Double> l = repeat(10.0, 4);
        l.addAll(repeat(10.9, 4));
        assertThat(rule.settled(l)).isTrue();
    }

    @Test
    void aLastWindowFasterByMoreThanTheToleranceIsNotSettled() {
        SettleRule rule = new SettleRule(4, 0.10, 0);
        List<Double> l = repeat(20.0, 4);
        l.addAll(repeat(10.0, 4));
        assertThat(rule.settled(l)).isFalse();
    }

    @Test
    void aLastWindowSlowerByMoreThanTheToleranceIsNotSettled() {
        SettleRule rule = new SettleRule(4, 0.10, 0);
        List<Double> l = repeat(10.0, 4);
        l.addAll(repeat(11.5, 4));
        assertThat(rule.settled(l)).isFalse();
    }

    @Test
    void onlyTheLastTwoWindowsCount() {
        SettleRule rule = new SettleRule(3, 0.10, 0);
        List<Double> l = repeat(100.0, 30); // the cold start
        l.addAll(repeat(5.0, 6));
        assertThat(rule.settled(l)).isTrue();
    }

    @Test
    void mediansIgnoreASingleOutlier() {
        SettleRule rule = new SettleRule(5, 0.10, 0);
        List<Double> l = new ArrayList<>(List.of(5.0, 5.0, 500.0, 5.0, 5.0, 5.1, 5.0, 5.0, 400.0, 5.0));
        assertThat(rule.settled(l)).isTrue();
    }

    @Test
    void fewerThanTwoWindowsOrMinCallsAreNeverSettled() {
        assertThat(new SettleRule(4, 0.10, 0).settled(repeat(1.0, 7))).isFalse();
        SettleRule min = new SettleRule(4, 0.10, 100);
        assertThat(min.needed()).isEqualTo(100);
        assertThat(min.settled(repeat(1.0, 99))).isFalse();
        assertThat(min.settled(repeat(1.0, 100))).isTrue();
    }

    @Test
    void lastMedianIsTheLastWindows() {
        SettleRule rule = new SettleRule(3, 0.10, 0);
        assertThat(rule.lastMedian(List.of())).isNaN();
        assertThat(rule.lastMedian(List.of(9.0, 1.0, 2.0, 3.0))).isEqualTo(2.0);
        assertThat(rule.lastMedian(List.of(4.0, 2.0))).isEqualTo(3.0);
    }

    @Test
    void nonsenseParametersAreRefusedByName() {
        assertThatThrownBy(() -> new SettleRule(0, 0.1, 0)).hasMessageContaining("window");
        assertThatThrownBy(() -> new SettleRule(1, -0.1, 0)).hasMessageContaining("tolerance");
        assertThatThrownBy(() -> new SettleRule(1, Double.NaN, 0)).hasMessageContaining("tolerance");
        assertThatThrownBy(() -> new SettleRule(1, 0.1, -1)).hasMessageContaining("minCalls");
    }
}
