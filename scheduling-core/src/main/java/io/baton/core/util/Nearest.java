package io.baton.core.util;

/** The k nearest points of a linear scan, kept sorted by distance in two arrays (no allocation per point). */
public final class Nearest {
    private Nearest() {}

    /**
     * Offers point {@code i} at distance {@code d} to the {@code size} nearest points so far, {@code idx} and
     * {@code dist} (k = their length), nearest first; a point no nearer than the k-th is not taken, and a point at
     * the same distance as one already taken goes after it. Answers the new size (at most k).
     */
    public static int offer(int[] idx, double[] dist, int size, int i, double d) {
        int k = idx.length;
        if (size == k && d >= dist[k - 1]) return size;
        int p = size < k ? size++ : k - 1;
        while (p > 0 && dist[p - 1] > d) {
            dist[p] = dist[p - 1];
            idx[p] = idx[p - 1];
            p--;
        }
        dist[p] = d;
        idx[p] = i;
        return size;
    }
}
