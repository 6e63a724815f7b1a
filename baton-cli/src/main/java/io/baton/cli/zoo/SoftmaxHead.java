package io.baton.cli.zoo;

import java.util.SplittableRandom;

/**
 * Trains the linear softmax head of a zoo model on fixed features: multinomial logistic regression by
 * mini-batch SGD with momentum, L2 weight decay and a learning rate decaying linearly to zero.
 * Features are standardised for training (zero mean, unit variance per feature) and the
 * standardisation is folded into the returned layer, so the exported graph needs no extra operators:
 * W'[j][c] = W[j][c] / σ_j and b'[c] = b[c] − Σ_j μ_j W[j][c] / σ_j.
 * Deterministic: one thread, examples visited in an order drawn from {@code seed}.
 */
public final class SoftmaxHead {
    public record Options(int epochs, int batch, double learningRate, double momentum, double weightDecay) {
        public static Options standard(int epochs) {
            return new Options(epochs, 64, 0.05, 0.9, 1e-4);
        }
    }

    private SoftmaxHead() {}

    public static Layers.Dense train(float[] features, int n, int d, int[] labels, int classes, Options o, long seed) {
        float[] mu = new float[d], sigma = new float[d];
        standardiser(features, n, d, mu, sigma);
        float[] z = new float[n * d];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < d; j++) z[i * d + j] = (features[i * d + j] - mu[j]) / sigma[j];

        // Weights are kept class-major (w[c][j]) and each mini-batch is gathered transposed (zt[j][t]), so both
        // hot loops run over a long contiguous axis that the JIT vectorises: the logits as
        // l[c][·] += w[c][j]·zt[j][·] (over the batch) and the gradient as g[c][·] += e[t][c]·z[t][·] (over features),
        // both through Blas.
        int bs = o.batch();
        float[] w = new float[classes * d], b = new float[classes], vw = new float[classes * d], vb = new float[classes];
        float[] gw = new float[classes * d], gb = new float[classes], zt = new float[d * bs], l = new float[classes * bs];
        float[] e = new float[classes];
        int[] order = new int[n];
        for (int i = 0; i < n; i++) order[i] = i;
        SplittableRandom rnd = new SplittableRandom(seed);
        int steps = o.epochs() * ((n + bs - 1) / bs), step = 0;
        for (int epoch = 0; epoch < o.epochs(); epoch++) {
            shuffle(order, rnd);
            for (int from = 0; from < n; from += bs) {
                int m = Math.min(n, from + bs) - from;
                for (int t = 0; t < m; t++) {
                    int zo = order[from + t] * d;
                    for (int j = 0; j < d; j++) zt[j * bs + t] = z[zo + j];
                }
                for (int c = 0; c < classes; c++) {
                    java.util.Arrays.fill(l, c * bs, c * bs + m, b[c]);
                    Blas.gemvRows(w, c * d, d, zt, 0, bs, l, c * bs, m);
                }
                java.util.Arrays.fill(gw, 0f);
                java.util.Arrays.fill(gb, 0f);
                for (int t = 0; t < m; t++) {
                    for (int c = 0; c < classes; c++) e[c] = l[c * bs + t];
                    softmaxInPlace(e);
                    e[labels[order[from + t]]] -= 1f; // now the gradient of the loss with respect to the logits
                    for (int c = 0; c < classes; c++) {
                        l[c * bs + t] = e[c];
                        gb[c] += e[c];
                    }
                }
                // gw[c] = Σ_t e[t][c]·z[t], examples taken four at a time.
                for (int c = 0; c < classes; c++) {
                    int go = c * d, lo = c * bs, t = 0;
                    for (; t + 4 <= m; t += 4) {
                        Blas.axpy4(l[lo + t], l[lo + t + 1], l[lo + t + 2], l[lo + t + 3], z, order[from + t] * d,
                                order[from + t + 1] * d, order[from + t + 2] * d, order[from + t + 3] * d, gw, go, d);
                    }
                    for (; t < m; t++) Blas.axpy(l[lo + t], z, order[from + t] * d, gw, go, d);
                }
                float lr = (float) (o.learningRate() * (1.0 - (double) step++ / steps)), inv = 1f / m;
                float mom = (float) o.momentum(), wd = (float) o.weightDecay();
                for (int k = 0; k < w.length; k++) {
                    vw[k] = mom * vw[k] - lr * (gw[k] * inv + wd * w[k]);
                    w[k] += vw[k];
                }
                for (int c = 0; c < classes; c++) {
                    vb[c] = mom * vb[c] - lr * gb[c] * inv;
                    b[c] += vb[c];
                }
            }
        }
        // Fold the standardisation into the layer.
        float[] fw = new float[d * classes], fb = b.clone();
        for (int j = 0; j < d; j++)
            for (int c = 0; c < classes; c++) {
                fw[j * classes + c] = w[c * d + j] / sigma[j];
                fb[c] -= mu[j] * fw[j * classes + c];
            }
        return new Layers.Dense(d, classes, fw, fb);
    }

    /** Per-feature mean and standard deviation (a constant feature gets σ = 1 so it stays harmless). */
    static void standardiser(float[] x, int n, int d, float[] mu, float[] sigma) {
        double[] s = new double[d], s2 = new double[d];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < d; j++) {
                double v = x[i * d + j];
                s[j] += v;
                s2[j] += v * v;
            }
        for (int j = 0; j < d; j++) {
            double m = s[j] / n, var = Math.max(0, s2[j] / n - m * m);
            mu[j] = (float) m;
            sigma[j] = var < 1e-8 ? 1f : (float) Math.sqrt(var);
        }
    }

    static void softmaxInPlace(float[] v) {
        float max = Float.NEGATIVE_INFINITY;
        for (float x : v) max = Math.max(max, x);
        float z = 0;
        for (int i = 0; i < v.length; i++) z += v[i] = (float) StrictMath.exp(v[i] - max); // StrictMath: the same bits on every JVM
        for (int i = 0; i < v.length; i++) v[i] /= z;
    }

    static void shuffle(int[] a, SplittableRandom rnd) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1), t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }
}
