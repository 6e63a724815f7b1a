package io.baton.core.schemble.difficulty;

import io.baton.core.onnx.Dim;
import io.baton.core.onnx.GraphBuilder;
import io.baton.core.onnx.OnnxModel;
import java.util.Arrays;
import java.util.Map;

/**
 * Schemble's difficulty predictor (§V-C, eq. 2): a light network with two heads, the <em>task</em> head (the
 * ensemble's class, output1) and the <em>score</em> head (the discrepancy score, output2), which reads the task
 * head's output together with an intermediate layer, as the paper's does ("the final output is concatenated
 * with intermediate outputs and passed through a dense layer").
 *
 * <pre>
 *   x [C,H,W] → k×k average pooling (k = {@code pool}; 1: none) → flatten (d values)
 *   h = ReLU(x·W1 + b1)                        trunk, {@code hidden} units (also the DES/gating features)
 *   p = softmax(h·W2 + b2)                     task head: class probabilities
 *   g = ReLU(h·A + p·B + a)                     score head, {@code scoreHidden} units
 *   s = g·c + c0                                predicted score
 * </pre>
 *
 * Defined once, run two ways: {@link #forward} in plain Java (training, and the oracle the ONNX graph is checked
 * against) and {@link #toOnnx} as one ONNX graph with outputs {@value #PROBABILITIES} [N, classes] and
 * {@value #SCORE} [N, 1], which ONNX Runtime serves ({@link OnnxDifficultyEnricher}).
 */
public record DifficultyPredictor(Shape shape, Weights weights) {
    public static final String INPUT = "input", PROBABILITIES = "probabilities", SCORE = "difficulty";

    /** The shape of the network: input dims of one example (no batch), pooling, layer widths. */
    public record Shape(int[] inputDims, int pool, int hidden, int classes, int scoreHidden) {
        public Shape {
            inputDims = inputDims.clone();
            if (inputDims.length == 0) throw new IllegalArgumentException("input needs at least one dimension");
            for (int d : inputDims) if (d < 1) throw new IllegalArgumentException("input dimensions must be ≥ 1: " + Arrays.toString(inputDims));
            if (pool < 1) throw new IllegalArgumentException("pool must be ≥ 1");
            if (pool > 1 && (inputDims.length != 3 || inputDims[1] % pool != 0 || inputDims[2] % pool != 0)) {
                throw new IllegalArgumentException("pooling " + pool + " needs a [C,H,W] input with H and W multiples of it, got "
                        + Arrays.toString(inputDims));
            }
            if (hidden < 1 || classes < 2 || scoreHidden < 1) throw new IllegalArgumentException("hidden, scoreHidden ≥ 1 and classes ≥ 2");
        }

        /** Values per example as the caller gives it (before pooling). */
        public int inputSize() {
            return Arrays.stream(inputDims).reduce(1, (a, b) -> a * b);
        }

        /** Values the trunk reads (after pooling). */
        public int features() {
            return inputSize() / (pool * pool);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Shape s && Arrays.equals(inputDims, s.inputDims) && pool == s.pool && hidden == s.hidden
                    && classes == s.classes && scoreHidden == s.scoreHidden;
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(inputDims) * 31 + pool * 7 + hidden * 5 + classes * 3 + scoreHidden;
        }

        @Override
        public String toString() {
            return "Shape" + Arrays.toString(inputDims) + " pool " + pool + ", hidden " + hidden + ", classes " + classes
                    + ", score hidden " + scoreHidden;
        }
    }

    /** Every weight, row-major with the input index first ([in][out]), as ONNX Gemm reads them. */
    public record Weights(float[] w1, float[] b1, float[] w2, float[] b2, float[] a, float[] bp, float[] aBias, float[] c,
                          float c0) {
        /** Zero weights of the right sizes (what the trainer's gradients and Adam moments look like). */
        public static Weights zeros(Shape s) {
            int d = s.features(), h = s.hidden(), k = s.classes(), g = s.scoreHidden();
            return new Weights(new float[d * h], new float[h], new float[h * k], new float[k], new float[h * g], new float[k * g],
                    new float[g], new float[g], 0f);
        }

        void check(Shape s) {
            Weights z = zeros(s);
            if (w1.length != z.w1.length || b1.length != z.b1.length || w2.length != z.w2.length || b2.length != z.b2.length
                    || a.length != z.a.length || bp.length != z.bp.length || aBias.length != z.aBias.length || c.length != z.c.length) {
                throw new IllegalArgumentException("weights do not fit " + s);
            }
        }
    }

    /** One batch through the network: per example its class probabilities, score and trunk features h. */
    public record Output(float[] probabilities, float[] scores, float[] features) {}

    public DifficultyPredictor {
        weights.check(shape);
    }

    /** The pooled, flattened trunk input of {@code n} examples. */
    public float[] pooled(float[] x, int n) {
        if (x.length != n * shape.inputSize()) throw new IllegalArgumentException("expected " + n + " × " + shape.inputSize() + " values, got " + x.length);
        int k = shape.pool();
        if (k == 1) return x;
        int ch = shape.inputDims()[0], hh = shape.inputDims()[1], ww = shape.inputDims()[2], oh = hh / k, ow = ww / k;
        float[] y = new float[n * shape.features()];
        float inv = 1f / (k * k);
        for (int e = 0; e < n; e++)
            for (int c = 0; c < ch; c++)
                for (int oy = 0; oy < oh; oy++)
                    for (int ox = 0; ox < ow; ox++) {
                        float sum = 0;
                        for (int dy = 0; dy < k; dy++)
                            for (int dx = 0; dx < k; dx++) sum += x[e * shape.inputSize() + (c * hh + oy * k + dy) * ww + ox * k + dx];
                        y[e * shape.features() + (c * oh + oy) * ow + ox] = sum * inv;
                    }
        return y;
    }

    /** Forward pass over {@code n} examples given as the caller gives them (before pooling). */
    public Output forward(float[] x, int n) {
        return forwardPooled(pooled(x, n), n, null);
    }

    /**
     * Forward pass on pooled inputs; when {@code cache} is given, keeps what backpropagation needs:
     * cache[0] = z1 (pre-ReLU trunk), cache[1] = z3 (pre-ReLU score head), cache[2] = g.
     */
    Output forwardPooled(float[] x, int n, float[][] cache) {
        int d = shape.features(), hd = shape.hidden(), k = shape.classes(), sg = shape.scoreHidden();
        float[] z1 = new float[n * hd], h = new float[n * hd], p = new float[n * k], z3 = new float[n * sg], g = new float[n * sg];
        float[] s = new float[n];
        for (int e = 0; e < n; e++) {
            int xo = e * d, ho = e * hd, po = e * k, go = e * sg;
            System.arraycopy(weights.b1, 0, z1, ho, hd);
            for (int i = 0; i < d; i++) {
                float v = x[xo + i];
                if (v == 0f) continue;
                int row = i * hd;
                for (int j = 0; j < hd; j++) z1[ho + j] += v * weights.w1[row + j];
            }
            for (int j = 0; j < hd; j++) h[ho + j] = Math.max(0f, z1[ho + j]);
            System.arraycopy(weights.b2, 0, p, po, k);
            for (int j = 0; j < hd; j++) {
                float v = h[ho + j];
                if (v == 0f) continue;
                for (int c = 0; c < k; c++) p[po + c] += v * weights.w2[j * k + c];
            }
            softmax(p, po, k);
            System.arraycopy(weights.aBias, 0, z3, go, sg);
            for (int j = 0; j < hd; j++) {
                float v = h[ho + j];
                if (v == 0f) continue;
                for (int q = 0; q < sg; q++) z3[go + q] += v * weights.a[j * sg + q];
            }
            for (int c = 0; c < k; c++) {
                float v = p[po + c];
                for (int q = 0; q < sg; q++) z3[go + q] += v * weights.bp[c * sg + q];
            }
            float score = weights.c0;
            for (int q = 0; q < sg; q++) {
                g[go + q] = Math.max(0f, z3[go + q]);
                score += g[go + q] * weights.c[q];
            }
            s[e] = score;
        }
        if (cache != null) {
            cache[0] = z1;
            cache[1] = z3;
            cache[2] = g;
        }
        return new Output(p, s, h);
    }

    static void softmax(float[] v, int off, int len) {
        float max = Float.NEGATIVE_INFINITY;
        for (int i = 0; i < len; i++) max = Math.max(max, v[off + i]);
        double z = 0;
        for (int i = 0; i < len; i++) z += v[off + i] = (float) Math.exp(v[off + i] - max);
        for (int i = 0; i < len; i++) v[off + i] = (float) (v[off + i] / z);
    }

    /** The network as one ONNX graph: input {@value #INPUT} [N, dims…], outputs {@value #PROBABILITIES} and {@value #SCORE}. */
    public OnnxModel toOnnx(String name, Map<String, String> metadata) {
        GraphBuilder g = new GraphBuilder(name);
        Dim[] in = new Dim[shape.inputDims().length + 1];
        in[0] = Dim.BATCH;
        for (int i = 0; i < shape.inputDims().length; i++) in[i + 1] = Dim.of(shape.inputDims()[i]);
        String x = g.input(INPUT, in);
        int k = shape.pool(), d = shape.features(), hd = shape.hidden(), cl = shape.classes(), sg = shape.scoreHidden();
        if (k > 1) x = g.averagePool(x, new long[] {k, k}, new long[] {k, k});
        String f = g.flatten(x, 1);
        String h = g.relu(g.gemm(f, g.weights("w1", new long[] {d, hd}, weights.w1), g.weights("b1", new long[] {hd}, weights.b1)));
        String p = g.softmax(g.gemm(h, g.weights("w2", new long[] {hd, cl}, weights.w2), g.weights("b2", new long[] {cl}, weights.b2)), 1);
        String z3 = g.add(g.gemm(h, g.weights("a", new long[] {hd, sg}, weights.a), g.weights("a_bias", new long[] {sg}, weights.aBias)),
                g.matMul(p, g.weights("bp", new long[] {cl, sg}, weights.bp)));
        String s = g.gemm(g.relu(z3), g.weights("c", new long[] {sg, 1}, weights.c), g.weights("c0", new long[] {1}, new float[] {weights.c0}));
        g.output(p, PROBABILITIES, Dim.BATCH, Dim.of(cl));
        g.output(s, SCORE, Dim.BATCH, Dim.of(1));
        metadata.forEach(g::metadata);
        g.docString("Schemble difficulty predictor: " + shape + "; outputs the class probabilities (task head) and the "
                + "predicted discrepancy score (score head)");
        return g.build();
    }
}
