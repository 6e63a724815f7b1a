package io.baton.core.symphony;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.baton.core.domain.Batch;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.LatencyProfile;
import io.baton.core.domain.Request;
import io.baton.core.domain.ServedModel;
import io.baton.core.sim.Scenario;
import io.baton.core.testing.RecordingSink;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Hand-computed cases of Symphony's per-model candidate maintenance (notes §3.2). */
class ModelQueueTest {

    private static final double TOL = 1e-9;
    /** The queues share 4 devices with another model: a waiting candidate turns schedulable 3·ℓ(bs+1)/4 before sched_at. */
    private static final int DEVICES = 4;

    private static double margin(double lNext) {
        return ModelQueue.WAIT_MARGIN_COMPLETIONS * lNext / DEVICES;
    }

    record Cand(int model, int bs, double execAt, double schedAt, double invalidAfter, long ack) {}

    private final List<Cand> cands = new ArrayList<>();
    private final RecordingSink sink = new RecordingSink();
    private final List<Batch> batches = sink.batches;
    private final List<Request> dropped = sink.dropped;
    private final List<DropReason> reasons = sink.reasons;
    private long nextId;

    private ModelQueue queue(double alpha, double beta, int maxBatch, BatchingRule rule) {
        ServedModel m = new ServedModel(0, "m", LatencyProfile.linear(alpha, beta), 1000, maxBatch);
        return new ModelQueue(m, ModelQueue.waitMarginFactor(2, DEVICES), rule, sink, (model, bs, execAt, schedAt, invalidAfter, ack) ->
                cands.add(new Cand(model, bs, execAt, schedAt, invalidAfter, ack)));
    }

    private Request arrive(ModelQueue q, double now, double deadline) {
        Request r = new Request(nextId++, 0, now, deadline);
        q.arrive(r, now);
        return r;
    }

    private Cand last() {
        return cands.get(cands.size() - 1);
    }

    private static long[] ids(Request... rs) {
        return Arrays.stream(rs).mapToLong(r -> r.id).toArray();
    }

    private static long[] ids(List<Request> rs) {
        return rs.stream().mapToLong(r -> r.id).toArray();
    }

    /**
     * ℓ(b) = 0.1·b + β with β = 10.5·gap, requests every {@code gap} ms, so λ ≈ 1/gap and β·λ ≈ 10.5: the
     * candidate waits (exec_at = sched_at) while it holds ≤ 10 requests and is schedulable at once from
     * 11 on. The rate meter sees n arrivals over a span of (n − 1)·gap (the first arrival at 0), so
     * λ = n / ((n − 1)·gap), a hair above 1/gap: β·λ ∈ (10.5, 10.53) for the n used here, and the
     * switch happens at 11 whatever that hair is. The first 1000 ms of arrivals only feed the meter:
     * their deadline has already passed, so they are dropped as they come.
     */
    @ParameterizedTest(name = "gap {0} ms")
    @ValueSource(doubles = {1.0, 0.5, 2.0})
    void schedulableExactlyWhenBatchReachesBetaTimesLambda(double gap) {
        double alpha = 0.1, beta = 10.5 * gap;
        ModelQueue q = queue(alpha, beta, Scenario.UNBOUNDED_BATCH, BatchingRule.NON_WORK_CONSERVING);
        int warm = (int) Math.round(1000 / gap);
        for (int k = 0; k < warm; k++) arrive(q, k * gap, k * gap - 1);
        assertThat(dropped).hasSize(warm);
        assertThat(reasons).containsOnly(DropReason.DEADLINE_UNMEETABLE);
        assertThat(last().bs()).isZero();
        assertThat(last().execAt()).isEqualTo(Double.POSITIVE_INFINITY);
        cands.clear();

        double dl = 1000 + 300;
        for (int j = 0; j < 15; j++) {
            double now = 1000 + j * gap;
            arrive(q, now, now + 300);
            Cand c = last();
            int bs = j + 1;
            assertThat(c.model()).isZero();
            assertThat(c.bs()).as("everything queued fits").isEqualTo(bs);
            assertThat(c.schedAt()).as("sched_at = dl − ℓ(bs+1)").isCloseTo(dl - (alpha * (bs + 1) + beta), within(TOL));
            assertThat(c.invalidAfter()).as("invalid_after = dl − ℓ(bs)").isCloseTo(dl - (alpha * bs + beta), within(TOL));
            assertThat(c.ack()).isZero();
            if (bs <= 10) {
                assertThat(c.execAt()).as("bs %d < βλ: waits until just before sched_at", bs)
                        .isCloseTo(c.schedAt() - margin(alpha * (bs + 1) + beta), within(TOL));
                assertThat(c.execAt()).isGreaterThan(now);
            } else {
                assertThat(c.execAt()).as("bs %d ≥ βλ: schedulable now", bs).isEqualTo(now);
            }
        }
        assertThat(batches).isEmpty();
        assertThat(dropped).hasSize(warm);
        assertThat(q.queued()).isEqualTo(15);
    }

    /**
     * The same arrivals with 50 ms of wire (live: HTTP to a worker): deadlines count it (sched_at and invalid_after
     * move 50 ms earlier), but the batching rule does not (the switch to schedulable stays at β·λ ≈ 10.5, and the
     * margin before sched_at is still device time).
     */
    @Test
    void theWireCountsInDeadlinesButNotInBeta() {
        double alpha = 0.1, beta = 10.5, wire = 50;
        ServedModel m = new ServedModel(0, "m", LatencyProfile.linear(alpha, beta), 1000, Scenario.UNBOUNDED_BATCH, wire);
        ModelQueue q = new ModelQueue(m, ModelQueue.waitMarginFactor(2, DEVICES), BatchingRule.NON_WORK_CONSERVING, sink,
                (model, bs, execAt, schedAt, invalidAfter, ack) -> cands.add(new Cand(model, bs, execAt, schedAt, invalidAfter, ack)));
        for (int k = 0; k < 1000; k++) arrive(q, k, k - 1);
        cands.clear();
        double dl = 1000 + 300;
        for (int j = 0; j < 15; j++) {
            double now = 1000 + j;
            arrive(q, now, now + 300);
            Cand c = last();
            int bs = j + 1;
            assertThat(c.schedAt()).isCloseTo(dl - (alpha * (bs + 1) + beta) - wire, within(TOL));
            assertThat(c.invalidAfter()).isCloseTo(dl - (alpha * bs + beta) - wire, within(TOL));
            if (bs <= 10) {
                assertThat(c.execAt()).as("bs %d < βλ", bs).isCloseTo(c.schedAt() - margin(alpha * (bs + 1) + beta), within(TOL));
            } else {
                assertThat(c.execAt()).as("bs %d ≥ βλ: schedulable now", bs).isEqualTo(now);
            }
        }
    }

    @Test
    void workConservingRuleMakesEveryCandidateSchedulableAtOnce() {
        double alpha = 0.1, beta = 10.5;
        ModelQueue q = queue(alpha, beta, Scenario.UNBOUNDED_BATCH, BatchingRule.WORK_CONSERVING);
        for (int k = 0; k < 1000; k++) arrive(q, k, k - 1);
        cands.clear();
        for (int j = 0; j < 15; j++) {
            double now = 1000 + j;
            arrive(q, now, now + 300);
            Cand c = last();
            assertThat(c.bs()).isEqualTo(j + 1);
            assertThat(c.execAt()).isEqualTo(now);
            assertThat(c.schedAt()).isCloseTo(1300 - (alpha * (j + 2) + beta), within(TOL));
            assertThat(c.invalidAfter()).isCloseTo(1300 - (alpha * (j + 1) + beta), within(TOL));
        }
    }

    @Test
    void aLoneRequestAtALowRateIsSchedulableAtOnce() {
        // one arrival: λ = 1 per 50 ms (the meter's shortest span), β·λ = 0.2 ≤ 1
        ModelQueue q = queue(1, 10, Scenario.UNBOUNDED_BATCH, BatchingRule.NON_WORK_CONSERVING);
        arrive(q, 0, 100);
        assertThat(last()).isEqualTo(new Cand(0, 1, 0, 100 - 12, 100 - 11, 0));
    }

    /**
     * ℓ(b) = b + 5: the sliding window. Hopeless heads are dropped; a head that would force the batch
     * below what waits behind it is shed; the batch is the earliest-deadline requests that fit.
     */
    @Test
    void dropsHopelessHeadsAndWithoutABacklogKeepsAHeadThatOnlyShrinksTheBatch() {
        ModelQueue q = queue(1, 5, Scenario.UNBOUNDED_BATCH, BatchingRule.NON_WORK_CONSERVING);
        // r0 could not finish even alone: 0 + ℓ(1) = 6 > 5
        Request r0 = arrive(q, 0, 5);
        assertThat(dropped).containsExactly(r0);
        assertThat(reasons).containsExactly(DropReason.DEADLINE_UNMEETABLE);
        assertThat(last().bs()).isZero();

        Request r1 = arrive(q, 0, 10);
        assertThat(last()).isEqualTo(new Cand(0, 1, 0, 10 - 7, 10 - 6, 0));
        Request r2 = arrive(q, 0, 10);
        Request r3 = arrive(q, 0, 10);
        Request r4 = arrive(q, 0, 10);
        Request r5 = arrive(q, 0, 10);
        assertThat(last().bs()).isEqualTo(5); // ℓ(5) = 10 = dl − now
        Request r6 = arrive(q, 0, 20);
        // still 5: ℓ(6) = 11 > 10; r6 waits for a later candidate; it cannot grow, so schedulable now
        assertThat(last()).isEqualTo(new Cand(0, 5, 0, 10 - 11, 10 - 10, 0));

        // r7 (dl 9) goes to the head at now = 1. Keeping it caps the batch at 3 (ℓ(3) = 8 = 9 − 1), where
        // r1..r4 alone would fit (ℓ(4) = 9 = 10 − 1). The target batch at λ = 8/50 per ms is 137 (ℓ(b) +
        // b/λ ≤ 1000), far more than the 4 queued behind: no backlog, so Clipper's rule keeps r7 and the
        // candidate shrinks to r7, r1, r2; r3..r6 wait for the next one.
        Request r7 = arrive(q, 1, 9);
        assertThat(dropped).containsExactly(r0);
        assertThat(last()).isEqualTo(new Cand(0, 3, 1, 9 - 9, 9 - 8, 0));
        assertThat(ids(q.snapshot())).containsExactly(ids(r7, r1, r2, r3, r4, r5, r6));

        // a grant runs exactly the candidate
        assertThat(q.onGrant(2, 1)).isTrue();
        assertThat(batches).hasSize(1);
        Batch b = batches.get(0);
        assertThat(b.model()).isZero();
        assertThat(b.device()).isEqualTo(2);
        assertThat(b.startMs()).isEqualTo(1);
        assertThat(b.expectedLatencyMs()).isEqualTo(8);
        assertThat(ids(b.requests())).containsExactly(ids(r7, r1, r2));
        // next candidate at now = 1: r3..r6 together (ℓ(4) = 9 ≤ 10 − 1); β·λ = 5·(8/50) < 4: schedulable
        assertThat(last()).isEqualTo(new Cand(0, 4, 1, 10 - 10, 10 - 9, 1));

        // at 4.5 r3..r5 cannot finish even alone (4.5 + 6 > 10); r6 (dl 20) is the candidate
        q.onRefresh(4.5);
        assertThat(ids(dropped)).containsExactly(ids(r0, r3, r4, r5));
        assertThat(last().bs()).isEqualTo(1);
        assertThat(last().invalidAfter()).isEqualTo(20 - 6);
        assertThat(last().ack()).isEqualTo(2);

        q.onRefresh(15); // 15 + 6 > 20
        assertThat(ids(dropped)).containsExactly(ids(r0, r3, r4, r5, r6));
        assertThat(reasons).containsOnly(DropReason.DEADLINE_UNMEETABLE);
        assertThat(last()).isEqualTo(new Cand(0, 0, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
                Double.POSITIVE_INFINITY, 3));

        // a grant with nothing left returns the device and still acknowledges the command
        assertThat(q.onGrant(0, 15)).isFalse();
        assertThat(batches).hasSize(1);
        assertThat(last().bs()).isZero();
        assertThat(last().ack()).isEqualTo(4);
        assertThat(q.queued()).isZero();
    }

    /**
     * A head is shed only to protect a target batch waiting behind it. ℓ(b) = b + 5, SLO 40 and 20
     * requests at t = 0 (λ = 20/50 per ms): the target is the largest b with b + 5 + 2.5·b ≤ 40, 10.
     */
    @Test
    void aHeadIsShedOnlyWhenATargetBatchWaitsBehindIt() {
        ServedModel m = new ServedModel(0, "m", LatencyProfile.linear(1, 5), 40, Scenario.UNBOUNDED_BATCH);
        ModelQueue q = new ModelQueue(m, 0, BatchingRule.WORK_CONSERVING, sink,
                (model, bs, execAt, schedAt, invalidAfter, ack) -> cands.add(new Cand(model, bs, execAt, schedAt, invalidAfter, ack)));
        // one old request (dl 12) and 19 new ones (dl 30)
        Request old = arrive(q, 0, 12);
        List<Request> fresh = new ArrayList<>();
        for (int k = 0; k < 19; k++) fresh.add(arrive(q, 0, 30));
        assertThat(q.targetBatch(Scenario.UNBOUNDED_BATCH, 0)).isEqualTo(10);
        // at 4: old can lead a batch of 3 (ℓ(3) = 8 = 12 − 4) but not one of 10; 19 ≥ 10 wait behind it
        // (ℓ(19) = 24 ≤ 30 − 4): old is shed, and the batch is the 19 (free lunch up to ℓ = 26)
        assertThat(q.onGrant(0, 4)).isTrue();
        assertThat(dropped).containsExactly(old);
        assertThat(reasons).containsExactly(DropReason.SHED_FOR_BATCH);
        assertThat(batches.get(0).size()).isEqualTo(19);

        // the same with 9 new ones behind it, for a model with SLO 100: the target is now 15 (b + 5 + 5·b
        // ≤ 100 at λ = 10/50 per ms), more than wait behind: no backlog, so old is kept and leads a batch of 3
        sink.batches.clear();
        sink.dropped.clear();
        sink.reasons.clear();
        ServedModel loose = new ServedModel(0, "m", LatencyProfile.linear(1, 5), 100, Scenario.UNBOUNDED_BATCH);
        ModelQueue q2 = new ModelQueue(loose, 0, BatchingRule.WORK_CONSERVING, sink,
                (model, bs, execAt, schedAt, invalidAfter, ack) -> cands.add(new Cand(model, bs, execAt, schedAt, invalidAfter, ack)));
        Request old2 = arrive(q2, 0, 12);
        for (int k = 0; k < 9; k++) arrive(q2, 0, 30);
        assertThat(q2.targetBatch(Scenario.UNBOUNDED_BATCH, 4)).isEqualTo(15);
        assertThat(q2.onGrant(0, 4)).isTrue();
        assertThat(dropped).isEmpty();
        assertThat(batches.get(0).requests()).hasSize(3).startsWith(old2);
        assertThat(q2.queued()).isEqualTo(7);
    }

    /** The target batch is the largest b with ℓ(b) + b/λ ≤ SLO (brute force), or with ℓ(b) ≤ SLO/2 before any rate is known. */
    @ParameterizedTest(name = "gap {0} ms")
    @ValueSource(doubles = {0.05, 0.3, 1, 4, 20})
    void targetBatchIsTheLargestThatCanBeCollectedAndRunWithinTheSlo(double gap) {
        ServedModel m = new ServedModel(0, "m", LatencyProfile.linear(1.06, 10.3), 30, 64);
        ModelQueue q = new ModelQueue(m, 0, BatchingRule.NON_WORK_CONSERVING, sink, (model, bs, e, s, i, a) -> {});
        assertThat(q.targetBatch(64, 0)).isEqualTo(4); // no rate yet: ℓ(4) = 14.54 ≤ 15 < ℓ(5)
        double now = 0;
        for (int k = 0; k < 200; k++) {
            q.arrive(new Request(nextId++, 0, now, now + 1e9), now);
            now += gap;
        }
        double perMs = 200 / Math.min(5000, Math.max(50, now - gap));
        int expected = 1;
        for (int b = 1; b <= 64; b++) if (m.latencyMs(b) + b / perMs <= 30) expected = b;
        assertThat(q.targetBatch(64, now - gap)).isEqualTo(expected);
        assertThat(q.targetBatch(3, now - gap)).isEqualTo(Math.min(3, expected));
    }

    /** Beyond capacity the batch stays full: Symphony's flat top (§3.4), which Clipper's rule loses. */
    @Test
    void underABacklogTheBatchStaysFullAndTheOldestAreShed() {
        ModelQueue q = queue(1, 5, 8, BatchingRule.WORK_CONSERVING);
        // 30 requests queued at once, deadlines 14, 15, …, 43; ℓ(8) = 13
        for (int k = 0; k < 30; k++) arrive(q, 0, 14 + k);
        assertThat(last().bs()).isEqualTo(8);
        // at now = 10 a batch of 8 needs dl ≥ 23: the nine heads with deadlines 14..22 are shed or
        // dropped (those below 16 cannot even run alone), and 8 still run
        assertThat(q.onGrant(0, 10)).isTrue();
        assertThat(batches.get(0).size()).isEqualTo(8);
        assertThat(batches.get(0).requests()[0].deadlineMs).isEqualTo(23);
        assertThat(dropped).hasSize(9);
        assertThat(reasons.subList(0, 2)).containsOnly(DropReason.DEADLINE_UNMEETABLE);
        assertThat(reasons.subList(2, 9)).containsOnly(DropReason.SHED_FOR_BATCH);
    }

    @Test
    void aDeadlineLimitedCandidateShrinksAsTimePasses() {
        ModelQueue q = queue(1, 5, Scenario.UNBOUNDED_BATCH, BatchingRule.NON_WORK_CONSERVING);
        for (int i = 0; i < 10; i++) arrive(q, 0, 20);
        assertThat(last().bs()).isEqualTo(10); // ℓ(10) = 15 ≤ 20
        q.onRefresh(8);
        assertThat(last()).isEqualTo(new Cand(0, 7, 8, 20 - 13, 20 - 12, 1)); // ℓ(7) = 12 ≤ 12
        q.onRefresh(14);
        assertThat(last()).isEqualTo(new Cand(0, 1, 14, 20 - 7, 20 - 6, 2)); // exactly fits alone
        assertThat(dropped).isEmpty();
        q.onRefresh(14.5);
        assertThat(dropped).hasSize(10);
        assertThat(last().bs()).isZero();
    }

    /** ℓ(b) = b + 100: β·λ is far above any batch here, so only "cannot grow" makes it schedulable. */
    @Test
    void maxBatchIsRespectedAndAFullCandidateIsSchedulableAtOnce() {
        ModelQueue q = queue(1, 100, 4, BatchingRule.NON_WORK_CONSERVING);
        for (int k = 0; k < 3; k++) {
            arrive(q, k, k + 1000);
            int bs = k + 1;
            // λ = bs / 50 per ms, β·λ = 2·bs > bs: waits for sched_at = dl − ℓ(bs+1), less the margin
            assertThat(last()).isEqualTo(new Cand(0, bs, 1000 - (bs + 101) - margin(bs + 101), 1000 - (bs + 101),
                    1000 - (bs + 100), 0));
        }
        arrive(q, 3, 1003);
        assertThat(last()).as("bs == maxBatch").isEqualTo(new Cand(0, 4, 3, 1000 - 105, 1000 - 104, 0));
        arrive(q, 4, 1004);
        assertThat(last()).as("still 4, with more queued").isEqualTo(new Cand(0, 4, 4, 1000 - 105, 1000 - 104, 0));

        assertThat(q.onGrant(1, 5)).isTrue();
        assertThat(batches).hasSize(1);
        assertThat(batches.get(0).size()).isEqualTo(4);
        assertThat(ids(batches.get(0).requests())).containsExactly(0, 1, 2, 3);
        // the one left waits again: λ = 5/50, β·λ = 10 > 1
        assertThat(last()).isEqualTo(new Cand(0, 1, 1004 - 102 - margin(102), 1004 - 102, 1004 - 101, 1));

        for (int k = 5; k < 40; k++) arrive(q, k, k + 1000);
        assertThat(last().bs()).isEqualTo(4);
        while (q.queued() > 0) {
            int before = q.queued();
            assertThat(q.onGrant(0, 50)).isTrue();
            assertThat(batches.get(batches.size() - 1).size()).isEqualTo(Math.min(4, before));
        }
        assertThat(batches).allSatisfy(bt -> assertThat(bt.size()).isLessThanOrEqualTo(4));
        assertThat(batches.stream().mapToInt(Batch::size).sum()).isEqualTo(40);
        assertThat(dropped).isEmpty();
    }

    @Test
    void aDeadlineLimitedCandidateWithMoreQueuedIsSchedulableAtOnce() {
        ModelQueue q = queue(1, 100, Scenario.UNBOUNDED_BATCH, BatchingRule.NON_WORK_CONSERVING);
        for (int k = 0; k < 12; k++) arrive(q, 0, 110);
        // ℓ(b) ≤ 110 → b = 10 of 12 queued
        assertThat(last()).isEqualTo(new Cand(0, 10, 0, 110 - 111, 110 - 110, 0));
    }

    /** k·ℓ(bs+1)/D before sched_at when other models share the devices; none for a model alone. */
    @Test
    void waitMarginIsThreeCompletionGapsWhenDevicesAreSharedAndNoneWhenAlone() {
        assertThat(ModelQueue.waitMarginFactor(2, 4)).isEqualTo(0.75);
        assertThat(ModelQueue.waitMarginFactor(35, 70)).isCloseTo(3.0 / 70, within(TOL));
        assertThat(ModelQueue.waitMarginFactor(1, 8)).isZero();
    }
}
