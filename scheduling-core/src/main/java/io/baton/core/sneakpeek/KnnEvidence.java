package io.baton.core.sneakpeek;

import io.baton.core.policy.Enricher;
import io.baton.core.util.Nearest;

/**
 * SneakPeek's evidence (paper §4.2): the labels of the k nearest training points to a request's input, counted per
 * class, y_i = #neighbours with label i (Σy = k; default k = 5). Exact search by squared Euclidean distance over the
 * application's training features; ties in distance go to the lower training index. {@link HnswEvidence} is the
 * approximate (HNSW) variant the gateway uses on large training sets, as the paper used Faiss.
 */
public final class KnnEvidence implements Enricher<float[], double[]> {
    /** The paper's default k. */
    public static final int DEFAULT_K = 5;

    private final float[][] features;
    private final int[] labels;
    private final int classes;
    private final int k;

    public KnnEvidence(float[][] features, int[] labels, int classes, int k) {
        validate(features, labels, classes, k);
        this.features = features;
        this.labels = labels;
        this.classes = classes;
        this.k = k;
    }

    static void validate(float[][] features, int[] labels, int classes, int k) {
        if (features.length == 0 || features.length != labels.length) throw new IllegalArgumentException("need one label per training point, and at least one point");
        if (k < 1 || k > features.length) throw new IllegalArgumentException("k must be in [1, " + features.length + "], got " + k);
        int dim = features[0].length;
        for (int i = 0; i < features.length; i++) {
            if (features[i].length != dim) throw new IllegalArgumentException("training point " + i + " has " + features[i].length + " dimensions, not " + dim);
            if (labels[i] < 0 || labels[i] >= classes) throw new IllegalArgumentException("label " + labels[i] + " of point " + i + " is not in [0, " + classes + ")");
        }
    }

    /** y: neighbour-label counts of the k nearest training points. */
    @Override
    public double[] enrich(float[] input) {
        return counts(nearest(input));
    }

    /** Indices of the k nearest training points, nearest first. */
    public int[] nearest(float[] input) {
        if (input.length != features[0].length) throw new IllegalArgumentException("input has " + input.length + " dimensions, not " + features[0].length);
        int[] idx = new int[k];
        double[] dist = new double[k];
        int size = 0;
        for (int i = 0; i < features.length; i++) {
            float[] f = features[i];
            double d = 0;
            for (int j = 0; j < f.length; j++) {
                double x = f[j] - input[j];
                d += x * x;
            }
            size = Nearest.offer(idx, dist, size, i, d);
        }
        return idx;
    }

    double[] counts(int[] neighbours) {
        double[] y = new double[classes];
        for (int i : neighbours) y[labels[i]]++;
        return y;
    }

    public int k() {
        return k;
    }

    public int classes() {
        return classes;
    }
}
