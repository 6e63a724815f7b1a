package io.baton.core.schemble;

import static org.assertj.core.api.Assertions.assertThat;

import io.baton.core.domain.Batch;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.Request;
import io.baton.core.policy.DispatchContext;
import io.baton.core.policy.DispatchSink;
import io.baton.core.policy.Dispatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The online loop's rules (§VI-B), on the ensemble simulator: direct dispatch, buffering, lazy hand-out, rejection, planning cost. */
class SchembleDispatcherTest {

    static final EnsembleCluster AB = EnsembleCluster.onePerModel(List.of("a", "b"), new double[] {10, 30});
    static final double[] U = {0, 0.6, 0.7, 1.0};

    /** Wraps a dispatcher and records the time of every task start and drop. */
    static final class Recorder implements Dispatcher {
        final Dispatcher inner;
        final List<String> log = new ArrayList<>();

        Recorder(Dispatcher inner) {
            this.inner = inner;
        }

        @Override
        public String policy() {
            return inner.policy();
        }

        @Override
        public void start(DispatchContext c) {
            DispatchSink sink = new DispatchSink() {
                @Override
                public void dispatch(Batch b) {
                    log.add("t=" + fmt(c.nowMs()) + " q" + b.requests()[0].id + "@" + "ab".charAt(b.model()));
                    c.sink().dispatch(b);
                }

                @Override
                public void drop(Request r, DropReason reason) {
                    log.add("t=" + fmt(c.nowMs()) + " drop q" + r.id + " " + reason);
                    c.sink().drop(r, reason);
                }
            };
            inner.start(new DispatchContext(c.clock(), c.timers(), c.devices(), c.models(), sink));
        }

        @Override
        public void onArrival(Request r) {
            inner.onArrival(r);
        }

        @Override
        public void onBatchDone(Batch b) {
            inner.onBatchDone(b);
        }

        static String fmt(double t) {
            return t == Math.rint(t) ? Long.toString((long) t) : Double.toString(t);
        }
    }

    static EnsembleSimulator.Arrival at(double t, double deadline) {
        return new EnsembleSimulator.Arrival(t, deadline, new EnsembleQuery(0, 0, U, null));
    }

    static SchembleDispatcher schemble(PlanningCost cost, boolean rejection) {
        return new SchembleDispatcher("schemble", AB, new SchemblePlanner(), 0.01, rejection, cost);
    }

    @Test
    void idleModelsTakeAQueryDirectlyWithoutPlanning() {
        SchembleDispatcher d = schemble(PlanningCost.none(), true);
        Recorder r = new Recorder(d);
        List<QueryOutcome> out = EnsembleSimulator.run(AB, r, List.of(at(0, 100)));
        assertThat(r.log).containsExactly("t=0 q0@a", "t=0 q0@b");
        assertThat(d.plans()).isZero();
        assertThat(out.get(0).ranMask()).isEqualTo(3);
        assertThat(out.get(0).completionMs()).isEqualTo(30);
    }

    @Test
    void directDispatchUsesOnlyTheIdleModelsThatMeetTheDeadline() {
        Recorder r = new Recorder(schemble(PlanningCost.none(), true));
        EnsembleSimulator.run(AB, r, List.of(at(0, 20)));
        assertThat(r.log).containsExactly("t=0 q0@a");
    }

    @Test
    void buffersReplansOnEachArrivalAndHandsOutOnlyWhenAModelIsIdle() {
        SchembleDispatcher d = schemble(PlanningCost.none(), true);
        Recorder r = new Recorder(d);
        List<QueryOutcome> out = EnsembleSimulator.run(AB, r, List.of(at(0, 100), at(1, 100), at(2, 100)));
        assertThat(d.plans()).isEqualTo(2);
        // q1 and q2 wait for the models; a frees at 10, b at 30. Both get a+b (b finishes q2 at 90).
        assertThat(r.log).containsExactly("t=0 q0@a", "t=0 q0@b", "t=10 q1@a", "t=20 q2@a", "t=30 q1@b", "t=60 q2@b");
        assertThat(out).extracting(QueryOutcome::completionMs).containsExactly(30.0, 60.0, 90.0);
    }

    @Test
    void aLaterArrivalChangesThePlanOfWaitingQueries() {
        // Alone, q1 (deadline 70) would get a+b (done at 60). q2 (deadline 65) arrives before anything is
        // handed out; q2 takes a+b (done at 60), q1 is replanned onto a alone (done at 30): 1.0 + 0.6 > 1.0.
        Recorder r = new Recorder(schemble(PlanningCost.none(), true));
        List<QueryOutcome> out = EnsembleSimulator.run(AB, r, List.of(at(0, 100), at(1, 70), at(2, 65)));
        assertThat(out.get(1).ranMask()).isEqualTo(1);
        assertThat(out.get(2).ranMask()).isEqualTo(3);
        assertThat(out).allMatch(o -> o.met());
    }

    @Test
    void rejectsAQueryWhoseDeadlineCannotBeMet() {
        Recorder r = new Recorder(schemble(PlanningCost.none(), true));
        List<QueryOutcome> out = EnsembleSimulator.run(AB, r, List.of(at(0, 100), at(2, 12)));
        assertThat(r.log).contains("t=2 drop q1 DEADLINE_UNMEETABLE");
        assertThat(out.get(1).dropped()).isTrue();
    }

    @Test
    void planningTimeIsCharged() {
        Recorder r = new Recorder(schemble(PlanningCost.fixed(15), true));
        EnsembleSimulator.run(AB, r, List.of(at(0, 100), at(1, 100)));
        // The plan made at 1 is ready at 16: a, idle since 10, waits for it.
        assertThat(r.log).containsExactly("t=0 q0@a", "t=0 q0@b", "t=16 q1@a", "t=30 q1@b");
    }

    static SchembleDispatcher predicting(double predictMs) {
        return new SchembleDispatcher("schemble", AB, new SchemblePlanner(), 0.01, true, PlanningCost.none(), predictMs);
    }

    @Test
    void aDirectQueryDoesNotWaitForThePredictorABufferedOneDoes() {
        SchembleDispatcher d = predicting(12);
        Recorder r = new Recorder(d);
        List<QueryOutcome> out = EnsembleSimulator.run(AB, r, List.of(at(0, 100), at(1, 100)));
        // q0 finds both models idle: straight to them at 0, unscored. q1 waits in the buffer; its score is
        // ready at 13, so a (idle since 10) waits for the plan made then.
        assertThat(r.log).containsExactly("t=0 q0@a", "t=0 q0@b", "t=13 q1@a", "t=30 q1@b");
        assertThat(d.plans()).isEqualTo(1);
        assertThat(out.get(1).completionMs()).isEqualTo(60);
    }

    @Test
    void anUnscoredDirectQueryTakesEveryIdleModelAScoredOneTheSmallestBestSubset() {
        // Utility {a} = {a,b} = 1: a query scored at the edge (no predictor in the dispatcher) takes a alone;
        // one the dispatcher would score in the buffer has no score on the direct path and takes both.
        EnsembleSimulator.Arrival easy = new EnsembleSimulator.Arrival(0, 100, new EnsembleQuery(0, 0, new double[] {0, 1, 0.6, 1}, null));
        Recorder scored = new Recorder(schemble(PlanningCost.none(), true));
        EnsembleSimulator.run(AB, scored, List.of(easy));
        assertThat(scored.log).containsExactly("t=0 q0@a");
        Recorder unscored = new Recorder(predicting(5));
        EnsembleSimulator.run(AB, unscored, List.of(new EnsembleSimulator.Arrival(0, 100, new EnsembleQuery(0, 0, new double[] {0, 1, 0.6, 1}, null))));
        assertThat(unscored.log).containsExactly("t=0 q0@a", "t=0 q0@b");
        // Either way only the idle models that meet the deadline.
        Recorder tight = new Recorder(predicting(5));
        EnsembleSimulator.run(AB, tight, List.of(at(0, 20)));
        assertThat(tight.log).containsExactly("t=0 q0@a");
    }

    @Test
    void aQueryBeingScoredIsNeitherPlannedNorRejected() {
        SchembleDispatcher d = predicting(12);
        Recorder r = new Recorder(d);
        List<QueryOutcome> out = EnsembleSimulator.run(AB, r, List.of(at(0, 100), at(1, 100), at(2, 100)));
        // The plan at 13 holds q1 only (q2 is scored at 14): q1 takes a+b and starts on a at once; the plan
        // at 14 gives q2 a after q1 (23) and b after q1's b task (60, done at 90).
        assertThat(r.log).containsExactly("t=0 q0@a", "t=0 q0@b", "t=13 q1@a", "t=23 q2@a", "t=30 q1@b", "t=60 q2@b");
        assertThat(d.plans()).isEqualTo(2);
        assertThat(out).allMatch(QueryOutcome::met);
    }

    @Test
    void aQueryWhoseDeadlinePassesWhileBeingScoredIsDropped() {
        Recorder r = new Recorder(predicting(12));
        List<QueryOutcome> out = EnsembleSimulator.run(AB, r, List.of(at(0, 100), at(1, 20)));
        // q1 (deadline 20) is scored at 13; a, the fastest, would end it at 23: unmeetable, dropped then.
        assertThat(r.log).containsExactly("t=0 q0@a", "t=0 q0@b", "t=13 drop q1 DEADLINE_UNMEETABLE");
        assertThat(out.get(1).dropped()).isTrue();
    }

    @Test
    void withoutRejectionEveryQueryIsServed() {
        List<EnsembleSimulator.Arrival> arrivals = new ArrayList<>();
        for (int i = 0; i < 50; i++) arrivals.add(at(i, i + 40));
        List<QueryOutcome> out = EnsembleSimulator.run(AB, schemble(PlanningCost.none(), false), arrivals);
        assertThat(out).noneMatch(QueryOutcome::dropped).allMatch(o -> o.ranMask() != 0);
        List<QueryOutcome> rejecting = EnsembleSimulator.run(AB, schemble(PlanningCost.none(), true), arrivals);
        assertThat(rejecting).anyMatch(QueryOutcome::dropped);
        // What the policy does not reject, it serves in time (constant latencies, no planning cost).
        assertThat(rejecting).filteredOn(o -> !o.dropped()).allMatch(QueryOutcome::met);
    }

    @Test
    void randomLoadKeepsTheContract() {
        SplittableRandom rnd = new SplittableRandom(9);
        EnsembleCluster abc = EnsembleCluster.onePerModel(List.of("a", "b", "c"), new double[] {7, 19, 23});
        for (int trial = 0; trial < 20; trial++) {
            List<EnsembleSimulator.Arrival> arrivals = new ArrayList<>();
            double t = 0;
            for (int i = 0; i < 200; i++) {
                t += rnd.nextDouble() * 12;
                double[] u = new double[8];
                for (int s = 1; s < 8; s++) u[s] = Math.min(1, 0.3 * Integer.bitCount(s) + rnd.nextDouble() * 0.3);
                arrivals.add(new EnsembleSimulator.Arrival(t, t + 30 + rnd.nextInt(60), new EnsembleQuery(i, 0, u, null)));
            }
            List<QueryOutcome> out = EnsembleSimulator.run(abc,
                    new SchembleDispatcher("schemble", abc, new SchemblePlanner(), 0.01, true, PlanningCost.none()), arrivals);
            assertThat(out).filteredOn(o -> !o.dropped()).allMatch(QueryOutcome::met);
        }
    }
}
