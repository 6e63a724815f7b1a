package io.baton.core.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.baton.core.domain.LatencyProfile;
import io.baton.core.testing.RecordingDispatcher;
import io.baton.core.workload.RatePattern;
import java.util.List;
import org.junit.jupiter.api.Test;

class SimulatorDeterminismTest {

    private static Scenario scenario(long seed) {
        List<ModelLoad> models = List.of(
                new ModelLoad("a", LatencyProfile.linear(0.5, 5), 40, Scenario.UNBOUNDED_BATCH, 600,
                        ModelLoad.Arrival.GAMMA, 0.3, RatePattern.steady()),
                new ModelLoad("b", LatencyProfile.linear(1.2, 3), 30, 16, 400,
                        ModelLoad.Arrival.POISSON, 1, RatePattern.bursty()),
                new ModelLoad("c", LatencyProfile.linear(0.2, 8), 60, Scenario.UNBOUNDED_BATCH, 900,
                        ModelLoad.Arrival.UNIFORM, 1, RatePattern.steady()));
        // jitter > 0, so the jitter stream is exercised as well
        return new Scenario(seed, 3000, 300, 0.1, 3, models, Policies.IDS, null);
    }

    private static RecordingDispatcher run(String policy, Scenario s) {
        RecordingDispatcher rec = new RecordingDispatcher(Policies.create(policy, s));
        SimulationResult r = Simulator.run(s.toSpec(), rec);
        rec.log.add(r); // the result goes into the log, so that comparing logs compares results too
        return rec;
    }

    @Test
    void sameScenarioAndSeedGiveIdenticalResultsForEveryPolicy() {
        Scenario s = scenario(42);
        for (String policy : Policies.IDS) {
            SimulationResult first = Policies.simulate(policy, s);
            SimulationResult second = Policies.simulate(policy, s);
            assertThat(second).as(policy).isEqualTo(first);
            assertThat(first.offered()).as(policy).isGreaterThan(1000);
            assertThat(first.batches()).as(policy).isPositive();

            RecordingDispatcher a = run(policy, s);
            RecordingDispatcher b = run(policy, scenario(42));
            assertThat(b.arrivals).as(policy + " arrivals").isEqualTo(a.arrivals);
            assertThat(b.log).as(policy + " decisions").isEqualTo(a.log);
            assertThat(a.log.get(a.log.size() - 1)).as(policy).isEqualTo(first);
        }
    }

    @Test
    void anotherSeedGivesOtherArrivals() {
        for (String policy : Policies.IDS) {
            RecordingDispatcher a = run(policy, scenario(42));
            RecordingDispatcher b = run(policy, scenario(43));
            assertThat(a.arrivals).isNotEmpty();
            assertThat(b.arrivals).as(policy).isNotEqualTo(a.arrivals);
            List<Double> ta = a.arrivals.stream().map(RecordingDispatcher.Arrival::arrivalMs).toList();
            List<Double> tb = b.arrivals.stream().map(RecordingDispatcher.Arrival::arrivalMs).toList();
            assertThat(tb).as(policy + " arrival times").isNotEqualTo(ta);
        }
        // the seed is all that differs: withSeed gives the very run of a scenario built with that seed
        assertThat(Policies.simulate("symphony", scenario(42).withSeed(43)))
                .isEqualTo(Policies.simulate("symphony", scenario(43)));
    }
}
