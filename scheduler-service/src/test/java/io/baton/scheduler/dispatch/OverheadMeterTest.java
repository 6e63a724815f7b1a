package io.baton.scheduler.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OverheadMeterTest {

    @Test
    void startsFromTheConfiguredValueUntilEnoughBatchesAreSeen() {
        OverheadMeter m = new OverheadMeter(2.0);
        for (int i = 0; i < OverheadMeter.MIN_SAMPLES - 1; i++) m.record(20.5, 0.5);
        assertThat(m.update(10_000)).isFalse();
        assertThat(m.estimateMs()).isEqualTo(2.0);
    }

    @Test
    void followsTheNinetiethPercentileOfRoundTripMinusExecution() {
        OverheadMeter m = new OverheadMeter(2.0);
        // 100 batches: overheads 1..100 ms (execution subtracted), so the 90th percentile is 90.
        for (int i = 1; i <= 100; i++) m.record(i + 0.25, 0.25);
        assertThat(m.update(0)).isTrue();
        assertThat(m.estimateMs()).isEqualTo(90.0);
        // Re-read at most once a second, and small moves are not reported.
        for (int i = 0; i < 20; i++) m.record(92, 0);
        assertThat(m.update(500)).isFalse();
        assertThat(m.update(1500)).isFalse();
        assertThat(m.estimateMs()).isEqualTo(90.0);
    }

    @Test
    void theWindowForgetsOldBatches() {
        OverheadMeter m = new OverheadMeter(2.0);
        for (int i = 0; i < OverheadMeter.WINDOW; i++) m.record(50, 0);
        assertThat(m.update(0)).isTrue();
        assertThat(m.estimateMs()).isEqualTo(50.0);
        for (int i = 0; i < OverheadMeter.WINDOW; i++) m.record(3, 0.5);
        assertThat(m.update(2000)).isTrue();
        assertThat(m.estimateMs()).isEqualTo(2.5);
    }

    @Test
    void nonsenseSamplesAreIgnored() {
        OverheadMeter m = new OverheadMeter(2.0);
        for (int i = 0; i < 50; i++) {
            m.record(1, 5); // execution longer than the round trip: clocks disagree, not a cost
            m.record(Double.POSITIVE_INFINITY, 0);
        }
        assertThat(m.update(0)).isFalse();
        assertThat(m.estimateMs()).isEqualTo(2.0);
    }
}
