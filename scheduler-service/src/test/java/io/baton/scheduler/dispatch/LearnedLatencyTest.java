package io.baton.scheduler.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** An unprofiled variant's ℓ(b), learned from its batches: the prior, the growing cap, and when to re-plan. */
class LearnedLatencyTest {

    @Test
    void beforeAnyBatchItPlansBatchesOfOneAndJudgesNoDeadlineUnmeetable() {
        LearnedLatency l = new LearnedLatency();
        assertThat(l.cap(64)).isEqualTo(1);
        assertThat(l.profile().latencyMs(1)).isLessThanOrEqualTo(LearnedLatency.PRIOR_MS);
        assertThat(l.estimates()).isEmpty();
    }

    @Test
    void theCapDoublesPastTheLargestSizeMeasuredAndNeverPassesTheLimit() {
        LearnedLatency l = new LearnedLatency();
        assertThat(l.record(1, 10)).isTrue();
        assertThat(l.cap(64)).isEqualTo(2);
        // one point: the flat line through it
        assertThat(l.profile().latencyMs(1)).isEqualTo(10.0);
        assertThat(l.profile().latencyMs(2)).isEqualTo(10.0);
        assertThat(l.record(2, 12)).isTrue();
        assertThat(l.cap(64)).isEqualTo(4);
        assertThat(l.profile().latencyMs(4)).isCloseTo(16.0, within(1e-9)); // the line through (1, 10) and (2, 12)
        assertThat(l.record(4, 16)).isTrue();
        assertThat(l.cap(6)).isEqualTo(6);
        assertThat(l.cap(1)).isEqualTo(1); // a variant that does not batch stays at one
    }

    @Test
    void onlyAChangeWorthARePlanSaysSo() {
        LearnedLatency l = new LearnedLatency();
        assertThat(l.record(1, 10)).isTrue();
        assertThat(l.record(1, 11)).as("a running average of 10.3: within a quarter").isFalse();
        assertThat(l.profile().latencyMs(1)).isEqualTo(10.0); // planned with what was published
        assertThat(l.record(1, 12)).as("10.81").isFalse();
        assertThat(l.record(1, 20)).as("13.57: more than a quarter above 10").isTrue();
        assertThat(l.profile().latencyMs(1)).isCloseTo(l.estimates().get(1), within(1e-9));
        assertThat(l.record(0, 5)).isFalse();
        assertThat(l.record(1, Double.NaN)).isFalse();
    }
}
