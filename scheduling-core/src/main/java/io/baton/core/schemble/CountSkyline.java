package io.baton.core.schemble;

import java.util.Arrays;

/**
 * The dominance test behind Algorithm 1's line 15, on task-count vectors: "has a solution already kept
 * given no model more tasks than this one?" Finish times are t_k = t_k^(0) + c_k·T_k, so comparing
 * finish-time vectors is comparing count vectors c.
 *
 * <p>With m models the kept vectors are indexed by a Fenwick tree over the first m − 1 counts that
 * holds the smallest last count in each prefix box; a query is one prefix-minimum, O(log^(m−1) n).
 * For m = 3 that is a 2-D skyline. When the box (the product of the first m − 1 count bounds) is too
 * large to allocate, it falls back to comparing with every kept vector.
 */
final class CountSkyline {
    /** Largest Fenwick array we allocate (ints); beyond it the linear fallback is used. */
    private static final int MAX_CELLS = 1 << 16;

    private final int m;
    private final int dims;
    private final int[] size;
    private final int[] stride;
    private final int[] tree;
    private int[] kept = new int[0];
    private int keptCount;

    /** @param maxCount bound on each model's count (inclusive); counts above it must not be offered */
    CountSkyline(int[] maxCount) {
        m = maxCount.length;
        dims = m - 1;
        size = new int[Math.max(dims, 0)];
        stride = new int[Math.max(dims, 0)];
        long cells = 1;
        for (int d = dims - 1; d >= 0; d--) {
            size[d] = maxCount[d] + 1;
            stride[d] = (int) Math.min(cells, Integer.MAX_VALUE);
            cells *= size[d] + 1;
            if (cells > MAX_CELLS) break;
        }
        tree = cells > MAX_CELLS ? null : new int[(int) cells];
    }

    void clear() {
        if (tree != null) Arrays.fill(tree, Integer.MAX_VALUE);
        keptCount = 0;
    }

    /** Is some added vector ≤ counts[offset .. offset+m) in every coordinate? */
    boolean dominated(int[] counts, int offset) {
        if (tree == null) return dominatedLinear(counts, offset);
        return prefixMin(counts, offset, 0, 0) <= counts[offset + dims];
    }

    void add(int[] counts, int offset) {
        if (tree == null) {
            if ((keptCount + 1) * m > kept.length) kept = Arrays.copyOf(kept, Math.max(16 * m, kept.length * 2));
            System.arraycopy(counts, offset, kept, keptCount * m, m);
            keptCount++;
        } else {
            update(counts, offset, 0, 0, counts[offset + dims]);
        }
    }

    // Fenwick over dims 0..dims−1 (1-based index count + 1); the innermost dimension is looped in place.
    private int prefixMin(int[] c, int off, int d, int base) {
        if (d == dims) return tree[base];
        int best = Integer.MAX_VALUE;
        if (d == dims - 1) {
            for (int i = c[off + d] + 1; i > 0; i -= i & -i) best = Math.min(best, tree[base + i]);
            return best;
        }
        for (int i = c[off + d] + 1; i > 0; i -= i & -i) best = Math.min(best, prefixMin(c, off, d + 1, base + i * stride[d]));
        return best;
    }

    private void update(int[] c, int off, int d, int base, int last) {
        if (d == dims) {
            tree[base] = Math.min(tree[base], last);
            return;
        }
        if (d == dims - 1) {
            for (int i = c[off + d] + 1; i <= size[d]; i += i & -i) tree[base + i] = Math.min(tree[base + i], last);
            return;
        }
        for (int i = c[off + d] + 1; i <= size[d]; i += i & -i) update(c, off, d + 1, base + i * stride[d], last);
    }

    private boolean dominatedLinear(int[] c, int off) {
        outer:
        for (int j = 0; j < keptCount; j++) {
            for (int k = 0; k < m; k++) if (kept[j * m + k] > c[off + k]) continue outer;
            return true;
        }
        return false;
    }
}
