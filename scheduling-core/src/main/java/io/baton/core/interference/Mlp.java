package io.baton.core.interference;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A small multilayer perceptron in plain Java: fully connected layers, ReLU between them, a linear output,
 * inputs standardised with the training set's mean and standard deviation. Trained by mini-batch Adam on
 * mean squared error. The paper's sub-models are "lightweight MLPs" whose sizes (Table I's last row) are lost
 * from our copy; {@link MlpInterferencePredictor} picks them.
 *
 * <p>Deterministic: the initial weights (He initialisation) and the mini-batch order come from the seed.
 */
public final class Mlp {

    private final int[] sizes;
    private final double[][] w; // w[l][out * in + i]
    private final double[][] b;
    private final double[] mean, std;

    /** @param sizes neurons per layer, input first, output (1) last */
    public Mlp(int[] sizes, long seed) {
        if (sizes.length < 2 || sizes[sizes.length - 1] != 1) throw new IllegalArgumentException("an MLP needs ≥ 2 layers and one output");
        this.sizes = sizes.clone();
        SplittableRandom rng = new SplittableRandom(seed);
        w = new double[sizes.length - 1][];
        b = new double[sizes.length - 1][];
        for (int l = 0; l < w.length; l++) {
            int in = sizes[l], out = sizes[l + 1];
            w[l] = new double[in * out];
            b[l] = new double[out];
            double s = Math.sqrt(2.0 / in);
            for (int k = 0; k < w[l].length; k++) w[l][k] = gaussian(rng) * s;
        }
        mean = new double[sizes[0]];
        std = new double[sizes[0]];
        Arrays.fill(std, 1);
    }

    public int inputs() {
        return sizes[0];
    }

    public double predict(double[] x) {
        double[] a = new double[x.length];
        for (int i = 0; i < x.length; i++) a[i] = (x[i] - mean[i]) / std[i];
        for (int l = 0; l < w.length; l++) {
            int in = sizes[l], out = sizes[l + 1];
            double[] z = new double[out];
            for (int o = 0; o < out; o++) {
                double s = b[l][o];
                for (int i = 0; i < in; i++) s += w[l][o * in + i] * a[i];
                z[o] = l == w.length - 1 ? s : Math.max(0, s);
            }
            a = z;
        }
        return a[0];
    }

    /** Mean squared error over a data set. */
    public double mse(double[][] xs, double[] ys) {
        double s = 0;
        for (int n = 0; n < xs.length; n++) {
            double e = predict(xs[n]) - ys[n];
            s += e * e;
        }
        return s / xs.length;
    }

    /**
     * Fits the standardisation to xs, then trains.
     *
     * @param epochs passes over the data; @param batch mini-batch size; @param lr Adam's step size
     */
    public void train(double[][] xs, double[] ys, int epochs, int batch, double lr, long seed) {
        if (xs.length == 0 || xs.length != ys.length) throw new IllegalArgumentException("need as many targets as inputs, ≥ 1");
        fitStandardisation(xs);
        int layers = w.length;
        double[][] mw = new double[layers][], vw = new double[layers][], mb = new double[layers][], vb = new double[layers][];
        double[][] gw = new double[layers][], gb = new double[layers][];
        double[][] act = new double[layers + 1][], delta = new double[layers][];
        for (int l = 0; l < layers; l++) {
            mw[l] = new double[w[l].length]; vw[l] = new double[w[l].length]; gw[l] = new double[w[l].length];
            mb[l] = new double[b[l].length]; vb[l] = new double[b[l].length]; gb[l] = new double[b[l].length];
            delta[l] = new double[sizes[l + 1]];
        }
        for (int l = 0; l <= layers; l++) act[l] = new double[sizes[l]];
        int[] order = new int[xs.length];
        for (int i = 0; i < order.length; i++) order[i] = i;
        SplittableRandom rng = new SplittableRandom(seed);
        final double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
        long step = 0;
        for (int epoch = 0; epoch < epochs; epoch++) {
            for (int i = order.length - 1; i > 0; i--) {
                int j = rng.nextInt(i + 1);
                int t = order[i]; order[i] = order[j]; order[j] = t;
            }
            for (int start = 0; start < order.length; start += batch) {
                int end = Math.min(order.length, start + batch);
                for (int l = 0; l < layers; l++) { Arrays.fill(gw[l], 0); Arrays.fill(gb[l], 0); }
                for (int k = start; k < end; k++) {
                    double[] x = xs[order[k]];
                    for (int i = 0; i < x.length; i++) act[0][i] = (x[i] - mean[i]) / std[i];
                    for (int l = 0; l < layers; l++) {
                        int in = sizes[l], out = sizes[l + 1];
                        for (int o = 0; o < out; o++) {
                            double s = b[l][o];
                            for (int i = 0; i < in; i++) s += w[l][o * in + i] * act[l][i];
                            act[l + 1][o] = l == layers - 1 ? s : Math.max(0, s);
                        }
                    }
                    delta[layers - 1][0] = 2 * (act[layers][0] - ys[order[k]]);
                    for (int l = layers - 1; l >= 0; l--) {
                        int in = sizes[l], out = sizes[l + 1];
                        for (int o = 0; o < out; o++) {
                            double d = delta[l][o];
                            gb[l][o] += d;
                            for (int i = 0; i < in; i++) gw[l][o * in + i] += d * act[l][i];
                        }
                        if (l > 0) {
                            for (int i = 0; i < in; i++) {
                                double s = 0;
                                for (int o = 0; o < out; o++) s += w[l][o * in + i] * delta[l][o];
                                delta[l - 1][i] = act[l][i] > 0 ? s : 0; // ReLU'
                            }
                        }
                    }
                }
                step++;
                double n = end - start;
                double c1 = 1 - Math.pow(beta1, step), c2 = 1 - Math.pow(beta2, step);
                for (int l = 0; l < layers; l++) {
                    adam(w[l], gw[l], mw[l], vw[l], n, lr, beta1, beta2, eps, c1, c2);
                    adam(b[l], gb[l], mb[l], vb[l], n, lr, beta1, beta2, eps, c1, c2);
                }
            }
        }
    }

    private static void adam(double[] p, double[] g, double[] m, double[] v, double n, double lr,
                             double beta1, double beta2, double eps, double c1, double c2) {
        for (int k = 0; k < p.length; k++) {
            double gk = g[k] / n;
            m[k] = beta1 * m[k] + (1 - beta1) * gk;
            v[k] = beta2 * v[k] + (1 - beta2) * gk * gk;
            p[k] -= lr * (m[k] / c1) / (Math.sqrt(v[k] / c2) + eps);
        }
    }

    private void fitStandardisation(double[][] xs) {
        int d = sizes[0];
        for (double[] x : xs) {
            if (x.length != d) throw new IllegalArgumentException("every input needs " + d + " features");
        }
        for (int i = 0; i < d; i++) {
            double s = 0, s2 = 0;
            for (double[] x : xs) { s += x[i]; s2 += x[i] * x[i]; }
            double m = s / xs.length;
            mean[i] = m;
            std[i] = Math.max(1e-9, Math.sqrt(Math.max(0, s2 / xs.length - m * m)));
        }
    }

    private static double gaussian(SplittableRandom rng) {
        double u1 = rng.nextDouble(), u2 = rng.nextDouble();
        return Math.sqrt(-2 * Math.log(Math.max(u1, 1e-300))) * Math.cos(2 * Math.PI * u2);
    }
}
