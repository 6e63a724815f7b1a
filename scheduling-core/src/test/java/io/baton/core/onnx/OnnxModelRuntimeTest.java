package io.baton.core.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import java.nio.FloatBuffer;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * ONNX Runtime opens what {@link GraphBuilder} writes and computes what plain Java loops compute,
 * for every operator the builder offers (Conv, Relu, MaxPool, AveragePool, Flatten, Reshape, Gemm,
 * MatMul, Add, Sub, Mul, Div, Softmax).
 */
class OnnxModelRuntimeTest {
    static final int C = 3, H = 6, K = 3, F = C * 2 * 2, OUT = 5;
    final SplittableRandom rnd = new SplittableRandom(11);
    final float[] w = random(C * K * K), b = random(C), gw = random(F * OUT), gb = random(OUT), mw = random(H * H * OUT),
            c1 = random(OUT), c2 = random(OUT), c3 = new float[OUT];

    {
        for (int i = 0; i < OUT; i++) c3[i] = 0.5f + i;
    }

    float[] random(int n) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) a[i] = (float) rnd.nextDouble(-1, 1);
        return a;
    }

    OnnxModel model() {
        GraphBuilder g = new GraphBuilder("every-op").docString("test graph").metadata("zoo", "test");
        String x = g.input("input", Dim.BATCH, Dim.of(1), Dim.of(H), Dim.of(H));
        String conv = g.conv(x, g.weights("w", new long[] {C, 1, K, K}, w), g.weights("b", new long[] {C}, b),
                new long[] {K, K}, new long[] {1, 1}, new long[] {1, 1, 1, 1}, 1);
        String pooled = g.averagePool(g.maxPool(g.relu(conv), new long[] {2, 2}, new long[] {2, 2}), new long[] {2, 2}, new long[] {1, 1});
        String features = g.flatten(pooled, 1);
        String dense = g.gemm(features, g.weights("gw", new long[] {F, OUT}, gw), g.weights("gb", new long[] {OUT}, gb));
        String direct = g.matMul(g.reshape(x, 0, H * H), g.weights("mw", new long[] {H * H, OUT}, mw));
        String v = g.div(g.mul(g.sub(g.add(dense, direct), g.weights("c1", new long[] {OUT}, c1)),
                g.weights("c2", new long[] {OUT}, c2)), g.weights("c3", new long[] {OUT}, c3));
        g.output(features, "features", Dim.BATCH, Dim.of(F));
        g.output(g.softmax(v, 1), "probabilities", Dim.BATCH, Dim.of(OUT));
        return g.build();
    }

    /** The same computation, written out as loops. Returns {features, probabilities} for one image. */
    float[][] reference(float[] img) {
        float[][][] conv = new float[C][H][H];
        for (int m = 0; m < C; m++)
            for (int y = 0; y < H; y++)
                for (int xx = 0; xx < H; xx++) {
                    float s = b[m];
                    for (int ky = 0; ky < K; ky++)
                        for (int kx = 0; kx < K; kx++) {
                            int iy = y + ky - 1, ix = xx + kx - 1;
                            if (iy >= 0 && iy < H && ix >= 0 && ix < H) s += w[(m * K + ky) * K + kx] * img[iy * H + ix];
                        }
                    conv[m][y][xx] = Math.max(0, s);
                }
        float[][][] max = new float[C][3][3];
        for (int m = 0; m < C; m++)
            for (int y = 0; y < 3; y++)
                for (int xx = 0; xx < 3; xx++)
                    max[m][y][xx] = Math.max(Math.max(conv[m][2 * y][2 * xx], conv[m][2 * y][2 * xx + 1]),
                            Math.max(conv[m][2 * y + 1][2 * xx], conv[m][2 * y + 1][2 * xx + 1]));
        float[] feat = new float[F];
        for (int m = 0; m < C; m++)
            for (int y = 0; y < 2; y++)
                for (int xx = 0; xx < 2; xx++)
                    feat[(m * 2 + y) * 2 + xx] = (max[m][y][xx] + max[m][y][xx + 1] + max[m][y + 1][xx] + max[m][y + 1][xx + 1]) / 4;
        double[] v = new double[OUT];
        double z = 0;
        for (int o = 0; o < OUT; o++) {
            double s = gb[o];
            for (int i = 0; i < F; i++) s += feat[i] * gw[i * OUT + o];
            for (int i = 0; i < H * H; i++) s += img[i] * mw[i * OUT + o];
            v[o] = (s - c1[o]) * c2[o] / c3[o];
        }
        double max1 = java.util.Arrays.stream(v).max().orElseThrow();
        float[] p = new float[OUT];
        for (int o = 0; o < OUT; o++) z += Math.exp(v[o] - max1);
        for (int o = 0; o < OUT; o++) p[o] = (float) (Math.exp(v[o] - max1) / z);
        return new float[][] {feat, p};
    }

    @Test
    void onnxRuntimeComputesWhatTheLoopsCompute() throws OrtException {
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        try (OrtSession session = env.createSession(model().toBytes(), new OrtSession.SessionOptions())) {
            TensorInfo in = (TensorInfo) session.getInputInfo().get("input").getInfo();
            assertThat(in.getShape()).containsExactly(-1, 1, H, H);
            assertThat(session.getOutputNames()).containsExactly("features", "probabilities");
            assertThat(session.getMetadata().getCustomMetadata()).containsEntry("zoo", "test");
            for (int batch : new int[] {1, 4}) {
                float[] x = random(batch * H * H);
                try (OnnxTensor t = OnnxTensor.createTensor(env, FloatBuffer.wrap(x), new long[] {batch, 1, H, H});
                     OrtSession.Result r = session.run(Map.of("input", t))) {
                    float[][] feats = (float[][]) r.get("features").orElseThrow().getValue();
                    float[][] probs = (float[][]) r.get("probabilities").orElseThrow().getValue();
                    for (int i = 0; i < batch; i++) {
                        float[][] ref = reference(java.util.Arrays.copyOfRange(x, i * H * H, (i + 1) * H * H));
                        for (int j = 0; j < F; j++) assertThat(feats[i][j]).isCloseTo(ref[0][j], within(1e-5f));
                        for (int j = 0; j < OUT; j++) assertThat(probs[i][j]).isCloseTo(ref[1][j], within(1e-5f));
                    }
                }
            }
        }
    }

    @Test
    void theSameModelGivesTheSameBytes() {
        assertThat(model().toBytes()).isEqualTo(model().toBytes());
    }

    @Test
    void initializerDataMustFillItsDims() {
        assertThatThrownBy(() -> Initializer.floats("w", new long[] {2, 3}, new float[5]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("w");
    }
}
