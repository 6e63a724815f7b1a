package io.baton.core.symphony;

import static org.assertj.core.api.Assertions.assertThat;

import io.baton.core.sim.ModelLoad;
import io.baton.core.sim.Policies;
import io.baton.core.sim.Scenario;
import io.baton.core.sim.SimulationResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Symphony §4.4 (Fig. 10): offered more than it can serve, the dispatcher keeps its goodput (a flat
 * top) and its batches large, shedding the excess, instead of serving ever smaller batches of requests
 * near their deadlines. DenseNet121 (Table 5), 8 models on 16 devices, SLO 30 ms, Poisson: peak goodput
 * is about 6,500–7,500 req/s; offered 20,000 req/s, Clipper's pruning alone fell to 1,502.
 */
class FlatTopTest {

    private static SimulationResult run(String policy, double totalRate) {
        ModelZoo.Profile dn = ModelZoo.byName(ModelZoo.gtx1080ti(), "DenseNet121");
        List<ModelLoad> models = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            models.add(ModelLoad.linear("densenet-" + i, dn.alphaMs(), dn.betaMs(), 30, totalRate / 8, ModelLoad.Arrival.POISSON, 1));
        }
        return Policies.simulate(policy, new Scenario(3, 4000, 500, 0, 16, models, List.of(policy), null));
    }

    @ParameterizedTest
    @ValueSource(strings = {"symphony", "work-conserving"})
    void goodputStaysAtItsPeakBeyondCapacity(String policy) {
        SimulationResult nearPeak = run(policy, 8_000);
        SimulationResult overloaded = run(policy, 20_000);
        assertThat(overloaded.goodput()).isGreaterThan(0.9 * nearPeak.goodput());
        assertThat(overloaded.meanBatch()).isGreaterThan(nearPeak.meanBatch());
        // the excess is shed: the bad rate is about (o − p)/o
        double p = overloaded.goodput(), o = overloaded.offered() * 1000.0 / overloaded.windowMs();
        assertThat(overloaded.badRate()).isBetween((o - p) / o - 0.05, (o - p) / o + 0.05);
    }
}
