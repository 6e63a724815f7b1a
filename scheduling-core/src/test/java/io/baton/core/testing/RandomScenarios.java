package io.baton.core.testing;

import io.baton.core.domain.LatencyProfile;
import io.baton.core.sim.ModelLoad;
import io.baton.core.sim.Scenario;
import io.baton.core.sim.Policies;
import io.baton.core.workload.RatePattern;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Small random scenarios for property tests, a deterministic function of their seed. */
public final class RandomScenarios {
    private RandomScenarios() {}

    /**
     * 1–6 models with ℓ(b) = αb + β, α ∈ [0.1, 3], β ∈ [0.5, 20] ms, SLO in [2·ℓ(1) + 1, 100] ms,
     * Gamma arrivals of shape 0.1–1, 1–12 devices, and a total load from light (0.1×) to 2× overload
     * of a rough capacity estimate. The duration is chosen so that about {@code targetRequests}
     * requests arrive (within [200, 5000] ms of arrivals).
     */
    public static Scenario random(long seed, double jitter, int targetRequests) {
        SplittableRandom rng = new SplittableRandom(seed * 7919 + 13);
        int nModels = 1 + rng.nextInt(6);
        int devices = 1 + rng.nextInt(12);
        double load = 0.1 * Math.pow(20, rng.nextDouble()); // log-uniform in [0.1, 2]
        double[] weight = new double[nModels];
        double wsum = 0;
        for (int m = 0; m < nModels; m++) {
            weight[m] = 0.2 + rng.nextDouble();
            wsum += weight[m];
        }
        List<ModelLoad> models = new ArrayList<>();
        double totalPerMs = 0;
        for (int m = 0; m < nModels; m++) {
            double alpha = 0.1 + 2.9 * rng.nextDouble();
            double beta = 0.5 + 19.5 * rng.nextDouble();
            LatencyProfile p = LatencyProfile.linear(alpha, beta);
            double minSlo = 2 * p.latencyMs(1) + 1;
            double slo = minSlo + (100 - minSlo) * rng.nextDouble();
            int maxBatch = rng.nextBoolean() ? Scenario.UNBOUNDED_BATCH : 1 + rng.nextInt(32);
            // capacity estimate: staggered devices run batches of about ℓ(b) ≈ 0.7·SLO back to back
            int b = Math.max(1, p.largestBatchWithin(0.7 * slo, maxBatch));
            double perDevicePerMs = b / p.latencyMs(b);
            double ratePerMs = load * devices * (weight[m] / wsum) * perDevicePerMs;
            totalPerMs += ratePerMs;
            double shape = 0.1 + 0.9 * rng.nextDouble();
            models.add(new ModelLoad("m" + m, p, slo, maxBatch, ratePerMs * 1000, ModelLoad.Arrival.GAMMA, shape,
                    RatePattern.steady()));
        }
        double duration = Math.max(200, Math.min(5000, targetRequests / totalPerMs));
        return new Scenario(seed, duration, duration / 10, jitter, devices, models, Policies.IDS, null);
    }
}
