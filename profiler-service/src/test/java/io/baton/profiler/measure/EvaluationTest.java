package io.baton.profiler.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class EvaluationTest {

    /** Oracle: recall of class c counted directly as hits among the examples labelled c. */
    @Test
    void recallAccuracyAndMatrixAgreeWithDirectCounts() {
        SplittableRandom random = new SplittableRandom(3);
        for (int trial = 0; trial < 100; trial++) {
            int classes = 2 + random.nextInt(9), n = 1 + random.nextInt(300);
            int[] labels = new int[n], predicted = new int[n];
            for (int i = 0; i < n; i++) {
                labels[i] = random.nextInt(classes);
                predicted[i] = random.nextDouble() < 0.7 ? labels[i] : random.nextInt(classes);
            }
            Evaluation e = Evaluation.of(labels, predicted, classes);
            int correct = 0;
            for (int i = 0; i < n; i++) if (labels[i] == predicted[i]) correct++;
            assertThat(e.accuracy()).isEqualTo((double) correct / n);
            for (int c = 0; c < classes; c++) {
                int seen = 0, hit = 0;
                for (int i = 0; i < n; i++) {
                    if (labels[i] == c) {
                        seen++;
                        if (predicted[i] == c) hit++;
                    }
                }
                assertThat(e.recall().get(c)).isEqualTo(seen == 0 ? 0.0 : (double) hit / seen);
                assertThat(e.confusion().get(c).stream().mapToLong(Long::longValue).sum()).isEqualTo(seen);
                assertThat(e.confusion().get(c).get(c)).isEqualTo(hit);
            }
        }
    }

    @Test
    void percentilesAreNearestRank() {
        double[] samples = {5, 1, 4, 2, 3};
        assertThat(Percentiles.of(samples, 0.5)).isEqualTo(3);
        assertThat(Percentiles.of(samples, 0.99)).isEqualTo(5);
        assertThat(Percentiles.of(samples, 0.2)).isEqualTo(1);
        double[] hundred = new double[100];
        for (int i = 0; i < 100; i++) hundred[i] = 100 - i;
        assertThat(Percentiles.of(hundred, 0.99)).isEqualTo(99);
        assertThat(Percentiles.of(hundred, 0.5)).isEqualTo(50);
    }
}
