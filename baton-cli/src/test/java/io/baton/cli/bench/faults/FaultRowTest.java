package io.baton.cli.bench.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.baton.cli.bench.live.Outcome;
import io.baton.cli.bench.live.SteadyLoad;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A fault's row from a load's outcomes: each request counted once, the most frequent reasons, the per-second timeline. */
class FaultRowTest {

    @Test
    void countsEveryRequestOnceAndSaysWhy() {
        Outcome ok = new Outcome(5, 200, 1, 1, null);
        Outcome refused = new Outcome(5, 503, 0, Double.NaN, "scheduler unavailable");
        Outcome lost = new Outcome(5, Outcome.NO_ANSWER, 0, Double.NaN, "java.net.ConnectException");
        List<SteadyLoad.Sent> sent = List.of(new SteadyLoad.Sent(0.5, ok), new SteadyLoad.Sent(1.2, ok), new SteadyLoad.Sent(2.1, refused),
                new SteadyLoad.Sent(2.4, refused), new SteadyLoad.Sent(2.6, lost), new SteadyLoad.Sent(3.5, ok));

        FaultRow row = FaultRow.of(Fault.SCHEDULER, "scheduler (pid 1)", sent, 2.0, 3.0, 3, List.of());

        assertThat(row.sent()).isEqualTo(6);
        assertThat(row.served()).isEqualTo(3);
        assertThat(row.refused()).isEqualTo(2);
        assertThat(row.unanswered()).isEqualTo(1);
        assertThat(row.topRefusal()).isEqualTo("2× 503 scheduler unavailable");
        assertThat(row.topUnanswered()).isEqualTo("1× java.net.ConnectException");
        assertThat(row.timeline()).containsExactly(new FaultRow.Second(-2, 1, 1, 0, 0), new FaultRow.Second(-1, 1, 1, 0, 0),
                new FaultRow.Second(0, 3, 0, 2, 1), new FaultRow.Second(1, 1, 1, 0, 0));
        assertThat(FaultGoals.missed(row)).contains("1 unanswered");
        assertThat(row.resent()).isZero();
    }

    @Test
    void countsReSentRequestsBesideWhatBecameOfThem() {
        Outcome served = new Outcome(5, 200, 1, 1, null);
        Outcome servedAfterResend = served.asResent();
        Outcome lostAfterResend = new Outcome(5, Outcome.NO_ANSWER, 0, Double.NaN, "java.net.ConnectException").asResent();
        List<SteadyLoad.Sent> sent = List.of(new SteadyLoad.Sent(0.5, served), new SteadyLoad.Sent(2.1, servedAfterResend),
                new SteadyLoad.Sent(2.2, servedAfterResend), new SteadyLoad.Sent(2.3, lostAfterResend));

        FaultRow row = FaultRow.of(Fault.GATEWAY, "gateway (pid 1)", sent, 2.0, 3.0, 3, List.of());

        assertThat(row.sent()).isEqualTo(4);
        assertThat(row.resent()).as("re-sent, whatever came of them").isEqualTo(3);
        assertThat(row.served()).as("a re-sent request served counts as served, once").isEqualTo(3);
        assertThat(row.unanswered()).as("a re-sent request that still got no answer stays unanswered").isEqualTo(1);
        assertThat(row.served() + row.refused() + row.unanswered()).isEqualTo(row.sent());
    }
}
