package io.baton.cli.bench.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.baton.cli.bench.live.Outcome;
import io.baton.cli.bench.live.SteadyLoad;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoublePredicate;
import org.junit.jupiter.api.Test;

/** When goodput is back after a fault, from the outcomes of a steady load (100 requests a second, the kill at 5 s). */
class RecoveryTest {
    static final double KILL = 5;

    /** 100 requests a second for {@code seconds}; those sent at a time {@code fails} selects are refused (503) or unanswered. */
    static List<SteadyLoad.Sent> load(double seconds, DoublePredicate fails, boolean unanswered) {
        List<SteadyLoad.Sent> sent = new ArrayList<>();
        for (int i = 0; i < seconds * 100; i++) {
            double at = i / 100.0;
            Outcome o = !fails.test(at) ? new Outcome(5, 200, 1, 1, null)
                    : new Outcome(5, unanswered ? Outcome.NO_ANSWER : 503, 0, Double.NaN, "down");
            sent.add(new SteadyLoad.Sent(at, o));
        }
        return sent;
    }

    @Test
    void noDipIsBackAtOnce() {
        Recovery r = Recovery.of(load(15, t -> false, false), KILL);
        assertThat(r.beforeShare()).isEqualTo(1.0);
        assertThat(r.backSeconds()).isZero();
        assertThat(r.back()).isTrue();
    }

    @Test
    void aTwoSecondOutageIsBackWhenItsLastFailuresLeaveTheWindow() {
        Recovery r = Recovery.of(load(15, t -> t >= KILL && t < KILL + 2, true), KILL);
        // the window starting at 6.9 s still holds 7 failures of 100; the one at 7.0 s none
        assertThat(r.backSeconds()).isBetween(1.9, 2.1);
    }

    @Test
    void aFewScatteredRefusalsBelowFivePercentCostNothing() {
        Recovery r = Recovery.of(load(15, t -> t > KILL && Math.round(t * 100) % 50 == 0, false), KILL);
        assertThat(r.backSeconds()).isZero();
    }

    @Test
    void anOutageToTheEndIsNotBack() {
        Recovery r = Recovery.of(load(15, t -> t >= KILL, false), KILL);
        assertThat(r.back()).isFalse();
        assertThat(r.backSeconds()).isInfinite();
    }

    @Test
    void nothingServedBeforeTheKillLeavesNothingToComeBackTo() {
        Recovery r = Recovery.of(load(15, t -> true, false), KILL);
        assertThat(r.beforeShare()).isZero();
        assertThat(r.backSeconds()).isNaN();
    }

    @Test
    void theBarIsRelativeToTheShareServedBeforeTheKill() {
        // a tenth refused throughout (a loaded suite): that is the before-share, and the same after is no dip
        Recovery r = Recovery.of(load(15, t -> Math.round(t * 100) % 10 == 0, false), KILL);
        assertThat(r.beforeShare()).isBetween(0.89, 0.91);
        assertThat(r.backSeconds()).isZero();
    }
}
