package io.baton.core.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.baton.core.domain.LatencyProfile;
import io.baton.core.domain.ServedModel;
import io.baton.core.sim.Scenario;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Nexus's squishy bin packing on a fixed number of devices (notes §4). */
class NexusPlannerTest {

    private static void checkPlan(String what, NexusPlan plan, List<ServedModel> models, double[] rates, int devices) {
        assertThat(plan.devices()).as(what + ": one entry per device").hasSize(devices);
        for (int d = 0; d < devices; d++) assertThat(plan.devices().get(d).device()).as(what).isEqualTo(d);
        assertThat(plan.loadFactor()).as(what).isPositive();

        double[] planned = new double[models.size()];
        for (NexusPlan.DevicePlan dp : plan.devices()) {
            double sumLatency = 0;
            for (NexusPlan.Session s : dp.sessions()) {
                ServedModel m = models.get(s.model());
                double l = m.latencyMs(s.batch());
                assertThat(s.batch()).as(what).isBetween(1, m.maxBatch());
                assertThat(2 * l).as(what + ": 2·ℓ(b) < SLO for " + s + " on device " + dp.device())
                        .isLessThan(m.sloMs());
                // A request may wait one whole duty cycle and then run in its session's batch.
                assertThat(dp.dutyCycleMs() + l)
                        .as(what + ": duty cycle + ℓ(b) ≤ SLO for " + s + " on " + dp)
                        .isLessThanOrEqualTo(m.sloMs() + 1e-9);
                planned[s.model()] += s.rate();
                sumLatency += l;
            }
            if (dp.sessions().size() == 1) {
                NexusPlan.Session s = dp.sessions().get(0);
                assertThat(dp.dutyCycleMs()).as(what).isEqualTo(models.get(s.model()).latencyMs(NexusPlanner.nexusBatch(models.get(s.model()))));
            }
        }
        for (ServedModel m : models) {
            double demand = plan.loadFactor() * rates[m.id()];
            assertThat(planned[m.id()]).as(what + ": planned rate of " + m.name() + " covers f × demand")
                    .isGreaterThanOrEqualTo(demand * (1 - 1e-9));
        }
    }

    @Test
    void oneModelFillsItsDevicesWithItsNexusBatch() {
        // ℓ(b) = b + 10, SLO 50: ℓ(15) = 25 would make 2ℓ = SLO, so b = 14, T = 14/24 per ms
        ServedModel m = new ServedModel(0, "m", LatencyProfile.linear(1, 10), 50, Scenario.UNBOUNDED_BATCH);
        assertThat(NexusPlanner.nexusBatch(m)).isEqualTo(14);
        double[] rates = {1000};
        NexusPlan plan = new NexusPlanner().plan(List.of(m), rates, 4);
        checkPlan("one model", plan, List.of(m), rates, 4);
        double perDevice = 14.0 / 24 * 1000;
        assertThat(plan.loadFactor()).isCloseTo(4 * perDevice / 1000, within(1e-6));
        for (NexusPlan.DevicePlan dp : plan.devices()) {
            assertThat(dp.sessions()).hasSize(1);
            assertThat(dp.sessions().get(0).batch()).isEqualTo(14);
            assertThat(dp.dutyCycleMs()).isEqualTo(24);
        }
        assertThat(plan.policy()).isEqualTo("nexus");
    }

    @Test
    void maxBatchCapsTheNexusBatch() {
        ServedModel m = new ServedModel(0, "m", LatencyProfile.linear(1, 10), 50, 6);
        assertThat(NexusPlanner.nexusBatch(m)).isEqualTo(6);
        ServedModel tight = new ServedModel(1, "t", LatencyProfile.linear(1, 10), 20, 100);
        assertThat(NexusPlanner.nexusBatch(tight)).as("even ℓ(1) breaks Eq. 1: at least 1").isEqualTo(1);
    }

    @Test
    void lightModelsShareADevice() {
        List<ServedModel> models = List.of(
                new ServedModel(0, "a", LatencyProfile.linear(0.5, 2), 60, Scenario.UNBOUNDED_BATCH),
                new ServedModel(1, "b", LatencyProfile.linear(0.3, 3), 80, Scenario.UNBOUNDED_BATCH),
                new ServedModel(2, "c", LatencyProfile.linear(1.0, 1), 50, Scenario.UNBOUNDED_BATCH));
        double[] rates = {50, 40, 30};
        NexusPlan plan = new NexusPlanner().plan(models, rates, 1);
        checkPlan("shared", plan, models, rates, 1);
        assertThat(plan.devices().get(0).sessions()).extracting(NexusPlan.Session::model)
                .containsExactlyInAnyOrder(0, 1, 2);
    }

    @Test
    void randomPlansKeepTheirConstraints() {
        for (long seed = 1; seed <= 200; seed++) {
            SplittableRandom rng = new SplittableRandom(seed);
            int nModels = 1 + rng.nextInt(6);
            int devices = nModels + rng.nextInt(12);
            List<ServedModel> models = new ArrayList<>();
            double[] rates = new double[nModels];
            for (int i = 0; i < nModels; i++) {
                double alpha = 0.1 + 2.9 * rng.nextDouble(), beta = 0.5 + 19.5 * rng.nextDouble();
                double minSlo = 2 * (alpha + beta) + 1;
                double slo = minSlo + (100 - minSlo) * rng.nextDouble();
                int maxBatch = rng.nextBoolean() ? Scenario.UNBOUNDED_BATCH : 1 + rng.nextInt(32);
                models.add(new ServedModel(i, "m" + i, LatencyProfile.linear(alpha, beta), slo, maxBatch));
                rates[i] = 10 * Math.pow(300, rng.nextDouble()); // 10 .. 3000 req/s
            }
            String what = "seed " + seed;
            NexusPlan plan = new NexusPlanner().plan(models, rates, devices);
            checkPlan(what, plan, models, rates, devices);
            // enough devices (one per model at least): every model is served somewhere
            for (ServedModel m : models) {
                assertThat(plan.devices().stream().flatMap(dp -> dp.sessions().stream()).anyMatch(s -> s.model() == m.id()))
                        .as(what + ": " + m.name() + " has a device").isTrue();
            }
        }
    }
}
