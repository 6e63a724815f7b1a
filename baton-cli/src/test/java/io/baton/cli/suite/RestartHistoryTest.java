package io.baton.cli.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RestartHistoryTest {

    /** A clock the test moves by hand. */
    static final class ManualClock extends Clock {
        Instant now = Instant.parse("2026-01-01T00:00:00Z");

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }

    final ManualClock clock = new ManualClock();
    RestartHistory history = new RestartHistory(RestartPolicy.standard(), clock);

    /** The child runs {@code up}, exits, and (when restarted) is started again after the delay. */
    RestartHistory.Decision runFor(Duration up) {
        clock.advance(up);
        RestartHistory.Decision d = history.exited();
        if (d instanceof RestartHistory.Restart r) {
            clock.advance(r.delay());
            history.started();
        }
        return d;
    }

    @Test
    void theDelayStartsAtOneSecondAndDoublesUpToThirtySeconds() {
        // a policy that never resets, so that exits 4 minutes apart (never 5 within 5 minutes) show the doubling alone
        RestartHistory noReset = new RestartHistory(new RestartPolicy(Duration.ofSeconds(1), Duration.ofSeconds(30),
                Duration.ofDays(1), 5, Duration.ofMinutes(5)), clock);
        List<Long> delays = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            clock.advance(Duration.ofMinutes(4));
            RestartHistory.Restart r = (RestartHistory.Restart) noReset.exited();
            delays.add(r.delay().toSeconds());
            assertThat(r.restarts()).isEqualTo(i + 1);
            clock.advance(r.delay());
            noReset.started();
        }
        assertThat(delays).containsExactly(1L, 2L, 4L, 8L, 16L, 30L, 30L, 30L);
        assertThat(noReset.restarts()).isEqualTo(8);
    }

    @Test
    void aChildThatStayedUpAMinuteStartsAgainFromOneSecond() {
        // never given up here: only the back-off is looked at
        history = new RestartHistory(new RestartPolicy(Duration.ofSeconds(1), Duration.ofSeconds(30), Duration.ofSeconds(60), 100,
                Duration.ofMinutes(5)), clock);
        assertThat(((RestartHistory.Restart) runFor(Duration.ofSeconds(5))).delay()).isEqualTo(Duration.ofSeconds(1));
        assertThat(((RestartHistory.Restart) runFor(Duration.ofSeconds(5))).delay()).isEqualTo(Duration.ofSeconds(2));
        assertThat(((RestartHistory.Restart) runFor(Duration.ofSeconds(5))).delay()).isEqualTo(Duration.ofSeconds(4));
        RestartHistory.Restart afterALongRun = (RestartHistory.Restart) runFor(Duration.ofSeconds(60));
        assertThat(afterALongRun.delay()).as("up 60 s: the back-off is reset").isEqualTo(Duration.ofSeconds(1));
        assertThat(afterALongRun.restarts()).as("restarts are counted on").isEqualTo(4);
        assertThat(((RestartHistory.Restart) runFor(Duration.ofSeconds(59))).delay()).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void theFifthExitWithinFiveMinutesGivesTheChildUp() {
        for (int i = 1; i <= 4; i++) {
            RestartHistory.Decision d = runFor(Duration.ofSeconds(3));
            assertThat(d).isInstanceOf(RestartHistory.Restart.class);
            assertThat(d.recentExits()).isEqualTo(i);
        }
        RestartHistory.Decision fifth = runFor(Duration.ofSeconds(3));
        assertThat(fifth).isEqualTo(new RestartHistory.GiveUp(5));
        assertThat(history.restarts()).isEqualTo(4);
    }

    @Test
    void exitsOlderThanTheWindowNoLongerCount() {
        // four exits, then a long run: the first ones leave the window, so a fifth exit is restarted
        for (int i = 0; i < 4; i++) runFor(Duration.ofSeconds(3));
        RestartHistory.Decision later = runFor(Duration.ofMinutes(5));
        assertThat(later).isInstanceOf(RestartHistory.Restart.class);
        assertThat(later.recentExits()).as("only this exit is within the last 5 minutes").isEqualTo(1);
    }

    @Test
    void exitsSpreadOverHoursAreRestartedForever() {
        for (int i = 0; i < 50; i++) {
            assertThat(runFor(Duration.ofMinutes(2))).isInstanceOf(RestartHistory.Restart.class);
        }
        assertThat(history.restarts()).isEqualTo(50);
    }

    @Test
    void aPolicyThatGivesUpAtOnce() {
        RestartHistory once = new RestartHistory(new RestartPolicy(Duration.ZERO, Duration.ZERO, Duration.ZERO, 1,
                Duration.ofMinutes(1)), clock);
        assertThat(once.exited()).isEqualTo(new RestartHistory.GiveUp(1));
    }

    @Test
    void nonsensePoliciesAreRefused() {
        assertThatThrownBy(() -> new RestartPolicy(Duration.ofSeconds(2), Duration.ofSeconds(1), Duration.ZERO, 5, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxDelay");
        assertThatThrownBy(() -> new RestartPolicy(Duration.ZERO, Duration.ZERO, Duration.ZERO, 0, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxExits");
    }
}
