package io.baton.core.symphony;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Symphony's rank rounds (notes §3.3): which candidate gets which device, and when. */
class RankTest {

    /** A command the rank issued: a grant (device ≥ 0) or a refresh (device −1). */
    record Cmd(int model, int device, double freeAt) {
        static Cmd grant(int model, int device, double freeAt) {
            return new Cmd(model, device, freeAt);
        }

        static Cmd refresh(int model) {
            return new Cmd(model, -1, 0);
        }
    }

    private final List<Cmd> cmds = new ArrayList<>();
    private final RankCommands out = new RankCommands() {
        @Override
        public void grant(int model, int device, double deviceFreeAtMs) {
            cmds.add(Cmd.grant(model, device, deviceFreeAtMs));
        }

        @Override
        public void refresh(int model) {
            cmds.add(Cmd.refresh(model));
        }
    };

    private List<Cmd> round(Rank rank, double now) {
        cmds.clear();
        int issued = rank.round(now, out);
        assertThat(issued).isEqualTo(cmds.size());
        return List.copyOf(cmds);
    }

    /** A candidate schedulable from execAt, with sched_at and invalid_after far enough apart. */
    private static void cand(Rank rank, int model, double execAt, double schedAt, long ack) {
        rank.candidate(model, 4, execAt, schedAt, 1000, ack);
    }

    @Test
    void grantsGoToTheEarliestFreeDeviceTiesById() {
        Rank rank = new Rank(4, 4);
        rank.deviceIdle(0, 5);
        rank.deviceIdle(3, 3);
        rank.deviceIdle(1, 3);
        rank.deviceIdle(2, 7);
        cand(rank, 0, 0, 10, 0);
        assertThat(round(rank, 10)).containsExactly(Cmd.grant(0, 1, 3));
        cand(rank, 1, 0, 10, 0);
        assertThat(round(rank, 10)).containsExactly(Cmd.grant(1, 3, 3));
        cand(rank, 2, 0, 10, 0);
        cand(rank, 3, 0, 11, 0);
        assertThat(round(rank, 10)).containsExactly(Cmd.grant(2, 0, 5), Cmd.grant(3, 2, 7));
        assertThat(rank.idleCount()).isZero();
    }

    @Test
    void theSchedulableCandidateWithTheEarliestSchedAtWins() {
        Rank rank = new Rank(4, 3);
        cand(rank, 0, 0, 7, 0);
        cand(rank, 1, 0, 3, 0);
        cand(rank, 2, 0, 5, 0);
        cand(rank, 3, 0, 5, 0); // ties on sched_at: the smaller model id first
        assertThat(round(rank, 1)).as("no idle device").isEmpty();
        rank.deviceIdle(2, 1);
        assertThat(round(rank, 1)).containsExactly(Cmd.grant(1, 2, 1));
        rank.deviceIdle(0, 2);
        rank.deviceIdle(1, 2);
        assertThat(round(rank, 2)).containsExactly(Cmd.grant(2, 0, 2), Cmd.grant(3, 1, 2));
        rank.deviceIdle(0, 3);
        assertThat(round(rank, 3)).containsExactly(Cmd.grant(0, 0, 3));
    }

    @Test
    void candidatesNotYetDueAreNotGrantedEvenWithIdleDevices() {
        Rank rank = new Rank(2, 2);
        rank.deviceIdle(0, 0);
        rank.deviceIdle(1, 0);
        rank.candidate(0, 3, 20, 20, 21, 0);
        rank.candidate(1, 3, 15, 15, 16, 0);
        assertThat(round(rank, 10)).isEmpty();
        assertThat(rank.nextWakeMs()).isEqualTo(15);
        assertThat(round(rank, 14.999)).isEmpty();
        assertThat(round(rank, 15)).containsExactly(Cmd.grant(1, 0, 0));
        assertThat(rank.nextWakeMs()).isEqualTo(20);
        assertThat(round(rank, 20)).containsExactly(Cmd.grant(0, 1, 0));
        assertThat(rank.nextWakeMs()).isEqualTo(Double.POSITIVE_INFINITY);
    }

    @Test
    void aCandidateWhoseInvalidAfterPassedIsRefreshedNotGranted() {
        Rank rank = new Rank(2, 1);
        rank.candidate(0, 5, 0, 4, 5, 0);
        assertThat(round(rank, 1)).as("schedulable, but no device").isEmpty();
        assertThat(rank.nextWakeMs()).isEqualTo(Math.nextUp(5.0));
        assertThat(round(rank, 5)).as("at invalid_after it can still start in time").isEmpty();
        rank.deviceIdle(0, 6);
        assertThat(round(rank, 6)).containsExactly(Cmd.refresh(0));
        assertThat(rank.awaiting(0)).isTrue();
        assertThat(rank.outstanding()).isEqualTo(1);
        assertThat(rank.idleCount()).isEqualTo(1);
        // the model re-prunes and answers: now fresh again, it gets the device
        rank.candidate(0, 2, 6, 7, 8, 1);
        assertThat(rank.outstanding()).isZero();
        assertThat(round(rank, 6)).containsExactly(Cmd.grant(0, 0, 6));
    }

    @Test
    void aCandidateFoundStaleAtAnIdleDeviceIsRefreshedNotGranted() {
        Rank rank = new Rank(1, 1);
        rank.deviceIdle(0, 0);
        rank.candidate(0, 5, 3, 3, 5, 0);
        assertThat(rank.nextWakeMs()).isEqualTo(3);
        // the first round after exec_at comes only after invalid_after (a late timer): too late to start
        assertThat(round(rank, 6)).containsExactly(Cmd.refresh(0));
        assertThat(rank.nextWakeMs()).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(rank.idleCount()).isEqualTo(1);
    }

    @Test
    void commandsToAModelAreIgnoredUntilAcknowledged() {
        Rank rank = new Rank(2, 2);
        rank.deviceIdle(0, 0);
        cand(rank, 0, 0, 1, 0);
        assertThat(round(rank, 0)).containsExactly(Cmd.grant(0, 0, 0));
        assertThat(rank.awaiting(0)).isTrue();
        assertThat(rank.awaiting(1)).isFalse();
        assertThat(rank.outstanding()).isEqualTo(1);

        // an update published before the model handled the grant (ack 0) is stale: ignored
        rank.deviceIdle(1, 0);
        cand(rank, 0, 0, 1, 0);
        assertThat(round(rank, 0)).isEmpty();
        assertThat(rank.nextWakeMs()).isEqualTo(Double.POSITIVE_INFINITY);
        // another model is not held up
        cand(rank, 1, 0, 2, 0);
        assertThat(round(rank, 0)).containsExactly(Cmd.grant(1, 1, 0));
        assertThat(rank.outstanding()).isEqualTo(2);

        // the acknowledging candidate is taken
        rank.deviceIdle(0, 3);
        cand(rank, 0, 3, 4, 1);
        assertThat(rank.awaiting(0)).isFalse();
        assertThat(rank.outstanding()).isEqualTo(1);
        assertThat(round(rank, 3)).containsExactly(Cmd.grant(0, 0, 3));

        // two commands outstanding (grant, then after ack 2 a refresh): ack 2 of 3 is not enough
        rank.candidate(0, 1, 0, 1, 5, 2);
        assertThat(round(rank, 6)).containsExactly(Cmd.refresh(0));
        rank.candidate(0, 1, 6, 7, 8, 2);
        assertThat(rank.awaiting(0)).isTrue();
        rank.deviceIdle(1, 6);
        assertThat(round(rank, 6)).isEmpty();
        rank.candidate(0, 1, 6, 7, 8, 3);
        assertThat(round(rank, 6)).containsExactly(Cmd.grant(0, 1, 6));
        // bs = 0 (ack 4): the model has no candidate any more
        rank.candidate(0, 0, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, 4);
        assertThat(rank.outstanding()).isEqualTo(1); // model 1's grant is still unanswered
        assertThat(rank.nextWakeMs()).isEqualTo(Double.POSITIVE_INFINITY);
    }

    @Test
    void aNewCandidateReplacesTheModelsPreviousOne() {
        Rank rank = new Rank(1, 1);
        rank.candidate(0, 2, 30, 30, 40, 0);
        assertThat(rank.nextWakeMs()).isEqualTo(30);
        rank.candidate(0, 3, 25, 25, 35, 0);
        assertThat(rank.nextWakeMs()).isEqualTo(25);
        rank.candidate(0, 0, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, 0);
        assertThat(rank.nextWakeMs()).isEqualTo(Double.POSITIVE_INFINITY);
        rank.deviceIdle(0, 0);
        assertThat(round(rank, 100)).isEmpty();
    }

    @Test
    void nextWakeIsTheEarliestExecAtOrJustAfterTheEarliestInvalidAfter() {
        Rank rank = new Rank(3, 1);
        assertThat(rank.nextWakeMs()).isEqualTo(Double.POSITIVE_INFINITY);
        rank.candidate(0, 2, 12, 12, 14, 0);
        rank.candidate(1, 2, 9, 9, 11, 0);
        assertThat(rank.nextWakeMs()).isEqualTo(9);
        rank.candidate(2, 2, 0, 1, 3, 0);
        assertThat(rank.nextWakeMs()).as("exec_at 0 is due").isEqualTo(0);
        assertThat(round(rank, 0)).isEmpty(); // due, but no device: waits for invalid_after
        assertThat(rank.nextWakeMs()).isEqualTo(Math.nextUp(3.0));
        assertThat(round(rank, Math.nextUp(3.0))).containsExactly(Cmd.refresh(2));
        assertThat(rank.nextWakeMs()).isEqualTo(9);
    }
}
