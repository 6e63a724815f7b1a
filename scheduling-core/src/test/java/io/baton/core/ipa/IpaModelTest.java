package io.baton.core.ipa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.baton.core.domain.LatencyProfile;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** SLA (§4.2), base allocation (Eq. 1), PAS (Eq. 8) and PAS' (Eq. 11). */
class IpaModelTest {

    private static ModelVariant v(String name, double acc, double l1) {
        return new ModelVariant(name, acc, 1, LatencyProfile.measured(Map.of(1, l1, 2, l1 * 1.5, 4, l1 * 2.5),
                LatencyProfile.Fit.QUADRATIC));
    }

    @Test
    void stageSlaIsFiveTimesTheMeanBatchOneLatency() {
        PipelineStage s = new PipelineStage("s", List.of(v("a", 0.5, 100), v("b", 0.6, 200), v("c", 0.7, 300)));
        assertThat(s.slaMs()).isCloseTo(5 * 200, within(1e-9));
        Pipeline p = new Pipeline("p", List.of(s, new PipelineStage("t", List.of(v("d", 0.9, 50)))));
        assertThat(p.slaMs()).isCloseTo(1000 + 250, within(1e-9));
    }

    @Test
    void pasIsTheProductAndPasPrimeTheRankSum() {
        PipelineStage s = new PipelineStage("s", List.of(v("a", 0.7, 1), v("b", 0.5, 1), v("c", 0.6, 1)));
        assertThat(AccuracyMethod.PAS.scores(s)).containsExactly(0.7, 0.5, 0.6);
        assertThat(AccuracyMethod.PAS_PRIME.scores(s)).containsExactly(1.0, 0.0, 0.5);
        PipelineStage single = new PipelineStage("t", List.of(v("d", 0.9, 1)));
        assertThat(AccuracyMethod.PAS_PRIME.scores(single)).containsExactly(1.0);
        assertThat(AccuracyMethod.PAS.combine(new double[] {0.5, 0.8})).isCloseTo(0.4, within(1e-12));
        assertThat(AccuracyMethod.PAS_PRIME.combine(new double[] {0.5, 1.0})).isCloseTo(1.5, within(1e-12));
    }

    @Test
    void unmeasuredBatchSizesComeFromTheQuadraticFit() {
        // Points on l(b) = 2b² + 3b + 10 at 1, 2, 4, 8: the fit is exact, so b = 3 and 6 follow it.
        Map<Integer, Double> pts = Map.of(1, 15.0, 2, 24.0, 4, 54.0, 8, 162.0);
        ModelVariant m = new ModelVariant("q", 0.5, 1, LatencyProfile.measured(pts, LatencyProfile.Fit.QUADRATIC));
        assertThat(m.latencyMs(3)).isCloseTo(2 * 9 + 9 + 10, within(1e-6));
        assertThat(m.latencyMs(6)).isCloseTo(2 * 36 + 18 + 10, within(1e-6));
        assertThat(m.throughput(4)).isCloseTo(4 / 0.054, within(1e-9));
    }

    @Test
    void baseAllocationIsTheFewestCoresMeetingThresholdAndStageSla() {
        // ResNet18 (Table 2): 1 core 75 ms / 20 RPS, 4 cores 23 ms / 37 RPS, 8 cores 14 ms / 62 RPS at batch 1.
        Map<Integer, LatencyProfile> byCores = Map.of(
                1, LatencyProfile.measured(Map.of(1, 75.0), LatencyProfile.Fit.QUADRATIC),
                4, LatencyProfile.measured(Map.of(1, 23.0), LatencyProfile.Fit.QUADRATIC),
                8, LatencyProfile.measured(Map.of(1, 14.0), LatencyProfile.Fit.QUADRATIC));
        assertThat(BaseAllocation.cores(byCores, 10, 100, 1)).hasValue(1);
        assertThat(BaseAllocation.cores(byCores, 20, 100, 1)).hasValue(4);   // 1 core gives 13.3 RPS
        assertThat(BaseAllocation.cores(byCores, 50, 100, 1)).hasValue(8);
        assertThat(BaseAllocation.cores(byCores, 10, 20, 1)).hasValue(8);    // (1c): only 8 cores fit in 20 ms
        assertThat(BaseAllocation.cores(byCores, 100, 100, 1)).isEmpty();
    }

    @Test
    void catalogueKeepsTable6SlasAndEveryBaseAllocationSatisfiesEquation1() {
        double[][] table6 = {{4.62, 2.27}, {8.34, 0.89}, {8.34, 1.08}, {2.52, 1.32}, {0.97, 12.76, 3.87}};
        double[][] th = {{4, 4}, {1, 1}, {1, 1}, {5, 1}, {4, 4, 5}};
        double[] e2e = {6.89, 9.23, 9.42, 3.84, 17.60}; // Table 6 prints NLP's sum rounded up: 17.61
        for (int i = 0; i < IpaPipelines.NAMES.size(); i++) {
            IpaPipelines.Spec spec = IpaPipelines.spec(IpaPipelines.NAMES.get(i));
            assertThat(spec.slaMs()).isCloseTo(e2e[i] * 1000, within(1e-6));
            Pipeline p = spec.pipeline();
            for (int s = 0; s < p.size(); s++) {
                for (ModelVariant v : p.stage(s).variants()) {
                    // Eq. 1 over a core grid where throughput scales linearly with cores: the published R_m is the answer.
                    Map<Integer, LatencyProfile> byCores = new java.util.HashMap<>();
                    for (int c = 1; c <= 32; c *= 2) byCores.put(c, v.latency().scaled((double) v.cores() / c));
                    assertThat(BaseAllocation.cores(byCores, th[i][s], table6[i][s] * 1000, 8)).as(v.name()).hasValue(v.cores());
                }
            }
        }
        Pipeline video = IpaPipelines.video();
        ModelVariant r18 = video.stage(1).variants().get(0), r50 = video.stage(1).variants().get(2);
        assertThat(r50.latencyMs(1) / r18.latencyMs(1)).isCloseTo(136.0 / 73, within(0.1)); // Table 3: 1.86 vs 1.94
    }
}
