package io.baton.core.interference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.baton.core.domain.Batch;
import io.baton.core.domain.Device;
import io.baton.core.domain.LatencyProfile;
import io.baton.core.domain.Request;
import io.baton.core.domain.ServedModel;
import io.baton.core.policy.DispatchContext;
import io.baton.core.sim.SimulationResult;
import io.baton.core.sim.SimulationSpec;
import io.baton.core.sim.Simulator;
import io.baton.core.testing.RecordingSink;
import io.baton.core.workload.ArrivalSource;
import io.baton.core.workload.GeneratedArrivals;
import io.baton.core.workload.InterArrivals;
import io.baton.core.workload.MergedArrivals;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class InterferenceDispatcherTest {

    private double now;
    private long ids;

    /** Model 0: ℓ(1) = 2 ms; model 1: ℓ(1) = 5 ms; SLO 100 ms. */
    private static List<ServedModel> twoModels() {
        return List.of(new ServedModel(0, "a", LatencyProfile.linear(1, 1), 100, 8),
                new ServedModel(1, "b", LatencyProfile.linear(1, 4), 100, 8));
    }

    private static List<Device> cpus(int n) {
        List<Device> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(new Device(i, "cpu", 1, 1024));
        return out;
    }

    private InterferenceDispatcher start(InterferenceDispatcher d, List<Device> devices, List<ServedModel> models,
                                         RecordingSink sink) {
        d.start(new DispatchContext(() -> now, a -> { throw new AssertionError("no timers"); }, devices, models, sink));
        return d;
    }

    private static InterferenceDispatcher dispatcher(InterferencePredictor p, java.util.function.Function<ServedModel, DeviceFeatures> f,
                                                     java.util.function.Function<Device, InterferenceDispatcher.DeviceInfo> info) {
        return new InterferenceDispatcher("interference", p, new InterferenceDispatcher.Settings(PlanGoal.GOODPUT, 200,
                100, 1000, 0.2, 7), f, info);
    }

    private Request arrive(io.baton.core.policy.Dispatcher d, int model) {
        Request r = new Request(ids++, model, now, now + 100);
        d.onArrival(r);
        return r;
    }

    @Test
    void beforeTheFirstEpochItRoutesExactlyAsBaseFair() {
        // Oracle: the credit router with equal shares, fed the same arrivals and completions.
        List<ServedModel> models = twoModels();
        InterferenceWorkload w = new InterferenceWorkload(Platform.workers(List.of("d0", "d1"),
                List.of(DeviceClass.ACCELERATOR, DeviceClass.ACCELERATOR), List.of("cpu", "cpu"), List.of("h", "h")),
                List.of(new WorkloadModel(profile("a", 2, 1, 0), 0, 100), new WorkloadModel(profile("b", 5, 1, 0), 0, 100)),
                new double[] {2, 2, 5, 5});
        RecordingSink expected = new RecordingSink(), actual = new RecordingSink();
        CreditRouter fair = new CreditRouter("interference", w, AllocationMatrix.fairWithinContexts(w), 100);
        fair.start(new DispatchContext(() -> now, a -> null, cpus(2), models, expected));
        InterferenceDispatcher d = start(dispatcher(NoInterference.INSTANCE, null, null), cpus(2), models, actual);
        SplittableRandom rng = new SplittableRandom(3);
        for (int step = 0; step < 400 && now < 990; step++) {
            now += rng.nextDouble() * 2;
            if (rng.nextBoolean() || expected.batches.size() == 0) {
                int m = rng.nextInt(2);
                Request r = new Request(ids++, m, now, now + 20 + rng.nextDouble() * 30);
                fair.onArrival(r);
                d.onArrival(r);
            } else {
                Batch done = expected.batches.get(rng.nextInt(expected.batches.size()));
                Batch same = actual.batches.stream().filter(b -> b.requests()[0].id == done.requests()[0].id).findFirst().orElseThrow();
                fair.onBatchDone(done);
                d.onBatchDone(same);
            }
            assertThat(actual.batches).hasSameSizeAs(expected.batches);
        }
        assertThat(expected.batches).isNotEmpty();
        for (int i = 0; i < expected.batches.size(); i++) {
            assertThat(actual.batches.get(i).device()).isEqualTo(expected.batches.get(i).device());
            assertThat(actual.batches.get(i).requests()[0].id).isEqualTo(expected.batches.get(i).requests()[0].id);
        }
        assertThat(actual.dropped).containsExactlyElementsOf(expected.dropped);
        assertThat(d.plan().plans()).isZero();
        assertThat(d.plan().allocation()).isDeepEqualTo(new double[][] {{0.5, 0.5}, {0.5, 0.5}});
    }

    @Test
    void plansForTheMeasuredRatesOncePerSignificantChange() {
        RecordingSink sink = new RecordingSink();
        InterferenceDispatcher d = start(dispatcher(NoInterference.INSTANCE, null, null), cpus(2), twoModels(), sink);
        for (int i = 0; i < 50; i++) { // 50 requests of model 0 in the first second, none of model 1
            now = i * 20;
            arrive(d, 0);
            finishAll(d, sink);
        }
        now = 1000;
        arrive(d, 0);
        finishAll(d, sink);
        InterferenceDispatcher.PlanView first = d.plan();
        assertThat(first.plans()).isEqualTo(1);
        assertThat(first.ratesPerSec()[0]).isCloseTo(50, within(0.5));
        assertThat(first.ratesPerSec()[1]).isZero();
        assertThat(first.score()).isPositive();
        assertThat(first.predicting()).isFalse();
        for (int i = 1; i < 50; i++) { // the same rate again: no new plan
            now = 1000 + i * 20;
            arrive(d, 0);
            finishAll(d, sink); // at once: the devices' speed stays as profiled, only rates are measured here
        }
        now = 2000;
        arrive(d, 0);
        finishAll(d, sink);
        assertThat(d.plan().plans()).as("rates %s", java.util.Arrays.toString(d.plan().ratesPerSec())).isEqualTo(1);
        for (int i = 1; i < 200; i++) { // four times the rate: a new plan
            now = 2000 + i * 5;
            arrive(d, 0);
            arrive(d, 1);
            finishAll(d, sink);
        }
        now = 3000;
        arrive(d, 1);
        assertThat(d.plan().plans()).isEqualTo(2);
        assertThat(d.plan().ratesPerSec()[1]).isCloseTo(200, within(2.0));
    }

    @Test
    void learnsEachDevicesSpeedFromHowLongItsRequestsTake() {
        RecordingSink sink = new RecordingSink();
        InterferenceDispatcher d = start(dispatcher(NoInterference.INSTANCE, null, null), cpus(2), twoModels(), sink);
        // Device 1 answers three times slower than its profile says; device 0 as profiled.
        for (int i = 0; i < 40; i++) {
            now = i * 20;
            arrive(d, 0);
            arrive(d, 0);
            for (Batch b : List.copyOf(sink.batches)) {
                now = b.startMs() + b.expectedLatencyMs() * (b.device() == 1 ? 3 : 1);
                d.onBatchDone(b);
                sink.batches.remove(b);
            }
        }
        now = 1000;
        arrive(d, 1);
        InterferenceDispatcher.PlanView view = d.plan();
        assertThat(view.speed()[0]).isCloseTo(1, within(0.01));
        assertThat(view.speed()[1]).isCloseTo(3, within(0.05));
        assertThat(view.soloMs()[0][1]).isCloseTo(6, within(0.1));
        assertThat(view.soloMs()[1][1]).isCloseTo(15, within(0.3));
        assertThat(view.soloMs()[1][0]).isCloseTo(5, within(1e-9));
    }

    @Test
    void aRestartedDispatcherPlansAtOnceWithWhatItsEngineMeasured() {
        InterferenceDispatcher.History history = new InterferenceDispatcher.History();
        java.util.function.Supplier<InterferenceDispatcher> make = () -> new InterferenceDispatcher("interference",
                NoInterference.INSTANCE, new InterferenceDispatcher.Settings(PlanGoal.GOODPUT, 200, 100, 1000, 0.2, 7),
                null, null, history);
        RecordingSink sink = new RecordingSink();
        InterferenceDispatcher first = start(make.get(), cpus(2), twoModels(), sink);
        for (int i = 0; i < 30; i++) { // device 1 twice as slow; 60 requests/s of model 1, two at a time
            now = i * 33;
            arrive(first, 1);
            arrive(first, 1);
            for (Batch b : List.copyOf(sink.batches)) {
                now = b.startMs() + b.expectedLatencyMs() * (b.device() == 1 ? 2 : 1);
                first.onBatchDone(b);
                sink.batches.remove(b);
            }
        }
        now = 1000;
        arrive(first, 0);
        assertThat(history.rate("b")).isCloseTo(60, within(0.5));
        assertThat(history.speed("d1")).isCloseTo(2, within(0.05));
        // A worker joins: the engine starts a new dispatcher over three devices, which plans before any request.
        InterferenceDispatcher second = start(make.get(), cpus(3), twoModels(), new RecordingSink());
        InterferenceDispatcher.PlanView view = second.plan();
        assertThat(view.plans()).isEqualTo(1);
        assertThat(view.ratesPerSec()[1]).isCloseTo(60, within(0.5));
        assertThat(view.speed()[1]).isCloseTo(2, within(0.05));
        assertThat(view.soloMs()[1][1]).isCloseTo(10, within(0.3));
        assertThat(view.soloMs()[1][2]).isEqualTo(5);
    }

    @Test
    void restartsMoreFrequentThanEpochsStillMeasureRatesAndAColdStartDoesNotSwayTheSpeed() {
        InterferenceDispatcher.History history = new InterferenceDispatcher.History();
        InterferenceDispatcher d = null;
        RecordingSink sink = new RecordingSink();
        for (int i = 0; i < 40; i++) {
            if (i % 10 == 0) { // a restart every 300 ms (a worker's breaker, a new overhead estimate, ...)
                d = new InterferenceDispatcher("interference", NoInterference.INSTANCE,
                        new InterferenceDispatcher.Settings(PlanGoal.GOODPUT, 100, 100, 1000, 0.2, 7), null, null, history);
                sink = new RecordingSink();
                start(d, cpus(1), twoModels(), sink);
            }
            now = i * 30;
            arrive(d, 0);
            for (Batch b : List.copyOf(sink.batches)) {
                // the first three requests pay a model load: 8x; the rest run as profiled
                now = b.startMs() + b.expectedLatencyMs() * (i < 3 ? 8 : 1);
                d.onBatchDone(b);
                sink.batches.remove(b);
            }
        }
        now = 1200;
        arrive(d, 0);
        assertThat(d.plan().plans()).isEqualTo(1);
        assertThat(d.plan().ratesPerSec()[0]).as("34 arrivals in the 1,020 ms epoch over four dispatchers")
                .isCloseTo(34 * 1000.0 / 1020, within(0.5));
        assertThat(d.plan().speed()[0]).isEqualTo(1);
        assertThat(history.speed("d0")).isEqualTo(1);
    }

    @Test
    void aQuietEpochKeepsThePlanAndTheRatesItWasMadeFor() {
        InterferenceDispatcher.History history = new InterferenceDispatcher.History();
        InterferenceDispatcher.Settings settings = new InterferenceDispatcher.Settings(PlanGoal.GOODPUT, 100, 100, 1000, 0.2, 7);
        RecordingSink sink = new RecordingSink();
        InterferenceDispatcher d = start(new InterferenceDispatcher("interference", NoInterference.INSTANCE, settings,
                null, null, history), cpus(1), twoModels(), sink);
        for (int i = 0; i < 20; i++) { // 20 requests of b in the first second; the last one still running at 1000
            now = i * 50;
            arrive(d, 1);
            if (i < 19) finishAll(d, sink);
        }
        now = 1000;
        d.onBatchDone(sink.batches.remove(0)); // the first epoch ends: 20 requests/s
        assertThat(d.plan().plans()).isEqualTo(1);
        now = 2000;
        arrive(d, 0); // the second epoch ends with nothing in it (this arrival counts in the third)
        assertThat(d.plan().plans()).isEqualTo(1);
        assertThat(d.plan().ratesPerSec()[1]).isEqualTo(20);
        assertThat(history.rate("b")).isEqualTo(20);
        InterferenceDispatcher restarted = start(new InterferenceDispatcher("interference", NoInterference.INSTANCE,
                settings, null, null, history), cpus(2), twoModels(), new RecordingSink());
        assertThat(restarted.plan().plans()).isEqualTo(1);
        assertThat(restarted.plan().ratesPerSec()[1]).isEqualTo(20);
    }

    @Test
    void twoModelsOfOneNameAreCountedApart() {
        // A re-profiled live variant: the engine keeps the old entry (no more traffic) beside the new one.
        List<ServedModel> models = List.of(new ServedModel(0, "app/v", LatencyProfile.linear(1, 1), 100, 8),
                new ServedModel(1, "app/v", LatencyProfile.linear(1, 2), 100, 8));
        InterferenceDispatcher.History history = new InterferenceDispatcher.History();
        RecordingSink sink = new RecordingSink();
        InterferenceDispatcher d = start(new InterferenceDispatcher("interference", NoInterference.INSTANCE,
                new InterferenceDispatcher.Settings(PlanGoal.GOODPUT, 100, 100, 1000, 0.2, 7), null, null, history),
                cpus(1), models, sink);
        for (int i = 0; i < 20; i++) {
            now = i * 50;
            arrive(d, 1);
            finishAll(d, sink);
        }
        now = 1000;
        arrive(d, 1);
        assertThat(d.plan().ratesPerSec()).containsExactly(0, 20);
        assertThat(history.rate("app/v#1")).isEqualTo(20);
        assertThat(history.rate("app/v#0")).isZero();
    }

    @Test
    void aRequestIsSentWithTheSlowdownPredictedBesideWhatRunsOnItsHost() {
        // a is sensitive (1.5 beside the bubble), b takes half the bubble's bandwidth: a beside b runs 1.25x.
        Map<String, DeviceFeatures> f = Map.of("a", new DeviceFeatures(2, 0.1, 0.1, 0, 1.5, 1.5),
                "b", new DeviceFeatures(5, 0.1, 0.5, 0, 1.1, 1.1));
        for (boolean sameHost : new boolean[] {true, false}) {
            RecordingSink sink = new RecordingSink();
            InterferenceDispatcher d = start(dispatcher(BubblePressurePredictor.INSTANCE, m -> f.get(m.name()),
                    dev -> new InterferenceDispatcher.DeviceInfo("w" + dev.id(), DeviceClass.ACCELERATOR,
                            sameHost ? "host" : "host" + dev.id())), cpus(2), twoModels(), sink);
            arrive(d, 1); // b alone on the first free device
            arrive(d, 0); // a on the other, beside b
            assertThat(sink.batches).hasSize(2);
            assertThat(sink.batches.get(0).expectedLatencyMs()).isCloseTo(5, within(1e-9));
            assertThat(sink.batches.get(1).expectedLatencyMs()).isCloseTo(sameHost ? 2 * 1.25 : 2, within(1e-9));
            assertThat(d.plan().predicting()).isTrue();
        }
    }

    @Test
    void inTheSimulatorEveryRequestIsAnsweredAndThePlanIsNoWorseThanBaseFair() {
        // Three workers, one of them a GPU four times as fast; a skewed mix of three models.
        List<Device> devices = List.of(new Device(0, "gpu", 0.25, 1024), new Device(1, "cpu", 1, 1024), new Device(2, "cpu", 1, 1024));
        List<ServedModel> models = List.of(new ServedModel(0, "small", LatencyProfile.linear(0.5, 1.5), 15, 1),
                new ServedModel(1, "mid", LatencyProfile.linear(1, 3), 30, 1),
                new ServedModel(2, "big", LatencyProfile.linear(2, 8), 60, 1));
        double[] rates = {900, 300, 120};
        SimulationSpec spec = new SimulationSpec(models, devices, () -> {
            List<ArrivalSource> sources = new ArrayList<>();
            for (int m = 0; m < 3; m++) sources.add(new GeneratedArrivals(m, InterArrivals.poisson(rates[m]), 0, 20_000, 11 + m));
            return List.of(new MergedArrivals(sources));
        }, 20_000, 2_000, 0, 5);
        InterferenceDispatcher planned = new InterferenceDispatcher("interference", NoInterference.INSTANCE,
                InterferenceDispatcher.Settings.defaults(), null, null);
        SimulationResult withPlans = Simulator.run(spec, planned);
        InterferenceWorkload w = new InterferenceWorkload(Platform.workers(List.of("g", "c1", "c2"),
                List.of(DeviceClass.GPU, DeviceClass.ACCELERATOR, DeviceClass.ACCELERATOR), List.of("gpu", "cpu", "cpu"),
                List.of("h", "h", "h")),
                List.of(new WorkloadModel(profile("small", 2, 1, 0), 0, 15), new WorkloadModel(profile("mid", 4, 1, 0), 0, 30),
                        new WorkloadModel(profile("big", 10, 1, 0), 0, 60)),
                new double[] {0.5, 2, 2, 1, 4, 4, 2.5, 10, 10});
        SimulationResult fair = Simulator.run(spec, new CreditRouter("base-fair", w, AllocationMatrix.fairWithinContexts(w), 100));
        for (SimulationResult r : List.of(withPlans, fair)) {
            assertThat(r.unfinished()).isZero();
            assertThat(r.good() + r.late() + r.dropped()).isEqualTo(r.offered());
        }
        assertThat(planned.plan().plans()).isPositive();
        assertThat(withPlans.goodput()).isGreaterThanOrEqualTo(0.98 * fair.goodput());
    }

    private void finishAll(InterferenceDispatcher d, RecordingSink sink) {
        for (Batch b : List.copyOf(sink.batches)) {
            d.onBatchDone(b);
            sink.batches.remove(b);
        }
    }

    private static ModelProfile profile(String name, double soloMs, double sensitivity, double pressure) {
        DeviceFeatures f = new DeviceFeatures(soloMs, soloMs, pressure, 0, sensitivity, sensitivity);
        return new ModelProfile(name, Map.of(DeviceClass.GPU, f, DeviceClass.ACCELERATOR, f));
    }
}
