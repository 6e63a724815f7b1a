package io.baton.scheduler.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import io.baton.core.policy.Timer;
import org.junit.jupiter.api.Test;

class WallTimersTest {

    @Test
    void dueTimersFireEarliestFirstAndOnlyOnce() {
        WallTimers timers = new WallTimers();
        List<String> fired = new ArrayList<>();
        Timer a = timers.newTimer(() -> fired.add("a"));
        Timer b = timers.newTimer(() -> fired.add("b"));
        Timer c = timers.newTimer(() -> fired.add("c"));
        a.setAt(30);
        b.setAt(10);
        c.setAt(50);
        assertThat(timers.nextAtMs()).isEqualTo(10);
        timers.fireDue(40);
        assertThat(fired).containsExactly("b", "a");
        assertThat(a.armed()).isFalse();
        assertThat(c.armed()).isTrue();
        assertThat(timers.nextAtMs()).isEqualTo(50);
        c.cancel();
        assertThat(timers.nextAtMs()).isEqualTo(Double.POSITIVE_INFINITY);
    }

    @Test
    void aTimerReArmedFromItsActionFiresAgainWhenStillDue() {
        WallTimers timers = new WallTimers();
        int[] count = {0};
        Timer[] t = new Timer[1];
        t[0] = timers.newTimer(() -> {
            if (++count[0] < 3) t[0].setAt(5);
        });
        t[0].setAt(1);
        timers.fireDue(10);
        assertThat(count[0]).isEqualTo(3);
    }

    @Test
    void aPolicyReArmingInThePastForeverCannotStallTheEngine() {
        WallTimers timers = new WallTimers();
        Timer[] t = new Timer[1];
        t[0] = timers.newTimer(() -> t[0].setAt(0));
        t[0].setAt(0);
        timers.fireDue(10); // returns
        assertThat(t[0].armed()).isTrue();
    }
}
