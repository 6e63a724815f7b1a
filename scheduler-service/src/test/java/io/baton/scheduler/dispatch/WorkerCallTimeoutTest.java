package io.baton.scheduler.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

class WorkerCallTimeoutTest {

    private static final Duration GRACE = Duration.ofSeconds(2);

    @Test
    void aTightDeadlineWaitsTheExpectedLatencyPlusTheGrace() {
        assertThat(WorkerCallTimeout.of(12.5, GRACE, 1_100, 1_000)).isEqualTo(Duration.ofMillis(2_012).plusNanos(500_000));
    }

    @Test
    void aDistantDeadlineIsWaitedFor() {
        // a request of thousands of rows priced as one: the call runs until its 10 s deadline, not 2 s, and is not retried
        assertThat(WorkerCallTimeout.of(3, GRACE, 11_000, 1_000)).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void aDeadlineAlreadyPassedOrMissingFallsBackToTheGrace() {
        assertThat(WorkerCallTimeout.of(0, GRACE, 900, 1_000)).isEqualTo(GRACE);
        assertThat(WorkerCallTimeout.of(0, GRACE, Double.POSITIVE_INFINITY, 1_000)).isEqualTo(GRACE);
        assertThat(WorkerCallTimeout.of(-5, GRACE, Double.NaN, 1_000)).isEqualTo(GRACE);
    }

    @Test
    void noWaitExceedsTheCap() {
        assertThat(WorkerCallTimeout.of(1, GRACE, 1e9, 0)).isEqualTo(WorkerCallTimeout.MAX);
        assertThat(WorkerCallTimeout.of(1e9, GRACE, 0, 0)).isEqualTo(WorkerCallTimeout.MAX);
    }
}
