package io.baton.core.sneakpeek;

import com.github.jelmerk.knn.DistanceFunctions;
import com.github.jelmerk.knn.Item;
import com.github.jelmerk.knn.SearchResult;
import com.github.jelmerk.knn.hnsw.HnswIndex;
import io.baton.core.policy.Enricher;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link KnnEvidence} by approximate nearest neighbours: an HNSW graph (Malkov &amp; Yashunin) over the application's
 * training features, from the maintained Java library {@code com.github.jelmerk:hnswlib-core}. The paper used Faiss
 * ANN (§6.1); any ANN index fits, since the evidence only needs the labels of (nearly) nearest points.
 * Euclidean distance, as the exact search. The index is built once, at construction; queries are thread-safe.
 */
public final class HnswEvidence implements Enricher<float[], double[]> {

    /** One training point in the index. */
    record Point(Integer id, float[] vector) implements Item<Integer, float[]> {
        @Override
        public int dimensions() {
            return vector.length;
        }
    }

    private final HnswIndex<Integer, float[], Point, Float> index;
    private final int[] labels;
    private final int classes;
    private final int k;
    private final int dimensions;

    /** Defaults: M = 16, efConstruction = 200, ef = max(100, k). */
    public HnswEvidence(float[][] features, int[] labels, int classes, int k) {
        this(features, labels, classes, k, 16, 200, Math.max(100, k));
    }

    public HnswEvidence(float[][] features, int[] labels, int classes, int k, int m, int efConstruction, int ef) {
        KnnEvidence.validate(features, labels, classes, k);
        this.labels = labels.clone();
        this.classes = classes;
        this.k = k;
        this.dimensions = features[0].length;
        this.index = HnswIndex.newBuilder(dimensions, DistanceFunctions.FLOAT_EUCLIDEAN_DISTANCE, features.length)
                .withM(m).withEfConstruction(efConstruction).withEf(ef).build();
        List<Point> points = new ArrayList<>(features.length);
        for (int i = 0; i < features.length; i++) points.add(new Point(i, features[i]));
        try {
            index.addAll(points);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while building the HNSW index", e);
        }
    }

    @Override
    public double[] enrich(float[] input) {
        double[] y = new double[classes];
        for (int i : nearest(input)) y[labels[i]]++;
        return y;
    }

    /** Training indices of the (approximately) k nearest points, nearest first. */
    public int[] nearest(float[] input) {
        if (input.length != dimensions) throw new IllegalArgumentException("input has " + input.length + " dimensions, not " + dimensions);
        List<SearchResult<Point, Float>> found = index.findNearest(input, k);
        int[] out = new int[found.size()];
        for (int i = 0; i < out.length; i++) out[i] = found.get(i).item().id();
        return out;
    }

    public int k() {
        return k;
    }
}
