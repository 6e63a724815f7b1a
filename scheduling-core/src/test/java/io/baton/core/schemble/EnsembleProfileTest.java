package io.baton.core.schemble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.baton.core.policy.Aggregator;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link EnsembleProfile}: the composition the profiler stores, equal to its parts, and read back as the planner reads it. */
class EnsembleProfileTest {

    @Test
    void theProfileIsTheScoreTheBinsAndTheTableOfItsParts() {
        List<EnsembleSample> samples = EnsembleOutputs.synthetic(300, 5).samples();
        Aggregator mean = Aggregator.averaging();
        EnsembleProfile p = EnsembleProfile.measure(samples, mean, 4);

        DiscrepancyScore score = DiscrepancyScore.fitClassification(samples, mean);
        double[] scores = samples.stream().mapToDouble(score::score).toArray();
        ScoreBins bins = ScoreBins.quantiles(scores, 4);
        AccuracyProfile table = AccuracyProfile.measure(samples, score::score, bins, mean);
        assertThat(p.binEdges()).containsExactly(bins.upperEdges());
        assertThat(p.samples()).isEqualTo(300);
        assertThat(Arrays.stream(p.binCounts()).sum()).isEqualTo(300);
        for (int b = 0; b < 4; b++) {
            assertThat(p.accuracy()[b]).hasSize(8);
            assertThat(p.accuracy()[b][0]).isZero();
            assertThat(p.accuracy()[b][7]).isEqualTo(1.0); // the full ensemble agrees with itself
            for (int mask = 0; mask < 8; mask++) assertThat(p.accuracy()[b][mask]).isEqualTo(table.utility(b, mask));
        }
        for (int k = 0; k < 3; k++) {
            assertThat(p.temperatures()[k]).isEqualTo(score.temperature(k));
            assertThat(p.meanDistances()[k]).isEqualTo(score.meanDistance(k));
        }

        // Read back: the same score for every sample, the same row for every score.
        DiscrepancyScore back = p.score(mean);
        AccuracyProfile backTable = p.accuracyProfile();
        for (EnsembleSample s : samples) {
            assertThat(back.score(s)).isCloseTo(score.score(s), within(1e-12));
            assertThat(backTable.row(score.score(s))).containsExactly(table.row(score.score(s)));
        }
    }

    @Test
    void aggregatorsByTheApplicationsName() {
        float[][] outputs = {{0.9f, 0.1f}, {0.2f, 0.8f}, null};
        double[] w = {1, 3, 1};
        assertThat(Aggregators.byName("averaging", w).aggregate(outputs)).containsExactly(new float[] {0.55f, 0.45f}, within(1e-6f));
        assertThat(Aggregators.byName("weighted-averaging", w).aggregate(outputs)).containsExactly(new float[] {0.375f, 0.625f}, within(1e-6f));
        assertThat(Aggregators.byName("voting", w).aggregate(outputs)).containsExactly(new float[] {0.25f, 0.75f}, within(1e-6f));
        assertThatThrownBy(() -> Aggregators.byName("median", w)).hasMessageContaining("median");
    }
}
