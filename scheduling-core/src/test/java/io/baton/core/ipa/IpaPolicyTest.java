package io.baton.core.ipa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The baselines are the IPA solver with extra constraints (§5.1); IPA's optimum is never below theirs. */
class IpaPolicyTest {

    private final IpaSolver solver = new EnumerationIpaSolver();

    @Test
    void baselinesRespectTheirConstraintsAndNeverBeatIpa() {
        Random rnd = new Random(9);
        int compared = 0;
        for (int t = 0; t < 40; t++) {
            Pipeline pipe = SyntheticPipelines.random(1 + rnd.nextInt(2), 2 + rnd.nextInt(2), rnd);
            double rate = 1 + rnd.nextInt(8);
            IpaProblem p = IpaProblem.of(pipe, rate, pipe.slaMs(), new Weights(5, 0.5, 1e-6), new int[] {1, 2, 4, 8}, 6); // a small cap keeps the brute force (it enumerates replicas) quick
            IpaPolicy.BaselineSettings settings = IpaPolicy.BaselineSettings.of(pipe, null, rate / 2, rate * 2);
            IpaPlan ipa = solver.solve(p);
            for (IpaPolicy policy : IpaPolicy.values()) {
                IpaProblem q = policy.constrain(p, settings);
                IpaPlan plan = solver.solve(q);
                double oracle = IpaBruteForce.bestObjective(q);
                assertThat(plan.feasible()).isEqualTo(!Double.isNaN(oracle));
                if (!plan.feasible()) continue;
                assertThat(plan.objective()).isCloseTo(oracle, within(1e-9));
                for (int s = 0; s < pipe.size(); s++) {
                    StageConfig c = plan.stages().get(s);
                    switch (policy) {
                        case FA2_LOW -> assertThat(c.variantIndex()).isEqualTo(IpaPolicy.lightest(pipe)[s]);
                        case FA2_HIGH -> assertThat(c.variantIndex()).isEqualTo(settings.fa2High()[s]);
                        case RIM_LOW -> assertThat(c.replicas()).isEqualTo(settings.rimLowReplicas()[s]);
                        case RIM_HIGH -> assertThat(c.replicas()).isEqualTo(settings.rimHighReplicas()[s]);
                        case IPA -> { }
                    }
                }
                // Every baseline plan is a feasible IPA plan (the replicas of RIM may exceed the minimum, which
                // only costs more), so IPA's optimum is at least as good.
                assertThat(ipa.feasible()).isTrue();
                assertThat(ipa.objective()).isGreaterThanOrEqualTo(plan.objective() - 1e-9);
                compared++;
            }
        }
        assertThat(compared).isGreaterThan(40);
    }

    @Test
    void lightestAndSecondMostAccurate() {
        Pipeline video = IpaPipelines.video();
        assertThat(IpaPolicy.lightest(video)).containsExactly(0, 0); // yolov5n, resnet18
        assertThat(IpaPolicy.secondMostAccurate(video)).containsExactly(3, 3); // yolov5l, resnet101
    }
}
