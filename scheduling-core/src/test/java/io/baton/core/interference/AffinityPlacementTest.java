package io.baton.core.interference;

import static org.assertj.core.api.Assertions.assertThat;

import io.baton.core.sim.SimulationResult;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class AffinityPlacementTest {

    private static WorkloadModel model(String name, double gpuMs, double speedup, double rate) {
        return new WorkloadModel(Fixtures.profile(name, gpuMs, gpuMs * speedup), rate, 12 * gpuMs);
    }

    @Test
    void thePapersExampleTheHigherSpeedupTaskGoesToTheGpu() {
        InterferenceWorkload w = new InterferenceWorkload(Fixtures.gpuAndAccelerators(1),
                List.of(model("one", 2, 1.5, 100), model("two", 2, 3, 100)));
        AffinityPlacement p = AffinityPlacement.of(w, 2);
        assertThat(p.allows(1, 0)).isTrue();
        assertThat(p.allows(1, 1)).isFalse();
        assertThat(p.allows(0, 0)).isFalse();
        assertThat(p.allows(0, 1)).isTrue();
    }

    @Test
    void everyModelRunsSomewhereWithinTheContextLimitAndTheSplitFollowsSpeedup() {
        SplittableRandom rng = new SplittableRandom(3);
        for (int i = 0; i < 200; i++) {
            int models = 1 + rng.nextInt(6);
            InterferenceWorkload w = Fixtures.random(rng, models, Platform.xavier());
            AffinityPlacement p = AffinityPlacement.of(w, AffinityPlacement.XAVIER_CONTEXTS_PER_ACCELERATOR);
            int[] contexts = new int[3];
            double lowestOnGpu = Double.POSITIVE_INFINITY, highestOnAcc = 0;
            for (int m = 0; m < models; m++) {
                int places = 0;
                for (int d = 0; d < 3; d++) if (p.allows(m, d)) { places++; contexts[d]++; }
                assertThat(places).isPositive();
                double s = w.models().get(m).profile().gpuSpeedup();
                if (p.allows(m, 0)) { assertThat(places).isEqualTo(1); lowestOnGpu = Math.min(lowestOnGpu, s); }
                else highestOnAcc = Math.max(highestOnAcc, s);
            }
            assertThat(contexts[1]).isLessThanOrEqualTo(2);
            assertThat(contexts[2]).isLessThanOrEqualTo(2);
            assertThat(p.gpuTasks()).isBetween(1, models);
            assertThat(lowestOnGpu).isGreaterThanOrEqualTo(highestOnAcc);
        }
    }

    @Test
    void theSplitMinimisesTheBusiestDevicesUtilisationOverEverySpeedupPrefix() {
        // GPU 30% with a alone, 40% with b too; the DLAs share b and c at 25% each: a alone on the GPU. Then with b heavy:
        InterferenceWorkload gpuHeavy = new InterferenceWorkload(Platform.xavier(),
                List.of(model("a", 1, 7, 300), model("b", 1, 3, 100), model("c", 1, 2, 100)));
        assertThat(AffinityPlacement.of(gpuHeavy, 2).gpuTasks()).isEqualTo(1);
        InterferenceWorkload heavyAcc = new InterferenceWorkload(Platform.xavier(),
                List.of(model("a", 1, 7, 10), model("b", 1, 6, 300), model("c", 1, 2, 10)));
        AffinityPlacement p = AffinityPlacement.of(heavyAcc, 2);
        assertThat(p.gpuTasks()).isEqualTo(2); // b on the DLAs would need 300 × 6 ms / 2 = 90% of each; on the GPU 31%
        assertThat(p.allows(1, 0)).isTrue();
    }

    @Test
    void strictBaseRunsEachRequestOnlyWhereItsModelIsPlaced() {
        InterferenceWorkload w = Fixtures.random(new SplittableRandom(9), 6, Platform.xavier());
        SlowdownTable truth = SlowdownTable.build(Fixtures.pairwise(), w.platform(), w.profiles());
        InterferenceWorld world = new InterferenceWorld(w, truth, Fixtures.pairwise(), Fixtures.pairwise());
        AffinityDispatcher base = AffinityDispatcher.strict(w);
        List<int[]> ran = new ArrayList<>();
        SimulationResult r = world.run(new RecordingDispatcher(base, ran), 2_000, 4);
        assertThat(r.unfinished()).isZero();
        assertThat(ran).isNotEmpty();
        for (int[] md : ran) assertThat(base.placement().allows(md[0], md[1])).as("model %d on device %d", md[0], md[1]).isTrue();
    }

    /** Passes everything through, noting each (model, device) dispatched. */
    private record RecordingDispatcher(AffinityDispatcher inner, List<int[]> ran) implements io.baton.core.policy.Dispatcher {
        @Override
        public String policy() {
            return inner.policy();
        }

        @Override
        public void start(io.baton.core.policy.DispatchContext ctx) {
            io.baton.core.policy.DispatchSink sink = ctx.sink();
            inner.start(new io.baton.core.policy.DispatchContext(ctx.clock(), ctx.timers(), ctx.devices(), ctx.models(),
                    new io.baton.core.policy.DispatchSink() {
                        @Override
                        public void dispatch(io.baton.core.domain.Batch b) {
                            ran.add(new int[] {b.model(), b.device()});
                            sink.dispatch(b);
                        }

                        @Override
                        public void drop(io.baton.core.domain.Request q, io.baton.core.domain.DropReason why) {
                            sink.drop(q, why);
                        }
                    }));
        }

        @Override
        public void onArrival(io.baton.core.domain.Request q) {
            inner.onArrival(q);
        }

        @Override
        public void onBatchDone(io.baton.core.domain.Batch b) {
            inner.onBatchDone(b);
        }
    }
}
