package io.baton.scheduler.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RateWindowTest {

    @Test
    void goodputAndMissRateCoverTheLastSecondsOnly() {
        RateWindow w = new RateWindow(10);
        for (int i = 0; i < 30; i++) w.record(100, true);
        for (int i = 0; i < 10; i++) w.record(101, false);
        assertThat(w.goodput(101)).isEqualTo(3.0);
        assertThat(w.missRate(101)).isEqualTo(0.25);
        // Ten seconds on, second 100 has left the window; 101 is still in it.
        assertThat(w.goodput(110)).isEqualTo(0.0);
        assertThat(w.missRate(110)).isEqualTo(1.0);
        assertThat(w.missRate(111)).isEqualTo(0.0);
        // A bucket is reused for a new second, not added to.
        w.record(120, true);
        assertThat(w.goodput(120)).isEqualTo(0.1);
    }
}
