package io.baton.core.schemble;

import java.util.Arrays;
import java.util.List;

/**
 * Missing-output filling for stacking (Schemble §VII): find the k historical samples whose
 * <em>observed</em> models' outputs are closest (Euclidean over the concatenated observed vectors) and
 * fill each missing model's output with their average weighted by inverse distance (the paper: "using
 * their distances to the target as the weights", read as closer = heavier). A neighbour at distance 0
 * decides alone. The paper found k ≈ 10 enough (robust over 1–100).
 */
public final class KnnFiller {
    private final float[][][] history;
    private final int k;

    /** @param history full outputs of past samples: history[i][model] */
    public KnnFiller(List<float[][]> history, int k) {
        if (history.isEmpty()) throw new IllegalArgumentException("k-NN filling needs historical outputs");
        if (k < 1) throw new IllegalArgumentException("k must be ≥ 1");
        this.history = history.toArray(new float[0][][]);
        this.k = Math.min(k, history.size());
    }

    /** A copy of outputs with every null filled; present outputs are kept as they are. */
    public float[][] fill(float[][] outputs) {
        float[][] out = outputs.clone();
        boolean missing = false;
        for (float[] o : outputs) missing |= o == null;
        if (!missing) return out;
        double[] dist = new double[history.length];
        for (int i = 0; i < history.length; i++) {
            double s = 0;
            for (int m = 0; m < outputs.length; m++) {
                if (outputs[m] == null) continue;
                float[] h = history[i][m];
                for (int c = 0; c < h.length; c++) s += (h[c] - outputs[m][c]) * (h[c] - outputs[m][c]);
            }
            dist[i] = Math.sqrt(s);
        }
        Integer[] idx = new Integer[history.length];
        for (int i = 0; i < idx.length; i++) idx[i] = i;
        Arrays.sort(idx, (a, b) -> a.equals(b) ? 0 : dist[a] != dist[b] ? Double.compare(dist[a], dist[b]) : Integer.compare(a, b));
        double[] w = new double[k];
        boolean exact = dist[idx[0]] == 0;
        for (int j = 0; j < k; j++) w[j] = exact ? (dist[idx[j]] == 0 ? 1 : 0) : 1 / dist[idx[j]];
        double total = 0;
        for (double x : w) total += x;
        for (int m = 0; m < outputs.length; m++) {
            if (outputs[m] != null) continue;
            float[] filled = new float[history[idx[0]][m].length];
            for (int j = 0; j < k; j++) {
                float[] h = history[idx[j]][m];
                for (int c = 0; c < filled.length; c++) filled[c] += (float) (w[j] / total * h[c]);
            }
            out[m] = filled;
        }
        return out;
    }
}
