package io.baton.core.symphony.autoscale;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AutoscalingAdvisorTest {

    private final AutoscalingAdvisor advisor = new AutoscalingAdvisor();

    @Test
    void overloadAddsNTimesROverOneMinusR() {
        // 100 devices, 20% bad: o = p/(1 − 0.2) = 1.25·p → 25 more devices (exactly, despite 100·0.25 rounding).
        assertThat(advisor.advise(100, 0.2, 0.0)).extracting(ScalingAdvice::add, ScalingAdvice::release)
                .containsExactly(25, 0);
        // 24 devices, 5% bad: 24·0.05/0.95 = 1.263… → 2.
        assertThat(advisor.advise(24, 0.05, 0.0).add()).isEqualTo(2);
        // 10 devices, 50% bad: 10·1 = 10.
        assertThat(advisor.advise(10, 0.5, 0.3).add()).isEqualTo(10);
        // 512 devices, 2% bad: 512·0.02/0.98 = 10.45 → 11.
        assertThat(advisor.advise(512, 0.02, 0.0).add()).isEqualTo(11);
    }

    @Test
    void thresholdIsStrict() {
        assertThat(advisor.advise(100, 0.01, 0.0).isHold()).isTrue();
        assertThat(advisor.advise(100, 0.0101, 0.0).add()).isEqualTo(2); // 100·0.0101/0.9899 = 1.02 → 2
        assertThat(new AutoscalingAdvisor(0.05).advise(100, 0.04, 0.0).isHold()).isTrue();
    }

    @Test
    void extremeBadRatesAreCapped() {
        // r/(1−r) is capped at 4: r = 0.9 would ask for 9·N.
        assertThat(advisor.advise(10, 0.9, 0.0).add()).isEqualTo(40);
        ScalingAdvice all = advisor.advise(10, 1.0, 0.0);
        assertThat(all.add()).isEqualTo(40);
        assertThat(all.reason()).contains("capped");
        assertThat(new AutoscalingAdvisor(0.01, 0.05, 1.0).advise(8, 1.0, 0.0).add()).isEqualTo(8);
        assertThat(advisor.advise(0, 0.5, 0.0).add()).isEqualTo(1); // bootstrap an empty cluster
        assertThat(advisor.advise(0, 0.0, 0.0).isHold()).isTrue();
    }

    @Test
    void idleCapacityIsReleasedRoundingDown() {
        // 24 devices, 30% idle: ⌊7.2⌋ = 7.
        ScalingAdvice a = advisor.advise(24, 0.0, 0.3);
        assertThat(a.add()).isZero();
        assertThat(a.release()).isEqualTo(7);
        assertThat(a.delta()).isEqualTo(-7);
        assertThat(a.reason()).contains("release");
        // 10 devices, 10% idle, 0.5% bad (below threshold): ⌊1.0⌋ = 1 (exactly, despite floating point).
        assertThat(advisor.advise(10, 0.005, 0.1).release()).isEqualTo(1);
        // 3 devices, 30% idle: ⌊0.9⌋ = 0.
        assertThat(advisor.advise(3, 0.0, 0.3).release()).isZero();
    }

    @Test
    void hysteresisAndLastDevice() {
        // 100 devices, 4% idle: below the 5% minimum, so hold (would otherwise release 4).
        assertThat(advisor.advise(100, 0.0, 0.04).isHold()).isTrue();
        assertThat(advisor.advise(100, 0.0, 0.05).release()).isEqualTo(5);
        assertThat(new AutoscalingAdvisor(0.01, 0.0, 4).advise(100, 0.0, 0.04).release()).isEqualTo(4);
        // Fully idle cluster keeps one device.
        assertThat(advisor.advise(8, 0.0, 1.0).release()).isEqualTo(7);
        assertThat(advisor.advise(1, 0.0, 1.0).isHold()).isTrue();
    }

    @Test
    void overloadWinsOverIdleTime() {
        ScalingAdvice a = advisor.advise(20, 0.1, 0.5);
        assertThat(a.release()).isZero();
        assertThat(a.add()).isEqualTo(3); // 20·0.1/0.9 = 2.22 → 3
    }

    @Test
    void validation() {
        assertThatThrownBy(() -> advisor.advise(-1, 0, 0)).hasMessageContaining("devices");
        assertThatThrownBy(() -> advisor.advise(1, 1.5, 0)).hasMessageContaining("badRate");
        assertThatThrownBy(() -> advisor.advise(1, Double.NaN, 0)).hasMessageContaining("badRate");
        assertThatThrownBy(() -> advisor.advise(1, 0, -0.1)).hasMessageContaining("idleFraction");
        assertThatThrownBy(() -> new AutoscalingAdvisor(1.0)).hasMessageContaining("badRateThreshold");
        assertThatThrownBy(() -> new AutoscalingAdvisor(0.01, 2, 4)).hasMessageContaining("minIdleFraction");
        assertThatThrownBy(() -> new AutoscalingAdvisor(0.01, 0.05, 0)).hasMessageContaining("maxGrowthFactor");
        assertThatThrownBy(() -> new ScalingAdvice(1, 1, "")).isInstanceOf(IllegalArgumentException.class);
    }
}
