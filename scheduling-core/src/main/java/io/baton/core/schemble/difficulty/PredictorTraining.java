package io.baton.core.schemble.difficulty;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Trains a {@link DifficultyPredictor} on recorded ensemble outputs (Schemble eq. 2):
 * {@code Loss = CE(ensemble class, output1) + λ·MSE(score, output2)}, λ = 0.2 by default. The task label is the
 * <em>ensemble's</em> class, not the human label: the predictor learns what the ensemble would say and how far
 * its base models are from it.
 *
 * <p>Mini-batch Adam, He-initialised weights, the score's output bias started at the mean target. Deterministic: one
 * thread, weights and the example order drawn from {@code seed}, so the same data and options give the same bytes.
 */
public final class PredictorTraining {

    /** @param lambda the weight of the score loss (the paper's 0.2) */
    public record Options(int epochs, int batch, double learningRate, double lambda, long seed) {
        public Options {
            if (epochs < 1 || batch < 1 || !(learningRate > 0) || !(lambda >= 0)) throw new IllegalArgumentException("bad training options");
        }

        public static Options standard(long seed) {
            return new Options(20, 64, 2e-3, 0.2, seed);
        }
    }

    /** The trained network and, per epoch, the mean task (cross-entropy) and score (squared error) losses. */
    public record Result(DifficultyPredictor predictor, double[] taskLoss, double[] scoreLoss) {}

    private PredictorTraining() {}

    /**
     * @param inputs n examples as the caller gives them (before pooling), one after another
     * @param labels the ensemble's class per example
     * @param scores the target score per example (the discrepancy score, or ensemble agreement for Schemble(ea))
     */
    public static Result train(DifficultyPredictor.Shape shape, float[] inputs, int n, int[] labels, double[] scores, Options o) {
        if (labels.length != n || scores.length != n || n == 0) throw new IllegalArgumentException("need one label and one score per example");
        for (int y : labels) if (y < 0 || y >= shape.classes()) throw new IllegalArgumentException("label " + y + " outside [0, " + shape.classes() + ")");
        SplittableRandom rnd = new SplittableRandom(o.seed());
        DifficultyPredictor.Weights w = DifficultyPredictor.Weights.zeros(shape);
        int d = shape.features(), hd = shape.hidden(), k = shape.classes(), sg = shape.scoreHidden();
        he(w.w1(), d, rnd);
        he(w.w2(), hd, rnd);
        he(w.a(), hd, rnd);
        he(w.bp(), k, rnd);
        he(w.c(), sg, rnd);
        // Biases a little positive: fewer ReLUs dead at the start (a score head of a few units can otherwise die whole).
        Arrays.fill(w.b1(), 0.01f);
        Arrays.fill(w.aBias(), 0.1f);
        float[] c0 = {(float) Arrays.stream(scores).average().orElse(0)};
        float[][] params = {w.w1(), w.b1(), w.w2(), w.b2(), w.a(), w.bp(), w.aBias(), w.c(), c0};
        float[][] grads = new float[params.length][], m1 = new float[params.length][], m2 = new float[params.length][];
        for (int i = 0; i < params.length; i++) {
            grads[i] = new float[params[i].length];
            m1[i] = new float[params[i].length];
            m2[i] = new float[params[i].length];
        }
        float[] pooled = new DifficultyPredictor(shape, w).pooled(inputs, n);
        int[] order = new int[n];
        for (int i = 0; i < n; i++) order[i] = i;
        double[] taskLoss = new double[o.epochs()], scoreLoss = new double[o.epochs()];
        float[] xb = new float[o.batch() * d];
        long step = 0;
        for (int epoch = 0; epoch < o.epochs(); epoch++) {
            shuffle(order, rnd);
            for (int from = 0; from < n; from += o.batch()) {
                int b = Math.min(n, from + o.batch()) - from;
                for (int t = 0; t < b; t++) System.arraycopy(pooled, order[from + t] * d, xb, t * d, d);
                DifficultyPredictor net = new DifficultyPredictor(shape, new DifficultyPredictor.Weights(w.w1(), w.b1(), w.w2(), w.b2(),
                        w.a(), w.bp(), w.aBias(), w.c(), c0[0]));
                float[][] cache = new float[3][];
                DifficultyPredictor.Output out = net.forwardPooled(xb, b, cache);
                for (float[] g : grads) Arrays.fill(g, 0f);
                double[] losses = backward(shape, w, xb, b, out, cache, labels, scores, order, from, o.lambda(), grads);
                taskLoss[epoch] += losses[0];
                scoreLoss[epoch] += losses[1];
                adam(params, grads, m1, m2, ++step, o.learningRate());
            }
            taskLoss[epoch] /= n;
            scoreLoss[epoch] /= n;
        }
        DifficultyPredictor.Weights fin = new DifficultyPredictor.Weights(w.w1(), w.b1(), w.w2(), w.b2(), w.a(), w.bp(), w.aBias(),
                w.c(), c0[0]);
        return new Result(new DifficultyPredictor(shape, fin), taskLoss, scoreLoss);
    }

    /** Gradients of the batch's mean loss into {@code grads} (same order as the parameters); answers the summed losses. */
    private static double[] backward(DifficultyPredictor.Shape shape, DifficultyPredictor.Weights w, float[] x, int b,
                                     DifficultyPredictor.Output out, float[][] cache, int[] labels, double[] scores, int[] order,
                                     int from, double lambda, float[][] grads) {
        int d = shape.features(), hd = shape.hidden(), k = shape.classes(), sg = shape.scoreHidden();
        float[] z1 = cache[0], z3 = cache[1], g = cache[2], h = out.features(), p = out.probabilities();
        float[] gw1 = grads[0], gb1 = grads[1], gw2 = grads[2], gb2 = grads[3], ga = grads[4], gbp = grads[5], gab = grads[6],
                gc = grads[7], gc0 = grads[8];
        float inv = 1f / b;
        double task = 0, score = 0;
        float[] dz3 = new float[sg], dp = new float[k], dl = new float[k], dh = new float[hd];
        for (int e = 0; e < b; e++) {
            int ex = order[from + e], ho = e * hd, po = e * k, go = e * sg, xo = e * d;
            int y = labels[ex];
            task -= Math.log(Math.max(p[po + y], 1e-12f));
            double err = out.scores()[e] - scores[ex];
            score += err * err;
            float ds = (float) (2 * lambda * err) * inv;
            gc0[0] += ds;
            for (int q = 0; q < sg; q++) {
                gc[q] += g[go + q] * ds;
                dz3[q] = z3[go + q] > 0 ? w.c()[q] * ds : 0f;
                gab[q] += dz3[q];
            }
            Arrays.fill(dh, 0f);
            for (int j = 0; j < hd; j++) {
                float hj = h[ho + j], acc = 0;
                for (int q = 0; q < sg; q++) {
                    if (hj != 0f) ga[j * sg + q] += hj * dz3[q];
                    acc += w.a()[j * sg + q] * dz3[q];
                }
                dh[j] = acc;
            }
            float dot = 0;
            for (int c = 0; c < k; c++) {
                float pc = p[po + c], acc = 0;
                for (int q = 0; q < sg; q++) {
                    gbp[c * sg + q] += pc * dz3[q];
                    acc += w.bp()[c * sg + q] * dz3[q];
                }
                dp[c] = acc;
                dot += pc * acc;
            }
            // softmax: cross-entropy gives p − onehot; the score head's pull through p is p ⊙ (dp − p·dp).
            for (int c = 0; c < k; c++) {
                float pc = p[po + c];
                dl[c] = (pc - (c == y ? 1f : 0f)) * inv + pc * (dp[c] - dot);
                gb2[c] += dl[c];
            }
            for (int j = 0; j < hd; j++) {
                float hj = h[ho + j], acc = 0;
                for (int c = 0; c < k; c++) {
                    if (hj != 0f) gw2[j * k + c] += hj * dl[c];
                    acc += w.w2()[j * k + c] * dl[c];
                }
                dh[j] += acc;
            }
            for (int j = 0; j < hd; j++) {
                float dz = z1[ho + j] > 0 ? dh[j] : 0f;
                dh[j] = dz;
                gb1[j] += dz;
            }
            for (int i = 0; i < d; i++) {
                float v = x[xo + i];
                if (v == 0f) continue;
                int row = i * hd;
                for (int j = 0; j < hd; j++) gw1[row + j] += v * dh[j];
            }
        }
        return new double[] {task, score};
    }

    /** {@link #backward}, for the finite-difference test. */
    static double[] backwardForTest(DifficultyPredictor.Shape shape, DifficultyPredictor.Weights w, float[] x, int b,
                                    DifficultyPredictor.Output out, float[][] cache, int[] labels, double[] scores, int[] order,
                                    int from, double lambda, float[][] grads) {
        return backward(shape, w, x, b, out, cache, labels, scores, order, from, lambda, grads);
    }

    private static void adam(float[][] params, float[][] grads, float[][] m1, float[][] m2, long step, double lr) {
        double b1 = 0.9, b2 = 0.999, eps = 1e-8;
        double c1 = 1 - Math.pow(b1, step), c2 = 1 - Math.pow(b2, step);
        for (int i = 0; i < params.length; i++) {
            float[] p = params[i], g = grads[i], m = m1[i], v = m2[i];
            for (int j = 0; j < p.length; j++) {
                m[j] = (float) (b1 * m[j] + (1 - b1) * g[j]);
                v[j] = (float) (b2 * v[j] + (1 - b2) * g[j] * g[j]);
                p[j] -= (float) (lr * (m[j] / c1) / (Math.sqrt(v[j] / c2) + eps));
            }
        }
    }

    private static void he(float[] w, int fanIn, SplittableRandom rnd) {
        double sd = Math.sqrt(2.0 / fanIn);
        for (int i = 0; i < w.length; i++) w[i] = (float) (gaussian(rnd) * sd);
    }

    private static double gaussian(SplittableRandom rnd) {
        return Math.sqrt(-2 * Math.log(1.0 - rnd.nextDouble())) * Math.cos(2 * Math.PI * rnd.nextDouble());
    }

    private static void shuffle(int[] a, SplittableRandom rnd) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1), t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }
}
