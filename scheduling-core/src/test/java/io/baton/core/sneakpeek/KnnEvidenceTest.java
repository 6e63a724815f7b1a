package io.baton.core.sneakpeek;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Exact k-NN evidence against a sort, and the HNSW variant against the exact one. */
class KnnEvidenceTest {

    /** Gaussian clusters, one per class, in dims dimensions. */
    private static float[][] clusters(Random rnd, int n, int dims, int classes, int[] labelsOut, double spread) {
        float[][] centres = new float[classes][dims];
        for (float[] c : centres) for (int j = 0; j < dims; j++) c[j] = (float) (rnd.nextGaussian() * 3);
        float[][] x = new float[n][dims];
        for (int i = 0; i < n; i++) {
            int label = rnd.nextInt(classes);
            if (labelsOut != null) labelsOut[i] = label;
            for (int j = 0; j < dims; j++) x[i][j] = (float) (centres[label][j] + rnd.nextGaussian() * spread);
        }
        return x;
    }

    @Test
    void exactSearchMatchesSortingAllDistances() {
        Random rnd = new Random(1);
        int[] labels = new int[300];
        float[][] train = clusters(rnd, 300, 8, 4, labels, 2.0);
        KnnEvidence knn = new KnnEvidence(train, labels, 4, 5);
        for (int q = 0; q < 50; q++) {
            float[] x = clusters(rnd, 1, 8, 4, null, 3.0)[0];
            Integer[] all = IntStream.range(0, train.length).boxed().toArray(Integer[]::new);
            Arrays.sort(all, Comparator.comparingDouble((Integer i) -> dist(train[i], x)).thenComparingInt(i -> i));
            int[] expected = Arrays.stream(all).limit(5).mapToInt(Integer::intValue).toArray();
            assertThat(knn.nearest(x)).containsExactly(expected);
            double[] y = knn.enrich(x);
            assertThat(Arrays.stream(y).sum()).isEqualTo(5.0);
            for (int c = 0; c < 4; c++) {
                final int cc = c;
                assertThat(y[c]).isEqualTo(Arrays.stream(expected).filter(i -> labels[i] == cc).count());
            }
        }
    }

    private static double dist(float[] a, float[] b) {
        double d = 0;
        for (int j = 0; j < a.length; j++) d += (a[j] - b[j]) * (double) (a[j] - b[j]);
        return d;
    }

    @Test
    void trainingPointsFindThemselvesAndTheirClass() {
        Random rnd = new Random(2);
        int[] labels = new int[200];
        float[][] train = clusters(rnd, 200, 4, 3, labels, 0.3);
        KnnEvidence knn = new KnnEvidence(train, labels, 3, 1);
        for (int i = 0; i < 200; i += 17) assertThat(knn.nearest(train[i])).containsExactly(i);
        // Jeffreys posterior after 5 same-class neighbours: (5.5)/(1.5+5) on the cluster's class.
        KnnEvidence k5 = new KnnEvidence(train, labels, 3, 5);
        double[] theta = DirichletPrior.jeffreys(3).posteriorMean(k5.enrich(train[0]));
        assertThat(theta[labels[0]]).isEqualTo(5.5 / 6.5);
    }

    @Test
    void hnswAgreesWithExactSearchOnASmallSet() {
        Random rnd = new Random(3);
        int[] labels = new int[600];
        float[][] train = clusters(rnd, 600, 16, 5, labels, 2.5);
        KnnEvidence exact = new KnnEvidence(train, labels, 5, 5);
        HnswEvidence ann = new HnswEvidence(train, labels, 5, 5, 16, 100, 100);
        int sameCounts = 0, sameNeighbours = 0, queries = 200;
        for (int q = 0; q < queries; q++) {
            float[] x = clusters(rnd, 1, 16, 5, null, 4.0)[0];
            if (Arrays.equals(exact.nearest(x), ann.nearest(x))) sameNeighbours++;
            if (Arrays.equals(exact.enrich(x), ann.enrich(x))) sameCounts++;
        }
        assertThat(sameNeighbours).as("identical neighbour lists").isGreaterThanOrEqualTo(queries * 95 / 100);
        assertThat(sameCounts).as("identical evidence").isGreaterThanOrEqualTo(queries * 97 / 100);
    }

    @Test
    void badTrainingSetsAreRefused() {
        assertThatThrownBy(() -> new KnnEvidence(new float[][] {{1}}, new int[] {0}, 2, 2)).hasMessageContaining("k must be");
        assertThatThrownBy(() -> new KnnEvidence(new float[][] {{1}, {1, 2}}, new int[] {0, 1}, 2, 1)).hasMessageContaining("dimensions");
        assertThatThrownBy(() -> new KnnEvidence(new float[][] {{1}}, new int[] {3}, 2, 1)).hasMessageContaining("label 3");
    }
}
