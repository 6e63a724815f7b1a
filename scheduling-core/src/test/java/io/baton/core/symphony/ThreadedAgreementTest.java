package io.baton.core.symphony;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.baton.core.domain.Batch;
import io.baton.core.domain.Device;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.LatencyProfile;
import io.baton.core.domain.Request;
import io.baton.core.domain.ServedModel;
import io.baton.core.policy.Clock;
import io.baton.core.policy.DispatchContext;
import io.baton.core.policy.DispatchSink;
import io.baton.core.sim.Scenario;
import io.baton.core.sim.SimulationResult;
import io.baton.core.sim.SimulationSpec;
import io.baton.core.sim.Simulator;
import io.baton.core.testing.RecordingDispatcher;
import io.baton.core.workload.ArrivalSource;
import io.baton.core.workload.GeneratedArrivals;
import io.baton.core.workload.InterArrival;
import io.baton.core.workload.InterArrivals;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link ThreadedSymphonyDispatcher} in STEPPED mode takes exactly the decisions of {@link
 * SymphonyDispatcher}, in the same order, whatever the number of model threads; and FREE_RUNNING on a
 * wall clock decides every request it is given.
 */
class ThreadedAgreementTest {

    /**
     * Several models on several devices, built to make ties likely: on even seeds every model has the
     * same profile and SLO, and arrival times lie on a 0.5 ms grid, so that candidates of different
     * models often have equal exec_at / sched_at and devices free up at equal times.
     */
    static SimulationSpec spec(long seed) {
        SplittableRandom rng = new SplittableRandom(seed * 31 + 7);
        int nModels = 2 + rng.nextInt(5);
        int nDevices = 1 + rng.nextInt(5);
        boolean identical = seed % 2 == 0;
        double jitter = seed % 3 == 0 ? 0.1 : 0;
        LatencyProfile shared = LatencyProfile.linear(0.5, 4);
        List<ServedModel> models = new ArrayList<>();
        double[] ratePerSec = new double[nModels];
        double total = 0;
        for (int m = 0; m < nModels; m++) {
            LatencyProfile p = identical ? shared : LatencyProfile.linear(0.1 + 2 * rng.nextDouble(), 1 + 10 * rng.nextDouble());
            double slo = identical ? 30 : 2 * p.latencyMs(1) + 1 + 40 * rng.nextDouble();
            int maxBatch = identical || rng.nextBoolean() ? Scenario.UNBOUNDED_BATCH : 2 + rng.nextInt(10);
            models.add(new ServedModel(m, "m" + m, p, slo, maxBatch));
            int b = Math.max(1, p.largestBatchWithin(0.7 * slo, maxBatch));
            double load = 0.3 + 1.5 * rng.nextDouble(); // from comfortable to overloaded
            ratePerSec[m] = load * nDevices / nModels * b / p.latencyMs(b) * 1000;
            total += ratePerSec[m];
        }
        double duration = Math.min(3000, 2500 / total * 1000); // about 2,500 requests
        List<Device> devices = new ArrayList<>();
        for (int d = 0; d < nDevices; d++) devices.add(Device.of(d));
        double[] shapes = new double[nModels];
        for (int m = 0; m < nModels; m++) shapes[m] = 0.2 + 0.8 * rng.nextDouble();
        return new SimulationSpec(models, devices, () -> {
            List<ArrivalSource> out = new ArrayList<>();
            for (int m = 0; m < nModels; m++) {
                InterArrival g = InterArrivals.gamma(ratePerSec[m], shapes[m]);
                InterArrival grid = r -> Math.ceil(g.nextGapMs(r) * 2) / 2; // gaps on a 0.5 ms grid
                out.add(new GeneratedArrivals(m, grid, 0, duration, seed * 1000 + m));
            }
            return out;
        }, duration, duration / 10, jitter, seed);
    }

    record Run(List<Object> log, SimulationResult result) {}

    private static Run single(SimulationSpec spec, BatchingRule rule) {
        RecordingDispatcher rec = new RecordingDispatcher(new SymphonyDispatcher(rule));
        SimulationResult r = Simulator.run(spec, rec);
        return new Run(rec.log, r);
    }

    private static Run threaded(SimulationSpec spec, BatchingRule rule, int threads) {
        try (ThreadedSymphonyDispatcher t = new ThreadedSymphonyDispatcher(rule, threads,
                ThreadedSymphonyDispatcher.Mode.STEPPED, false)) {
            RecordingDispatcher rec = new RecordingDispatcher(t);
            SimulationResult r = Simulator.run(spec, rec);
            return new Run(rec.log, r);
        }
    }

    static Stream<Arguments> cases() {
        return LongStream.rangeClosed(1, 10).boxed()
                .flatMap(seed -> Stream.of(BatchingRule.values()).map(rule -> Arguments.of(seed, rule)));
    }

    @ParameterizedTest(name = "seed {0}, {1}")
    @MethodSource("cases")
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void steppedThreadedTakesTheSingleThreadedDecisions(long seed, BatchingRule rule) {
        SimulationSpec spec = spec(seed);
        Run expected = single(spec, rule);
        assertThat(expected.result().unfinished()).isZero();
        assertThat(expected.result().batches()).isPositive();
        for (int threads : new int[] {1, 2, 4}) {
            Run actual = threaded(spec, rule, threads);
            String what = "seed " + seed + ", " + rule + ", " + threads + " model threads";
            assertThat(actual.log().size()).as(what + ": number of decisions").isEqualTo(expected.log().size());
            for (int i = 0; i < expected.log().size(); i++) {
                if (!expected.log().get(i).equals(actual.log().get(i))) {
                    fail(what + ": decision " + i + " differs:\n  single:   " + expected.log().get(i)
                            + "\n  threaded: " + actual.log().get(i));
                }
            }
            assertThat(actual.result()).as(what).isEqualTo(expected.result());
        }
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void freeRunningOnAWallClockDecidesEveryRequest() throws Exception {
        int nModels = 3, nDevices = 4, perModel = 1500;
        List<ServedModel> models = new ArrayList<>();
        for (int m = 0; m < nModels; m++) {
            models.add(new ServedModel(m, "m" + m, LatencyProfile.linear(0.05 * (m + 1), 1 + m), 25, 64));
        }
        List<Device> devices = new ArrayList<>();
        for (int d = 0; d < nDevices; d++) devices.add(Device.of(d));

        Set<Long> decided = ConcurrentHashMap.newKeySet();
        AtomicLong duplicates = new AtomicLong(), wrongModel = new AtomicLong(), oversize = new AtomicLong();
        AtomicLong sinkDispatched = new AtomicLong(), sinkDropped = new AtomicLong();
        DispatchSink sink = new DispatchSink() {
            @Override
            public void dispatch(Batch batch) {
                if (batch.size() > models.get(batch.model()).maxBatch()) oversize.incrementAndGet();
                for (Request r : batch.requests()) {
                    if (r.model != batch.model()) wrongModel.incrementAndGet();
                    if (!decided.add(r.id)) duplicates.incrementAndGet();
                }
                sinkDispatched.addAndGet(batch.size());
            }

            @Override
            public void drop(Request request, DropReason reason) {
                if (!decided.add(request.id)) duplicates.incrementAndGet();
                sinkDropped.incrementAndGet();
            }
        };
        Clock clock = Clock.system();
        ThreadedSymphonyDispatcher t = new ThreadedSymphonyDispatcher(BatchingRule.NON_WORK_CONSERVING, 2,
                ThreadedSymphonyDispatcher.Mode.FREE_RUNNING, true);
        try {
            t.start(new DispatchContext(clock, action -> {
                throw new UnsupportedOperationException("free-running mode keeps its own timers");
            }, devices, models, sink));
            long submitted = 0;
            // about 9 requests per ms for ~0.5 s, round-robin over the models
            for (int i = 0; i < nModels * perModel; i++) {
                double now = clock.nowMs();
                t.onArrival(new Request(submitted++, i % nModels, now, now + models.get(i % nModels).sloMs()));
                if (i % 9 == 8) LockSupport.parkNanos(1_000_000);
            }
            long waitUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (t.dispatchedRequests() + t.droppedRequests() < submitted) {
                if (System.nanoTime() > waitUntil) {
                    fail("after 10 s only " + t.dispatchedRequests() + " dispatched + " + t.droppedRequests()
                            + " dropped of " + submitted + " submitted");
                }
                Thread.sleep(5);
            }
            assertThat(t.dispatchedRequests() + t.droppedRequests()).isEqualTo(submitted);
            assertThat(t.dispatchedRequests()).as("most requests are served").isGreaterThan(submitted / 2);
            assertThat(t.batches()).isPositive();
            assertThat(sinkDispatched.get()).isEqualTo(t.dispatchedRequests());
            assertThat(sinkDropped.get()).isEqualTo(t.droppedRequests());
            assertThat(decided).hasSize((int) submitted);
            assertThat(duplicates.get()).isZero();
            assertThat(wrongModel.get()).isZero();
            assertThat(oversize.get()).isZero();
        } finally {
            t.close();
        }
    }
}
