package io.baton.core.ipa.forecast;

import java.util.Arrays;
import java.util.Random;

/**
 * IPA's load predictor (§3, §5.1; the artifact's {@code prediction-modules/lstm-module}): one LSTM layer of 25 units
 * followed by one dense unit, reading the per-second load of the last 2 minutes as twelve 10-second maxima and
 * predicting the maximum load of the next 20 seconds. Trained with Adam on the mean squared error, 30 epochs, batch
 * 64, seed 7, as in the artifact.
 *
 * <p>Plain Java (no library): the whole model is 2,726 weights and a 12-step sequence, so a direct implementation of
 * the forward pass and back-propagation through time is short and needs nothing outside the JDK. Choices where we
 * depart from or add to the artifact, and why:
 * <ul>
 *   <li>The standard LSTM activations (tanh for the cell input and output) rather than Keras' relu option the
 *       artifact sets: tanh keeps the recurrent state bounded, which makes plain-Java training reliable without
 *       gradient clipping tuning. No L1 regulariser (1e-5 in the artifact: negligible at this size).</li>
 *   <li>Inputs and target are divided by one scale (the largest training target), so the network sees values in
 *       [0, 1]; predictions are scaled back and clamped at 0.</li>
 *   <li>Fewer than 12 complete 10-s windows of history: the maximum of what there is (the artifact's fallback).</li>
 * </ul>
 */
public final class LstmForecaster implements LoadForecaster {

    public static final int UNITS = 25;
    public static final int STEPS = 12;
    public static final int STEP_S = 10;

    private final int h = UNITS;
    // Parameters: W (4h, input dim 1), U (4h × h), b (4h), v (h), c (1). Gate order i, f, g, o.
    private final double[] w = new double[4 * UNITS];
    private final double[] u = new double[4 * UNITS * UNITS];
    private final double[] b = new double[4 * UNITS];
    private final double[] v = new double[UNITS];
    private final double[] c = new double[1];
    private double scale = 1;

    private LstmForecaster(long seed) {
        Random rnd = new Random(seed);
        double r = 1 / Math.sqrt(h);
        for (int i = 0; i < w.length; i++) w[i] = (rnd.nextDouble() * 2 - 1) * r;
        for (int i = 0; i < u.length; i++) u[i] = (rnd.nextDouble() * 2 - 1) * r;
        for (int i = 0; i < v.length; i++) v[i] = (rnd.nextDouble() * 2 - 1) * r;
        for (int j = 0; j < h; j++) b[h + j] = 1; // forget-gate bias 1, the usual initialisation
    }

    /** The twelve 10-s maxima ending at the end of {@code perSecond}, or null with fewer than 120 s of history. */
    static double[] features(double[] perSecond, int end) {
        if (end < STEPS * STEP_S) return null;
        double[] x = new double[STEPS];
        for (int k = 0; k < STEPS; k++) {
            double m = 0;
            for (int t = end - (STEPS - k) * STEP_S; t < end - (STEPS - k - 1) * STEP_S; t++) m = Math.max(m, perSecond[t]);
            x[k] = m;
        }
        return x;
    }

    /**
     * Trains on a per-second trace: one sample every {@code strideS} seconds from second 120 on, input the twelve
     * 10-s maxima before it, target the maximum of the 20 s from it.
     */
    public static LstmForecaster train(double[] trace, int strideS, int epochs, long seed) {
        int n = 0;
        for (int t = STEPS * STEP_S; t + HORIZON_S <= trace.length; t += strideS) n++;
        double[][] xs = new double[n][];
        double[] ys = new double[n];
        int k = 0;
        for (int t = STEPS * STEP_S; t + HORIZON_S <= trace.length; t += strideS) {
            xs[k] = features(trace, t);
            double y = 0;
            for (int i = t; i < t + HORIZON_S; i++) y = Math.max(y, trace[i]);
            ys[k++] = y;
        }
        LstmForecaster f = new LstmForecaster(seed);
        f.scale = Math.max(1e-9, Arrays.stream(ys).max().orElse(1));
        for (double[] x : xs) for (int i = 0; i < x.length; i++) x[i] /= f.scale;
        for (int i = 0; i < n; i++) ys[i] /= f.scale;
        f.fit(xs, ys, epochs, 64, new Random(seed));
        return f;
    }

    @Override
    public double predict(double[] perSecond) {
        double[] x = features(perSecond, perSecond.length);
        if (x == null) return Arrays.stream(perSecond).max().orElse(0);
        for (int i = 0; i < x.length; i++) x[i] /= scale;
        return Math.max(0, forward(x, null) * scale);
    }

    @Override
    public String name() {
        return "lstm-25";
    }

    private static double sigmoid(double z) {
        return 1 / (1 + Math.exp(-z));
    }

    /** Forward pass; when {@code cache} is given it keeps gates and states for back-propagation. */
    private double forward(double[] x, Cache cache) {
        double[] hPrev = new double[h], cPrev = new double[h];
        for (int t = 0; t < x.length; t++) {
            double[] gates = cache != null ? cache.gates[t] : new double[4 * h];
            for (int r = 0; r < 4 * h; r++) {
                double z = b[r] + w[r] * x[t];
                int row = r * h;
                for (int j = 0; j < h; j++) z += u[row + j] * hPrev[j];
                gates[r] = r >= 2 * h && r < 3 * h ? Math.tanh(z) : sigmoid(z);
            }
            double[] cNew = cache != null ? cache.cs[t + 1] : new double[h];
            double[] hNew = cache != null ? cache.hs[t + 1] : new double[h];
            for (int j = 0; j < h; j++) {
                cNew[j] = gates[h + j] * cPrev[j] + gates[j] * gates[2 * h + j];
                hNew[j] = gates[3 * h + j] * Math.tanh(cNew[j]);
            }
            hPrev = hNew;
            cPrev = cNew;
        }
        double y = c[0];
        for (int j = 0; j < h; j++) y += v[j] * hPrev[j];
        return y;
    }

    private final class Cache {
        final double[][] gates = new double[STEPS][4 * h];
        final double[][] hs = new double[STEPS + 1][h];
        final double[][] cs = new double[STEPS + 1][h];
    }

    private void fit(double[][] xs, double[] ys, int epochs, int batch, Random rnd) {
        double[][] params = {w, u, b, v, c};
        double[][] grads = new double[params.length][];
        double[][] m1 = new double[params.length][];
        double[][] m2 = new double[params.length][];
        for (int p = 0; p < params.length; p++) {
            grads[p] = new double[params[p].length];
            m1[p] = new double[params[p].length];
            m2[p] = new double[params[p].length];
        }
        double lr = 0.01, beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
        int step = 0;
        Integer[] order = new Integer[xs.length];
        for (int i = 0; i < order.length; i++) order[i] = i;
        Cache cache = new Cache();
        for (int epoch = 0; epoch < epochs; epoch++) {
            java.util.Collections.shuffle(Arrays.asList(order), rnd);
            for (int start = 0; start < order.length; start += batch) {
                int end = Math.min(order.length, start + batch);
                for (double[] g : grads) Arrays.fill(g, 0);
                for (int k = start; k < end; k++) {
                    int i = order[k];
                    double y = forward(xs[i], cache);
                    backward(xs[i], cache, 2 * (y - ys[i]) / (end - start), grads);
                }
                step++;
                double bc1 = 1 - Math.pow(beta1, step), bc2 = 1 - Math.pow(beta2, step);
                for (int p = 0; p < params.length; p++) {
                    for (int q = 0; q < params[p].length; q++) {
                        double g = grads[p][q];
                        m1[p][q] = beta1 * m1[p][q] + (1 - beta1) * g;
                        m2[p][q] = beta2 * m2[p][q] + (1 - beta2) * g * g;
                        params[p][q] -= lr * (m1[p][q] / bc1) / (Math.sqrt(m2[p][q] / bc2) + eps);
                    }
                }
            }
        }
    }

    /** Back-propagation through time of one sample's loss gradient dy into grads {W, U, b, v, c}. */
    private void backward(double[] x, Cache cache, double dy, double[][] grads) {
        double[] gw = grads[0], gu = grads[1], gb = grads[2], gv = grads[3], gc = grads[4];
        int T = x.length;
        double[] dh = new double[h], dc = new double[h], dz = new double[4 * h];
        for (int j = 0; j < h; j++) {
            gv[j] += dy * cache.hs[T][j];
            dh[j] = dy * v[j];
        }
        gc[0] += dy;
        for (int t = T - 1; t >= 0; t--) {
            double[] g = cache.gates[t];
            double[] cPrev = cache.cs[t], hPrev = cache.hs[t], cNow = cache.cs[t + 1];
            for (int j = 0; j < h; j++) {
                double i = g[j], f = g[h + j], gg = g[2 * h + j], o = g[3 * h + j];
                double tc = Math.tanh(cNow[j]);
                double dO = dh[j] * tc;
                double dC = dc[j] + dh[j] * o * (1 - tc * tc);
                dz[j] = dC * gg * i * (1 - i);
                dz[h + j] = dC * cPrev[j] * f * (1 - f);
                dz[2 * h + j] = dC * i * (1 - gg * gg);
                dz[3 * h + j] = dO * o * (1 - o);
                dc[j] = dC * f;
            }
            Arrays.fill(dh, 0);
            for (int r = 0; r < 4 * h; r++) {
                double d = dz[r];
                if (d == 0) continue;
                gw[r] += d * x[t];
                gb[r] += d;
                int row = r * h;
                for (int j = 0; j < h; j++) {
                    gu[row + j] += d * hPrev[j];
                    dh[j] += u[row + j] * d;
                }
            }
        }
    }
}
