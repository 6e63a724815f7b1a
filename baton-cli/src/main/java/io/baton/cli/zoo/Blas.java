package io.baton.cli.zoo;

/**
 * The two inner loops every Java forward pass and the head training spend their time in, as small
 * static methods so that the JIT compiles and vectorises them on their own. Summation order is fixed,
 * so results are reproducible.
 */
final class Blas {
    private Blas() {}

    /** y[yo..yo+n) += a·x[xo..xo+n). */
    static void axpy(float a, float[] x, int xo, float[] y, int yo, int n) {
        for (int i = 0; i < n; i++) y[yo + i] += a * x[xo + i];
    }

    /** y[yo..yo+n) += a0·x[o0..] + a1·x[o1..] + a2·x[o2..] + a3·x[o3..]: four rows per pass over y. */
    static void axpy4(float a0, float a1, float a2, float a3, float[] x, int o0, int o1, int o2, int o3, float[] y, int yo, int n) {
        for (int i = 0; i < n; i++) y[yo + i] += a0 * x[o0 + i] + a1 * x[o1 + i] + a2 * x[o2 + i] + a3 * x[o3 + i];
    }

    /** y[yo..yo+n) += Σ_k a[ao+k]·x[(xo + k·stride)..] for k < K: rows taken four at a time. */
    static void gemvRows(float[] a, int ao, int k, float[] x, int xo, int stride, float[] y, int yo, int n) {
        int p = 0;
        for (; p + 4 <= k; p += 4) {
            int r = xo + p * stride;
            axpy4(a[ao + p], a[ao + p + 1], a[ao + p + 2], a[ao + p + 3], x, r, r + stride, r + 2 * stride, r + 3 * stride, y, yo, n);
        }
        for (; p < k; p++) axpy(a[ao + p], x, xo + p * stride, y, yo, n);
    }
}
