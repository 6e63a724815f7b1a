package io.baton.gateway.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import io.baton.gateway.admission.AdmissionLimit.Outcome;

class AdmissionLimitTest {

    private static final long MS = 1_000_000L;

    private long now = 0;

    /**
     * Admits {@code n} requests (all must get in) and answers them with {@code outcome}: all but the last 1 ms before
     * {@code windowMs} has passed, the last at that time, so that a judgement due then counts all {@code n}.
     */
    private void window(AdmissionLimit limit, int n, Outcome outcome, double windowMs) {
        for (int i = 0; i < n; i++) {
            assertThat(limit.tryAcquire()).as("request %d of %d", i + 1, n).isTrue();
        }
        now += (long) (windowMs * MS);
        for (int i = 0; i < n - 1; i++) {
            limit.release(outcome, now - MS);
        }
        limit.release(outcome, now);
    }

    @Test
    void letsInUpToItsLimitAndNoMore() {
        AdmissionLimit limit = new AdmissionLimit(2, 5, 0.05, 100, now);
        for (int i = 0; i < 5; i++) {
            assertThat(limit.tryAcquire()).isTrue();
        }
        assertThat(limit.tryAcquire()).isFalse();
        assertThat(limit.inFlight()).isEqualTo(5);
        limit.release(Outcome.IN_TIME, now);
        assertThat(limit.tryAcquire()).isTrue();
    }

    @Test
    void missesAtTheLimitBringItDownByATenthPerWindow() {
        AdmissionLimit limit = new AdmissionLimit(8, 100, 0.05, 100, now);
        window(limit, 100, Outcome.MISSED, 100);
        assertThat(limit.limit()).isEqualTo(90);
        window(limit, 90, Outcome.MISSED, 100);
        assertThat(limit.limit()).isEqualTo(81);
    }

    @Test
    void missesBelowTheLimitLowerItFromTheConcurrencyThatMissed() {
        // 60 clients, each sending again once answered, never reach a limit of 100: were only windows at the limit
        // judged, all 60 would be let in for good while nearly every one of them missed
        AdmissionLimit limit = new AdmissionLimit(8, 100, 0.05, 100, now);
        window(limit, 60, Outcome.MISSED, 100);
        assertThat(limit.limit()).isEqualTo(54);
        window(limit, 54, Outcome.MISSED, 100);
        assertThat(limit.limit()).isEqualTo(48);
        // the 49th client is refused: it waits outside instead of queueing past its deadline inside
        for (int i = 0; i < 48; i++) {
            assertThat(limit.tryAcquire()).isTrue();
        }
        assertThat(limit.tryAcquire()).isFalse();
    }

    @Test
    void aMissingWindowWithFewInFlightLowersItNoFurtherThanTheFloor() {
        AdmissionLimit limit = new AdmissionLimit(8, 100, 0.05, 100, now);
        for (int i = 0; i < 25; i++) {
            assertThat(limit.tryAcquire()).isTrue();
            now += 5 * MS;
            limit.release(Outcome.MISSED, now); // one at a time: never more than 1 in flight
        }
        assertThat(limit.limit()).isEqualTo(8);
    }

    @Test
    void inTimeBelowTheLimitDoesNotRaiseIt() {
        AdmissionLimit limit = new AdmissionLimit(8, 100, 0.05, 100, now);
        window(limit, 60, Outcome.MISSED, 100);
        assertThat(limit.limit()).isEqualTo(54);
        for (int k = 0; k < 5; k++) {
            window(limit, 30, Outcome.IN_TIME, 100);
        }
        assertThat(limit.limit()).isEqualTo(54);
    }

    @Test
    void neverFallsBelowTheFloor() {
        AdmissionLimit limit = new AdmissionLimit(30, 40, 0.05, 100, now);
        window(limit, 40, Outcome.MISSED, 100);
        assertThat(limit.limit()).isEqualTo(36);
        window(limit, 36, Outcome.MISSED, 100);
        assertThat(limit.limit()).isEqualTo(32);
        for (int k = 0; k < 3; k++) {
            window(limit, limit.limit(), Outcome.MISSED, 100);
        }
        assertThat(limit.limit()).isEqualTo(30);
    }

    @Test
    void climbsBackWhileReachedAndInTimeButNotWhenIdle() {
        AdmissionLimit limit = new AdmissionLimit(8, 100, 0.05, 100, now);
        window(limit, 100, Outcome.MISSED, 100);
        assertThat(limit.limit()).isEqualTo(90);
        // in time but far below the limit: nothing to learn, the limit stays
        window(limit, 40, Outcome.IN_TIME, 100);
        assertThat(limit.limit()).isEqualTo(90);
        // in time at the limit: +10%
        window(limit, 90, Outcome.IN_TIME, 100);
        assertThat(limit.limit()).isEqualTo(99);
        // a refusal also says the limit was reached: +10%, up to the ceiling
        for (int i = 0; i < 99; i++) {
            assertThat(limit.tryAcquire()).isTrue();
        }
        assertThat(limit.tryAcquire()).isFalse();
        now += 100 * MS;
        for (int i = 0; i < 99; i++) {
            limit.release(Outcome.IN_TIME, now);
        }
        assertThat(limit.limit()).isEqualTo(100);
    }

    @Test
    void neverRisesAboveTheCeiling() {
        AdmissionLimit limit = new AdmissionLimit(1, 20, 0.05, 100, now);
        for (int k = 0; k < 5; k++) {
            window(limit, 20, Outcome.IN_TIME, 100);
        }
        assertThat(limit.limit()).isEqualTo(20);
    }

    @Test
    void aFewMissesUnderTheTargetDoNotLowerIt() {
        AdmissionLimit limit = new AdmissionLimit(8, 60, 0.05, 100, now);
        for (int i = 0; i < 60; i++) {
            limit.tryAcquire();
        }
        now += 100 * MS;
        for (int i = 0; i < 60; i++) {
            limit.release(i < 3 ? Outcome.MISSED : Outcome.IN_TIME, i < 59 ? now - MS : now); // 5%: not above it
        }
        assertThat(limit.limit()).isEqualTo(60);
    }

    @Test
    void judgesOnlyAfterAWholeWindowWithEnoughAnswers() {
        // the limit reached, a whole window, but fewer answers than a judgement needs
        AdmissionLimit few = new AdmissionLimit(8, AdmissionLimit.MIN_ANSWERS - 1, 0.05, 100, now);
        window(few, AdmissionLimit.MIN_ANSWERS - 1, Outcome.MISSED, 100);
        assertThat(few.limit()).isEqualTo(AdmissionLimit.MIN_ANSWERS - 1);
        // enough answers, but the window (the SLO, 100 ms) has not passed since the last judgement
        AdmissionLimit early = new AdmissionLimit(8, 50, 0.05, 100, now);
        window(early, 50, Outcome.MISSED, 99);
        assertThat(early.limit()).isEqualTo(50);
        window(early, 10, Outcome.MISSED, 1);
        assertThat(early.limit()).isEqualTo(45);
    }

    @Test
    void neutralAnswersCountNeitherWay() {
        AdmissionLimit limit = new AdmissionLimit(8, 100, 0.05, 100, now);
        window(limit, 100, Outcome.NEUTRAL, 1000);
        assertThat(limit.limit()).isEqualTo(100);
        assertThat(limit.inFlight()).isZero();
    }

    @Test
    void theWindowFollowsTheSloWithinItsBounds() {
        AdmissionLimit slow = new AdmissionLimit(8, 50, 0.05, 10_000, now);
        window(slow, 50, Outcome.MISSED, 1999);
        assertThat(slow.limit()).as("2 s at most, not the SLO's 10 s").isEqualTo(50);
        window(slow, 50, Outcome.MISSED, 1);
        assertThat(slow.limit()).isEqualTo(45);

        AdmissionLimit fast = new AdmissionLimit(8, 50, 0.05, 5, now);
        window(fast, 50, Outcome.MISSED, 49);
        assertThat(fast.limit()).as("50 ms at least, not the SLO's 5 ms").isEqualTo(50);
        fast.slo(200);
        window(fast, 50, Outcome.MISSED, 150);
        assertThat(fast.limit()).as("the SLO raised to 200 ms: not yet").isEqualTo(50);
        window(fast, 50, Outcome.MISSED, 50);
        assertThat(fast.limit()).isEqualTo(45);
    }

    @Test
    void servedLateIsANearMissThatCountsNeitherWay() {
        assertThat(Outcome.served(99.9, 100)).isEqualTo(Outcome.IN_TIME);
        assertThat(Outcome.served(100, 100)).isEqualTo(Outcome.IN_TIME);
        assertThat(Outcome.served(140, 100)).isEqualTo(Outcome.NEUTRAL);
    }

    @Test
    void refusesNonsenseSettings() {
        assertThatThrownBy(() -> new AdmissionLimit(0, 10, 0.05, 100, 0)).hasMessageContaining("floor");
        assertThatThrownBy(() -> new AdmissionLimit(5, 4, 0.05, 100, 0)).hasMessageContaining("ceiling");
        assertThatThrownBy(() -> new AdmissionLimit(1, 4, 1.0, 100, 0)).hasMessageContaining("miss rate");
    }
}
