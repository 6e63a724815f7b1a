package io.baton.scheduler.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DeviceTimeTest {

    @Test
    void readingTwiceGivesTheSameFigureAndBusyTimeOnlyGrows() throws Exception {
        ServingMetrics.DeviceTime d = new ServingMetrics.DeviceTime();
        assertThat(d.idleFraction()).isEqualTo(1.0);
        d.busy();
        d.busy(); // a second batch queued behind the first: still one busy interval
        Thread.sleep(20);
        d.idle();
        double busy = d.busySeconds();
        assertThat(busy).isPositive();
        d.idle();
        assertThat(d.busySeconds()).isGreaterThanOrEqualTo(busy);
        double first = d.idleFraction();
        double second = d.idleFraction();
        // Two scrapers see the same window, not halves of it.
        assertThat(first).isLessThan(1.0);
        assertThat(second).isLessThan(1.0);
        assertThat(Math.abs(first - second)).isLessThan(0.5);
        d.idle(); // more idles than busies are ignored
        assertThat(d.busySeconds()).isGreaterThanOrEqualTo(busy);
    }
}
