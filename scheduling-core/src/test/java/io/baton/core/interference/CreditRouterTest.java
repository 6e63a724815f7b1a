package io.baton.core.interference;

import static org.assertj.core.api.Assertions.assertThat;

import io.baton.core.domain.Batch;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.LatencyProfile;
import io.baton.core.domain.Request;
import io.baton.core.domain.ServedModel;
import io.baton.core.policy.DispatchContext;
import io.baton.core.sim.SimulationResult;
import io.baton.core.sim.SimulationSpec;
import io.baton.core.sim.Simulator;
import io.baton.core.testing.RecordingSink;
import io.baton.core.workload.ArrivalSource;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CreditRouterTest {

    private double now;
    private final RecordingSink sink = new RecordingSink();
    private long ids;

    /** One GPU; model 0 takes 2 ms, model 1 takes 4 ms; generous SLOs. */
    private InterferenceWorkload oneDevice() {
        Platform p = new Platform(List.of("gpu"), List.of(DeviceClass.GPU), List.of("gpu"));
        return new InterferenceWorkload(p, List.of(
                new WorkloadModel(Fixtures.profile("a", 2, 6), 10, 1000),
                new WorkloadModel(Fixtures.profile("b", 4, 12), 10, 1000)));
    }

    private CreditRouter router(InterferenceWorkload w, double[][] ratio, double period) {
        CreditRouter r = new CreditRouter("interference", w, new AllocationMatrix(ratio), period);
        List<ServedModel> served = new ArrayList<>();
        for (int m = 0; m < w.modelCount(); m++) served.add(new ServedModel(m, w.models().get(m).name(), LatencyProfile.linear(1, 0), 1000, 1));
        r.start(new DispatchContext(() -> now, action -> { throw new AssertionError("the router arms no timers"); },
                w.platform().devices(), served, sink));
        return r;
    }

    private Request arrive(CreditRouter r, int model) {
        Request q = new Request(ids++, model, now, now + 1000);
        r.onArrival(q);
        return q;
    }

    private Batch last() {
        return sink.batches.get(sink.batches.size() - 1);
    }

    @Test
    void priorityIsRatioOverConsumedDeviceTime() {
        CreditRouter r = router(oneDevice(), new double[][] {{0.75}, {0.25}}, 1_000_000);
        arrive(r, 0); // device idle: runs at once (consumed a = 2 ms)
        assertThat(last().model()).isEqualTo(0);
        arrive(r, 0);
        arrive(r, 1);
        now = 2;
        r.onBatchDone(last()); // b has consumed 0 with ratio > 0: priority +∞
        assertThat(last().model()).isEqualTo(1);
        assertThat(r.consumedMs(1, 0)).isEqualTo(4);
        arrive(r, 1);
        now = 6;
        r.onBatchDone(last()); // a: 0.75 / 2 = 0.375 > b: 0.25 / 4
        assertThat(last().model()).isEqualTo(0);
        assertThat(r.consumedMs(0, 0)).isEqualTo(4);
        arrive(r, 0);
        now = 8;
        r.onBatchDone(last()); // a: 0.75 / 4 = 0.1875 > b: 0.0625
        assertThat(last().model()).isEqualTo(0);
        now = 10;
        r.onBatchDone(last()); // a: 0.75 / 6 = 0.125 > b 0.0625, but a has nothing waiting: b
        assertThat(last().model()).isEqualTo(1);
    }

    @Test
    void workConservingServesAModelWithNoAllocation() {
        CreditRouter r = router(oneDevice(), new double[][] {{1}, {0}}, 100);
        arrive(r, 1);
        assertThat(sink.batches).hasSize(1);
        assertThat(last().model()).isEqualTo(1);
    }

    @Test
    void anAcceleratorRunsOnlyTheModelsHoldingAContextThere() {
        InterferenceWorkload w = new InterferenceWorkload(Fixtures.gpuAndAccelerators(1), List.of(
                new WorkloadModel(Fixtures.profile("a", 2, 6), 10, 1000),
                new WorkloadModel(Fixtures.profile("b", 4, 12), 10, 1000)));
        CreditRouter r = router(w, new double[][] {{1, 1}, {0, 0}}, 100);
        arrive(r, 0); // the GPU (device 0) takes a
        arrive(r, 1); // b has no context on the idle accelerator: it waits for the GPU
        assertThat(sink.batches).hasSize(1);
        assertThat(last().device()).isEqualTo(0);
        arrive(r, 0); // a does hold one
        assertThat(sink.batches).hasSize(2);
        assertThat(last().device()).isEqualTo(1);
        assertThat(last().model()).isEqualTo(0);
    }

    @Test
    void creditResetsEveryPeriodAndTiesGoToTheEarlierArrival() {
        CreditRouter r = router(oneDevice(), new double[][] {{0.5}, {0.5}}, 10);
        arrive(r, 0); // a runs, consumed a = 2
        now = 1;
        arrive(r, 1);
        now = 1.5;
        arrive(r, 0);
        now = 2;
        r.onBatchDone(last()); // b: +∞
        assertThat(last().model()).isEqualTo(1);
        now = 2.5;
        arrive(r, 1);
        now = 11; // past the period boundary at 10: both consumed reset to 0, both +∞, a's head arrived first
        r.onBatchDone(last());
        assertThat(r.consumedMs(1, 0)).isZero();
        assertThat(last().model()).isEqualTo(0);
        assertThat(last().requests()[0].arrivalMs).isEqualTo(1.5);
    }

    @Test
    void dropsWhatCannotFinishAnywhereAndKeepsWhatOnlyAFasterDeviceCanFinish() {
        Platform p = Fixtures.gpuAndAccelerators(1);
        InterferenceWorkload w = new InterferenceWorkload(p, List.of(new WorkloadModel(Fixtures.profile("a", 2, 8), 10, 5)));
        CreditRouter r = router(w, new double[][] {{1, 1}}, 100);
        arrive(r, 0); // goes to the GPU (device 0 is filled first)
        assertThat(last().device()).isEqualTo(0);
        Request second = new Request(ids++, 0, now, now + 5);
        r.onArrival(second); // the accelerator is idle, but 8 ms > 5 ms SLO: it waits for the GPU
        assertThat(sink.batches).hasSize(1);
        now = 2;
        r.onBatchDone(last()); // 2 + 2 ≤ 5: runs on the GPU
        assertThat(last().requests()[0]).isSameAs(second);
        Request third = new Request(ids++, 0, now, now + 3);
        r.onArrival(third); // 2 + 2 ≤ 5 could still make it on the GPU, which is busy
        assertThat(sink.dropped).isEmpty();
        now = 4;
        r.onBatchDone(last()); // 4 + 2 > 5: cannot finish anywhere
        assertThat(sink.dropped).containsExactly(third);
        assertThat(sink.reasons).containsExactly(DropReason.DEADLINE_UNMEETABLE);
    }

    @Test
    void theSampledSimulationPredictsTheRouterExactlyWhenThereIsNoInterference() {
        SplittableRandom rng = new SplittableRandom(17);
        for (int instance = 0; instance < 5; instance++) {
            InterferenceWorkload w = Fixtures.random(rng, 2 + instance % 3, Platform.xavier());
            SlowdownTable none = SlowdownTable.build(NoInterference.INSTANCE, w.platform(), w.profiles());
            SampledSimulator.Trace trace = SampledSimulator.poissonTrace(w, 2_000, instance);
            SampledSimulator sim = new SampledSimulator(w, none, trace, 25);
            double[] flat = new double[w.modelCount() * 3];
            AllocationSampler.continuous().sample(rng, w.modelCount(), 3, flat);
            SampleOutcome predicted = sim.simulate(flat);

            InterferenceWorld world = new InterferenceWorld(w, none, NoInterference.INSTANCE, NoInterference.INSTANCE);
            SimulationSpec base = world.spec(trace.arrivalMs()[trace.arrivalMs().length - 1] + 1, 1);
            SimulationSpec spec = new SimulationSpec(base.models(), base.devices(), () -> List.of(replay(trace)),
                    base.durationMs(), 0, 0, 1);
            CreditRouter router = new CreditRouter("interference", w, AllocationMatrix.ofFlat(flat, w.modelCount(), 3), 25);
            SimulationResult actual = Simulator.run(spec, router, new InterferenceExecution(w, none));
            assertThat(actual.good()).as("instance %d", instance).isEqualTo(predicted.totalGood());
            long late = 0;
            for (long l : predicted.late()) late += l;
            assertThat(actual.late()).isEqualTo(late);
            assertThat(actual.offered()).isEqualTo(predicted.totalOffered());
            assertThat(actual.unfinished()).isZero();
            assertThat(actual.lateStarts()).isZero();
        }
    }

    @Test
    void aWorldRunIsDeterministicForASeed() {
        InterferenceWorkload w = Fixtures.random(new SplittableRandom(4), 3, Platform.xavier());
        SlowdownTable truth = SlowdownTable.build(Fixtures.pairwise(), w.platform(), w.profiles());
        InterferenceWorld world = new InterferenceWorld(w, truth, Fixtures.pairwise(), Fixtures.pairwise());
        for (String policy : InterferenceWorld.POLICIES) {
            SimulationResult a = world.run(world.dispatcher(policy, PlanGoal.GOODPUT, 3), 2_000, 5);
            SimulationResult b = world.run(world.dispatcher(policy, PlanGoal.GOODPUT, 3), 2_000, 5);
            assertThat(a).as(policy).isEqualTo(b);
            assertThat(a.unfinished()).isZero();
            assertThat(a.policy()).isEqualTo(policy);
        }
    }

    @Test
    void replansFromMeasuredRatesWhenTheyDriftFromThePlannedOnes() {
        InterferenceWorkload actual = Fixtures.random(new SplittableRandom(6), 3, Platform.xavier());
        double[] believed = new double[3];
        for (int m = 0; m < 3; m++) believed[m] = actual.models().get(m).ratePerSec() * (m == 0 ? 3 : 0.3);
        InterferenceWorkload planned = actual.withRates(believed);
        SlowdownTable truth = SlowdownTable.build(Fixtures.pairwise(), actual.platform(), actual.profiles());
        Replanner replanner = new Replanner(new InterferencePlanner("interference", Fixtures.pairwise(), PlanGoal.GOODPUT,
                AllocationSampler.continuous(), 100, 200, 100, 1), Replanner.DEFAULT_RATE_TOLERANCE);
        AllocationMatrix first = replanner.planFor(planned).allocation();
        CreditRouter router = new CreditRouter("interference", planned, first, 100, replanner, 1_000);
        SimulationResult r = new InterferenceWorld(actual, truth, Fixtures.pairwise(), Fixtures.pairwise())
                .run(router, 5_000, 2);
        assertThat(r.unfinished()).isZero();
        assertThat(replanner.plans()).isGreaterThan(1); // the measured rates differ by far more than 20%
        assertThat(router.allocation()).isNotEqualTo(first);
    }

    private static ArrivalSource replay(SampledSimulator.Trace trace) {
        return new ArrivalSource() {
            int i = -1;

            @Override
            public boolean advance() {
                return ++i < trace.arrivalMs().length;
            }

            @Override
            public double timeMs() {
                return trace.arrivalMs()[i];
            }

            @Override
            public int model() {
                return trace.model()[i];
            }

            @Override
            public double deadlineMs() {
                return Double.NaN;
            }
        };
    }
}
