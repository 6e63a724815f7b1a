package io.baton.scheduler.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OverheadMeterTest {

    @Test
    void startsFromTheConfiguredValueUntilEnoughBatchesAreSeen() {
        OverheadMeter m = new OverheadMeter(2.0, 0);
        for (int i = 0; i < OverheadMeter.MIN_SAMPLES - 1; i++) m.record(0, 20.5, 0.5, 0);
        assertThat(m.update(1, 1e9)).isFalse();
        assertThat(m.estimateMs()).isEqualTo(2.0);
    }

    @Test
    void followsTheNinetiethPercentileOfRoundTripMinusExecutionAndLoad() {
        OverheadMeter m = new OverheadMeter(2.0, 0);
        // 100 batches: overheads 1..100 ms once execution and load are taken off, so the 90th percentile is 90.
        for (int i = 1; i <= 100; i++) m.record(0, i + 5.25, 0.25, 5);
        assertThat(m.update(0, 1e9)).isTrue();
        assertThat(m.estimateMs()).isEqualTo(90.0);
        // Re-read at most once a second, and small moves are not reported.
        for (int i = 0; i < 20; i++) m.record(1000, 92, 0, Double.NaN);
        assertThat(m.update(500, 1e9)).isFalse();
        assertThat(m.update(1500, 1e9)).isFalse();
        assertThat(m.estimateMs()).isEqualTo(90.0);
    }

    @Test
    void theWindowForgetsOldBatches() {
        OverheadMeter m = new OverheadMeter(2.0, 0);
        for (int i = 0; i < OverheadMeter.WINDOW; i++) m.record(0, 50, 0, 0);
        assertThat(m.update(0, 1e9)).isTrue();
        assertThat(m.estimateMs()).isEqualTo(50.0);
        for (int i = 0; i < OverheadMeter.WINDOW; i++) m.record(2000, 3, 0.5, 0);
        assertThat(m.update(2000, 1e9)).isTrue();
        assertThat(m.estimateMs()).isEqualTo(2.5);
    }

    @Test
    void anEstimateNoBatchRenewsFallsBackToTheConfiguredValue() {
        // A cold start measured 700 ms; at that, the policy refuses everything and no batch would ever correct it.
        OverheadMeter m = new OverheadMeter(2.0, 0);
        for (int i = 0; i < 20; i++) m.record(0, 700, 0, 0);
        assertThat(m.update(0, 1e9)).isTrue();
        assertThat(m.estimateMs()).isEqualTo(700.0);
        assertThat(m.update(OverheadMeter.MAX_AGE_MS + 1, 1e9)).isTrue();
        assertThat(m.estimateMs()).isEqualTo(2.0);
    }

    @Test
    void theEstimateIsCapped() {
        OverheadMeter m = new OverheadMeter(2.0, 0);
        for (int i = 0; i < 20; i++) m.record(0, 300, 0, 0);
        assertThat(m.update(0, 25)).isTrue();
        assertThat(m.estimateMs()).isEqualTo(25.0);
    }

    @Test
    void nonsenseSamplesAreIgnored() {
        OverheadMeter m = new OverheadMeter(2.0, 0);
        for (int i = 0; i < 50; i++) {
            m.record(0, 1, 5, 0); // execution longer than the round trip: clocks disagree, not a cost
            m.record(0, Double.POSITIVE_INFINITY, 0, 0);
        }
        assertThat(m.update(0, 1e9)).isFalse();
        assertThat(m.estimateMs()).isEqualTo(2.0);
    }

    @Test
    void aStallOfAFewBatchesAmongSecondsOfThemDoesNotMoveTheEstimate() {
        OverheadMeter m = new OverheadMeter(2.0, 0);
        // 5 s at 300 batches a second of 1 ms, with one stall: 40 batches of 20 ms (a young collection, a thread off
        // its core): the 90th percentile of the seconds, not of the stall's moment
        for (int i = 0; i < 1500; i++) m.record(i * 10 / 3.0, i >= 1200 && i < 1240 ? 20 : 1.0, 0, 0);
        assertThat(m.update(5000, 1e9)).isTrue();
        assertThat(m.estimateMs()).isEqualTo(1.0);
    }

    @Test
    void aMetersFirstBatchesAreLeftOutForItsSettlingTime() {
        OverheadMeter m = new OverheadMeter(2.0);
        // the first 2 s of a new variant: slow batches, left out
        for (int i = 0; i < 200; i++) m.record(i * 10, 11, 0, 0);
        assertThat(m.update(1999, 1e9)).isFalse();
        assertThat(m.estimateMs()).isEqualTo(2.0);
        assertThat(m.measured()).isFalse();
        // from then on each batch counts
        for (int i = 0; i < 100; i++) m.record(2000 + i * 10, 1, 0, 0);
        assertThat(m.update(3000, 1e9)).isTrue();
        assertThat(m.estimateMs()).isEqualTo(1.0);
        assertThat(OverheadMeter.SETTLING_MS).isEqualTo(2000);
    }
}
