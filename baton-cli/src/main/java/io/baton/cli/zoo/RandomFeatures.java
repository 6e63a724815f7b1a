package io.baton.cli.zoo;

import java.util.SplittableRandom;

/**
 * Fixed random layers (never trained): the feature extractors of the zoo. Filters are Gaussian with
 * variance 1/fan-in and made zero-mean, so each responds to contrast (edges, stripes) rather than to
 * brightness; biases are small and random so ReLUs cut at different levels.
 */
public final class RandomFeatures {
    private RandomFeatures() {}

    public static Layers.Conv2d conv(SplittableRandom rnd, int inC, int outC, int k) {
        int q = inC * k * k;
        float[] w = new float[outC * q], b = new float[outC];
        double sd = Math.sqrt(1.0 / q);
        for (int m = 0; m < outC; m++) {
            double mean = 0;
            for (int p = 0; p < q; p++) mean += w[m * q + p] = (float) (gaussian(rnd) * sd);
            mean /= q;
            for (int p = 0; p < q; p++) w[m * q + p] -= (float) mean;
            b[m] = (float) (gaussian(rnd) * 0.05);
        }
        return new Layers.Conv2d(inC, outC, k, k / 2, w, b);
    }

    public static Layers.Dense dense(SplittableRandom rnd, int in, int out) {
        float[] w = new float[in * out], b = new float[out];
        double sd = Math.sqrt(1.0 / in);
        for (int i = 0; i < w.length; i++) w[i] = (float) (gaussian(rnd) * sd);
        for (int j = 0; j < out; j++) b[j] = (float) (gaussian(rnd) * 0.1);
        return new Layers.Dense(in, out, w, b);
    }

    /** A standard normal draw (Box–Muller; SplittableRandom has no nextGaussian in Java 17). */
    static double gaussian(SplittableRandom rnd) {
        double u = 1.0 - rnd.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd.nextDouble());
    }
}
