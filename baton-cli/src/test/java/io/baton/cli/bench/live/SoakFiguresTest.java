package io.baton.cli.bench.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A soak's per-minute figures (requests counted in the minute they were sent in, whenever their outcome comes) and
 * its verdicts: memory growth from minute 5 (from minute 1 in a short run) and the miss rate's least-squares drift.
 */
class SoakFiguresTest {
    static final List<String> SERVICES = List.of("gateway", "worker-0");

    @Test
    void eachRequestCountsInTheMinuteItWasSentInAsOnTimeLateRefusedOrUnanswered() {
        SoakTally tally = new SoakTally(2, 100);
        for (int i = 0; i < 6; i++) tally.sent(0);
        tally.outcome(0, new Outcome(40, 200, 1, 10, null));
        tally.outcome(0, new Outcome(100, 200, 1, 10, null));   // at the SLO: on time
        tally.outcome(0, new Outcome(150, 200, 1, 10, null));   // late
        tally.outcome(0, new Outcome(5, 503, 0, Double.NaN, "DEADLINE_UNMEETABLE"));
        tally.outcome(0, Outcome.noAnswer(30_000, new java.net.http.HttpTimeoutException("timed out")));
        // the sixth is still on its way: it counts as unanswered, and the minute is not settled
        tally.sent(1);
        tally.outcome(1, new Outcome(10, 200, 1, 5, null));
        tally.rss(0, Map.of("worker-0", 2048L, "gateway", 1024L));

        assertThat(tally.settled(0)).isFalse();
        assertThat(tally.settled(1)).isTrue();
        assertThat(tally.hasRss(0)).isTrue();
        assertThat(tally.hasRss(1)).isFalse();
        SoakMinute first = tally.minute(0, 60, SERVICES);
        assertThat(first.minute()).isEqualTo(1);
        assertThat(first.sent()).isEqualTo(6);
        assertThat(first.onTime()).isEqualTo(2);
        assertThat(first.late()).isEqualTo(1);
        assertThat(first.refused()).isEqualTo(1);
        assertThat(first.unanswered()).isEqualTo(2);
        assertThat(first.dropped()).isEqualTo(3);
        assertThat(first.goodput()).isCloseTo(2 / 60.0, within(1e-12));
        assertThat(first.offered()).isCloseTo(0.1, within(1e-12));
        assertThat(first.missRate()).as("(late + dropped) / sent").isCloseTo(4 / 6.0, within(1e-12));
        assertThat(first.rssKb()).containsExactly(Map.entry("gateway", 1024L), Map.entry("worker-0", 2048L));

        SoakMinute second = tally.minute(1, 60, SERVICES);
        assertThat(second.minute()).isEqualTo(2);
        assertThat(second.missRate()).isZero();
        assertThat(second.rssKb()).as("not read yet").isEmpty();
        assertThat(tally.all(60, SERVICES)).extracting(SoakMinute::minute).containsExactly(1, 2);
    }

    @Test
    void aMinuteWithNothingSentHasNoMisses() {
        assertThat(new SoakMinute(1, 60, 0, 0, 0, 0, 0, Map.of()).missRate()).isZero();
    }

    @Test
    void memoryGrowthCountsFromMinuteFiveAndIsMetUnderTenPercent() {
        List<SoakMinute> minutes = new java.util.ArrayList<>();
        for (int m = 1; m <= 30; m++) {
            // the gateway warms up to 500 MiB by minute 5, then holds; the worker creeps 0.5% a minute after it
            long gateway = m < 5 ? 100L * m * 1024 : 500L * 1024;
            long worker = (long) (1000 * 1024 * (m <= 5 ? 1 : 1 + 0.005 * (m - 5)));
            minutes.add(minute(m, 0.01, gateway, worker));
        }
        SoakVerdicts v = SoakVerdicts.of(minutes, SERVICES);
        assertThat(v.baseMinute()).isEqualTo(5);
        assertThat(v.lastMinute()).isEqualTo(30);
        assertThat(v.fromFirstMinute()).isFalse();
        SoakVerdicts.RssGrowth gateway = v.rss().get(0), worker = v.rss().get(1);
        assertThat(gateway.growthPct()).isCloseTo(0, within(1e-9));
        assertThat(gateway.met()).isTrue();
        assertThat(worker.growthPct()).isCloseTo(12.5, within(0.01));
        assertThat(worker.met()).isFalse();
    }

    @Test
    void aRunShorterThanSixMinutesMeasuresGrowthFromMinuteOne() {
        List<SoakMinute> minutes = List.of(minute(1, 0, 1000, 1000), minute(2, 0, 1050, 1000), minute(3, 0, 1090, 1000));
        SoakVerdicts v = SoakVerdicts.of(minutes, SERVICES);
        assertThat(v.baseMinute()).isEqualTo(1);
        assertThat(v.fromFirstMinute()).isTrue();
        assertThat(v.rss().get(0).growthPct()).isCloseTo(9.0, within(1e-9));
        assertThat(v.rss().get(0).met()).isTrue();
        assertThat(v.drift().fromMinute()).isEqualTo(1);
        assertThat(v.drift().drifts()).isFalse();

        assertThat(SoakVerdicts.of(minutes.subList(0, 1), SERVICES).drift().available()).as("one minute has no slope").isFalse();
        assertThat(SoakVerdicts.of(minutes.subList(0, 1), SERVICES).drift().drifts()).isFalse();
    }

    @Test
    void aServiceNotReadAtTheBaseOrLastMinuteHasNoGrowthAndIsNotMet() {
        Map<String, Long> onlyGateway = new LinkedHashMap<>(Map.of("gateway", 1000L));
        List<SoakMinute> minutes = List.of(minute(1, 0, 1000, 1000), new SoakMinute(2, 60, 10, 10, 0, 0, 0, onlyGateway));
        SoakVerdicts.RssGrowth worker = SoakVerdicts.of(minutes, SERVICES).rss().get(1);
        assertThat(worker.growthPct()).isNull();
        assertThat(worker.lastKb()).isNull();
        assertThat(worker.met()).isFalse();
    }

    @Test
    void theMissRateDriftsWhenItsLeastSquaresLineRisesByAPointOrMoreAfterWarmUp() {
        List<SoakMinute> steady = new java.util.ArrayList<>(), rising = new java.util.ArrayList<>();
        for (int m = 1; m <= 30; m++) {
            // warm-up misses before minute 5 are left out of the window; after it, noise around 0.2% vs a climb of 0.1 point a minute
            double warm = m < 5 ? 0.2 : 0;
            steady.add(minute(m, warm + 0.002 + (m % 2 == 0 ? 0.001 : -0.001), 1000, 1000));
            rising.add(minute(m, warm + 0.002 + 0.001 * (m - 5), 1000, 1000));
        }
        SoakVerdicts.MissDrift flat = SoakVerdicts.of(steady, SERVICES).drift();
        assertThat(flat.fromMinute()).isEqualTo(5);
        assertThat(flat.toMinute()).isEqualTo(30);
        assertThat(flat.available()).isTrue();
        assertThat(Math.abs(flat.risePp())).isLessThan(0.2);
        assertThat(flat.drifts()).isFalse();

        SoakVerdicts.MissDrift climb = SoakVerdicts.of(rising, SERVICES).drift();
        assertThat(climb.slopePerMinute()).isCloseTo(0.001, within(1e-6));
        assertThat(climb.risePp()).isCloseTo(2.5, within(1e-3));
        assertThat(climb.drifts()).isTrue();
    }

    @Test
    void theLeastSquaresSlopeOfAStraightLineIsItsSlope() {
        List<SoakMinute> line = List.of(minute(3, 0.1, 1, 1), minute(4, 0.3, 1, 1), minute(5, 0.5, 1, 1));
        assertThat(SoakVerdicts.slope(line)).isCloseTo(0.2, within(1e-12));
        assertThat(SoakVerdicts.slope(line.subList(0, 1))).isNaN();
    }

    /** A minute of 10,000 requests with the given miss rate (all of it late) and memory (KiB). */
    static SoakMinute minute(int m, double missRate, long gatewayKb, long workerKb) {
        long late = Math.round(10_000 * missRate);
        Map<String, Long> rss = new LinkedHashMap<>();
        rss.put("gateway", gatewayKb);
        rss.put("worker-0", workerKb);
        return new SoakMinute(m, 60, 10_000, 10_000 - late, late, 0, 0, rss);
    }
}
