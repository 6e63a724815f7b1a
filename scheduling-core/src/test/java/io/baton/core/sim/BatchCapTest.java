package io.baton.core.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.baton.core.domain.Batch;
import io.baton.core.domain.LatencyProfile;
import io.baton.core.domain.ServedModel;
import io.baton.core.symphony.sizing.IdealBatching;
import io.baton.core.symphony.sizing.SizingInput;
import io.baton.core.symphony.sizing.SymphonySizing;
import io.baton.core.testing.RandomScenarios;
import io.baton.core.testing.RecordingDispatcher;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * A model's batch cap ({@link ServedModel#maxBatch}) binds every policy, the sizing and the simulator: a model that
 * does not batch (cap 1, its profile one point at batch 1) runs every request alone, and small caps are never
 * exceeded, also when the profile makes larger batches look free.
 */
class BatchCapTest {

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void everyPolicyKeepsEachModelsCap(long seed) {
        Scenario random = RandomScenarios.random(seed, 0, 3000);
        List<ModelLoad> capped = new ArrayList<>();
        for (int m = 0; m < random.models().size(); m++) {
            ModelLoad l = random.models().get(m);
            // every other model does not batch: its profile is the one batch-1 point, flat past it
            boolean alone = m % 2 == 0;
            LatencyProfile p = alone ? LatencyProfile.measured(Map.of(1, l.profile().latencyMs(1)), LatencyProfile.Fit.LINEAR)
                    : l.profile();
            int cap = alone ? 1 : 1 + (int) (seed % 3);
            capped.add(new ModelLoad(l.name(), p, l.sloMs(), cap, l.ratePerSec(), l.arrival(), l.shape(), l.pattern()));
        }
        Scenario s = new Scenario(random.seed(), random.durationMs(), random.warmupMs(), 0, random.devices(), capped,
                random.policies(), null);
        List<ServedModel> models = s.servedModels();
        for (String policy : Policies.IDS) {
            RecordingDispatcher rec = new RecordingDispatcher(Policies.create(policy, s));
            SimulationResult r = Simulator.run(s.toSpec(), rec);
            assertThat(r.good() + r.late() + r.dropped()).as(policy).isEqualTo(r.offered());
            for (RecordingDispatcher.TimedBatch tb : rec.batches) {
                Batch b = tb.batch();
                assertThat(b.size()).as("%s: batch of model %d (cap %d)", policy, b.model(), models.get(b.model()).maxBatch())
                        .isBetween(1, models.get(b.model()).maxBatch());
            }
        }
    }

    @Test
    void idealBatchingAndSizingKeepTheCapOnAFlatProfile() {
        // a one-point profile is flat (α = 0): without the cap every batch size would look free
        IdealBatching flat = IdealBatching.of(0, 4);
        for (int cap = 1; cap <= 6; cap++) {
            for (int devices = 1; devices <= 4; devices++) {
                for (double slo : new double[] {5, 8.1, 20}) {
                    int brute = 0;
                    for (int b = 1; b <= cap; b++) if ((1.0 + 1.0 / devices) * flat.latencyMs(b) < slo) brute = b;
                    assertThat(flat.staggeredBatch(devices, slo, cap)).as("cap %d N %d slo %s", cap, devices, slo)
                            .isEqualTo(brute);
                    int bruteU = 0;
                    for (int b = 1; b <= cap; b++) if (2 * flat.latencyMs(b) < slo) bruteU = b;
                    assertThat(flat.uncoordinatedBatch(slo, cap)).isEqualTo(bruteU);
                }
            }
        }
        var plan = new SymphonySizing().plan(new SizingInput(0, 4, 20, 1000, 1));
        assertThat(plan.batch()).isEqualTo(1);
        assertThat(plan.gpus()).isEqualTo(4); // 250 req/s per device at batch 1
        var capped = new SymphonySizing().plan(new SizingInput(0.5, 4, 20, 1000, 3));
        assertThat(capped.batch()).isBetween(1, 3);
    }
}
