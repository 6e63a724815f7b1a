package io.baton.core.symphony;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.baton.core.domain.Batch;
import io.baton.core.domain.DropReason;
import io.baton.core.domain.Request;
import io.baton.core.domain.ServedModel;
import io.baton.core.sim.Policies;
import io.baton.core.sim.Scenario;
import io.baton.core.sim.SimulationResult;
import io.baton.core.sim.Simulator;
import io.baton.core.testing.RandomScenarios;
import io.baton.core.testing.RecordingDispatcher;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The dispatcher contract on random small scenarios, for every policy: the simulator's own checks
 * (nothing served twice, nothing sent to a busy device) and what the recorded sink calls show.
 */
class DispatcherInvariantsTest {

    private static final double EPS = 1e-9;

    static Stream<Arguments> scenarios() {
        return LongStream.rangeClosed(1, 30).boxed()
                .flatMap(seed -> Stream.of(0.0, 0.1).map(j -> Arguments.of(seed, j)));
    }

    @ParameterizedTest(name = "seed {0}, jitter {1}")
    @MethodSource("scenarios")
    void everyPolicyKeepsTheContract(long seed, double jitter) {
        Scenario s = RandomScenarios.random(seed, jitter, 6000);
        for (String policy : Policies.IDS) {
            String what = policy + " on seed " + seed + " jitter " + jitter + ": " + s;
            RecordingDispatcher rec = new RecordingDispatcher(Policies.create(policy, s));
            SimulationResult r;
            try {
                r = Simulator.run(s.toSpec(), rec);
            } catch (IllegalStateException e) {
                throw new AssertionError(what + " broke the simulator's contract checks", e);
            }
            check(what, s, rec, r);
        }
    }

    private static void require(boolean ok, String what, String problem, Object subject) {
        if (!ok) fail(what + ": " + problem + ": " + subject);
    }

    private static void check(String what, Scenario s, RecordingDispatcher rec, SimulationResult r) {
        List<ServedModel> models = s.servedModels();
        // Simulation results: every offered request is accounted for.
        assertThat(r.unfinished()).as(what).isZero();
        // lateStarts is judged on ℓ before jitter, so it is a dispatcher invariant with or without jitter.
        assertThat(r.lateStarts()).as(what).isZero();
        assertThat(r.good() + r.late() + r.dropped()).as(what).isEqualTo(r.offered());
        if (s.jitter() == 0) assertThat(r.late()).as(what + ": late without jitter").isZero();

        Set<Long> decided = new HashSet<>();
        for (RecordingDispatcher.TimedBatch tb : rec.batches) {
            Batch b = tb.batch();
            ServedModel m = models.get(b.model());
            require(b.startMs() == tb.atMs(), what, "batch does not start when dispatched", b);
            require(b.size() >= 1 && b.size() <= m.maxBatch(), what, "batch size outside [1, maxBatch]", b);
            require(b.device() >= 0 && b.device() < s.devices(), what, "no such device", b);
            require(b.expectedLatencyMs() == m.latencyMs(b.size()), what, "expected latency is not ℓ(size)", b);
            require(b.startMs() + m.latencyMs(b.size()) <= b.earliestDeadlineMs() + EPS, what,
                    "batch cannot finish by its earliest deadline", b);
            for (Request q : b.requests()) {
                require(q.model == b.model(), what, "request " + q + " of another model", b);
                require(q.arrivalMs <= tb.atMs(), what, "request " + q + " served before it arrived", b);
                require(decided.add(q.id), what, "request " + q.id + " decided twice", b);
            }
        }
        for (RecordingDispatcher.TimedDrop d : rec.drops) {
            Request q = d.request();
            ServedModel m = models.get(q.model);
            require(decided.add(q.id), what, "request decided twice", d);
            require(q.arrivalMs <= d.atMs(), what, "dropped before it arrived", d);
            if (d.reason() == DropReason.DEADLINE_UNMEETABLE) {
                require(d.atMs() + m.latencyMs(1) > q.deadlineMs - EPS, what,
                        "dropped although it could still finish alone", d);
            } else if (d.reason() == DropReason.SHED_FOR_BATCH) {
                // Only Symphony's sliding window sheds, and only requests that could still run alone.
                require(rec.policy().equals("symphony") || rec.policy().equals("work-conserving"), what,
                        "shed by a policy without a sliding window", d);
                require(d.atMs() + m.latencyMs(1) <= q.deadlineMs + EPS, what, "shed although hopeless", d);
            } else if (d.reason() == DropReason.NO_DEVICE && rec.policy().startsWith("nexus")) {
                // Nexus pins models to devices by its plan; a model the plan left out has none.
                require(d.atMs() == q.arrivalMs, what, "NO_DEVICE drop later than on arrival", d);
            } else {
                fail(what + ": unexpected drop reason: " + d);
            }
        }
        assertThat((long) decided.size()).as(what + " every arrival decided").isEqualTo(rec.arrivals.size());
    }
}
