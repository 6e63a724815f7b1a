package io.baton.scheduler.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import io.baton.core.domain.DropReason;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

/** The sampler on a hand-moved clock: each sample covers the interval since the one before, nothing more. */
class MetricsSamplerTest {

    final AtomicLong nanos = new AtomicLong(1_000_000_000_000L);
    final ServingMetrics metrics = new ServingMetrics(new SimpleMeterRegistry(), nanos::get);
    final List<String> live = new ArrayList<>(List.of("cpu-0", "cpu-1"));
    final MetricsHistory history = new MetricsHistory(180);
    final MetricsSampler sampler = new MetricsSampler(metrics, history, () -> List.copyOf(live),
            Clock.fixed(Instant.parse("2026-01-01T12:00:00Z"), ZoneOffset.UTC));

    void advanceSeconds(double s) {
        nanos.addAndGet((long) (s * 1e9));
    }

    @Test
    void oneIntervalsFiguresPerApplicationAndBusyFractionPerWorker() {
        metrics.queue("app", () -> 3);
        for (int ms = 1; ms <= 100; ms++) metrics.servedOnTime("app", ms, ms <= 80); // 20 late
        metrics.dropped("app", DropReason.DEADLINE_UNMEETABLE);
        metrics.failed("app");
        metrics.batch("app", "v1", 2);
        metrics.batch("app", "v2", 6);
        metrics.deviceBusy("cpu-0");
        advanceSeconds(2);
        metrics.deviceIdle("cpu-0");
        advanceSeconds(3);

        HistorySample s = sampler.sample();
        assertThat(s.seconds()).isCloseTo(5.0, within(1e-9));
        assertThat(s.at()).isEqualTo(Instant.parse("2026-01-01T12:00:00Z"));
        ApplicationSample app = s.applications().get(0);
        assertThat(app.application()).isEqualTo("app");
        assertThat(app.goodput()).isCloseTo(80 / 5.0, within(1e-9));
        assertThat(app.requestsEnded()).isEqualTo(102);
        assertThat(app.missRate()).isCloseTo(22 / 102.0, within(1e-9));
        assertThat(app.p50LatencyMs()).isEqualTo(50.0);
        assertThat(app.p99LatencyMs()).isEqualTo(99.0);
        assertThat(app.meanBatchSize()).isEqualTo(4.0);
        assertThat(app.batches()).isEqualTo(2);
        assertThat(app.queueLength()).isEqualTo(3);
        assertThat(s.workers()).extracting(WorkerSample::workerId).containsExactly("cpu-0", "cpu-1");
        assertThat(s.workers().get(0).busyFraction()).isCloseTo(2 / 5.0, within(1e-9));
        assertThat(s.workers().get(1).busyFraction()).isZero();

        // The next interval starts from nothing: a quiet application is listed with zeros, a batch running across
        // the boundary counts in each interval for its part.
        metrics.deviceBusy("cpu-1");
        advanceSeconds(5);
        HistorySample next = sampler.sample();
        ApplicationSample quiet = next.applications().get(0);
        assertThat(quiet.goodput()).isZero();
        assertThat(quiet.requestsEnded()).isZero();
        assertThat(quiet.missRate()).isZero();
        assertThat(quiet.p99LatencyMs()).isNull();
        assertThat(quiet.meanBatchSize()).isNull();
        assertThat(next.workers().get(0).busyFraction()).isZero();
        assertThat(next.workers().get(1).busyFraction()).isCloseTo(1.0, within(1e-9));
        advanceSeconds(2.5);
        metrics.deviceIdle("cpu-1");
        advanceSeconds(2.5);
        assertThat(sampler.sample().workers().get(1).busyFraction()).isCloseTo(0.5, within(1e-9));
        assertThat(history.all()).hasSize(3);
    }

    @Test
    void aWorkerNoLongerLiveButBusyInTheIntervalIsStillSampled() {
        metrics.deviceBusy("cpu-9");
        advanceSeconds(1);
        metrics.deviceIdle("cpu-9");
        advanceSeconds(1);
        HistorySample s = sampler.sample();
        assertThat(s.workers()).extracting(WorkerSample::workerId).containsExactly("cpu-0", "cpu-1", "cpu-9");
        assertThat(s.workers().get(2).busyFraction()).isCloseTo(0.5, within(1e-9));
        advanceSeconds(5);
        assertThat(sampler.sample().workers()).extracting(WorkerSample::workerId).containsExactly("cpu-0", "cpu-1");
    }

    @Test
    void aStandbyKeepsNothingAndItsFirstSampleAsLeaderCoversOneInterval() {
        AtomicBoolean leading = new AtomicBoolean(false);
        sampler.onlyWhile(leading::get);
        for (int i = 0; i < 50; i++) metrics.servedOnTime("warm", 10, true); // e.g. the standby's warm-up
        advanceSeconds(5);
        assertThat(sampler.sample()).isNull();
        assertThat(history.all()).isEmpty();

        leading.set(true);
        metrics.servedOnTime("warm", 10, true);
        advanceSeconds(5);
        HistorySample first = sampler.sample();
        assertThat(first.seconds()).isCloseTo(5.0, within(1e-9));
        assertThat(first.applications().get(0).requestsEnded()).isEqualTo(1);
        assertThat(history.all()).containsExactly(first);
    }

    @Test
    void theRingStaysBoundedWhateverTheTraffic() {
        MetricsHistory small = new MetricsHistory(12);
        MetricsSampler s = new MetricsSampler(metrics, small, List::of, Clock.systemUTC());
        for (int i = 0; i < 100; i++) {
            for (int k = 0; k < 20_000; k++) metrics.servedOnTime("busy", k % 97, true);
            advanceSeconds(5);
            s.sample();
        }
        assertThat(small.all()).hasSize(12);
        assertThat(small.all().get(11).applications().get(0).requestsEnded()).isEqualTo(20_000);
    }
}
