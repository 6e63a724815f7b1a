package io.baton.worker.warmup;

import java.util.SplittableRandom;

import io.baton.core.onnx.Dim;
import io.baton.core.onnx.GraphBuilder;

/**
 * The model the warm-up runs: built in memory at start with scheduling-core's ONNX writer, so that a worker warms
 * without any artifact of its own. A dense layer, ReLU, a second dense layer and a softmax, {@code [N,16] -> [N,8]}:
 * small enough to open in milliseconds, and the same kind of operators (Gemm, element-wise, Softmax) as the models
 * it will serve.
 */
final class BuiltInModel {

    static final String INPUT = "x";
    static final String OUTPUT = "probabilities";
    static final int FEATURES = 16;
    static final int CLASSES = 8;

    private BuiltInModel() {
    }

    static byte[] bytes() {
        SplittableRandom random = new SplittableRandom(17);
        GraphBuilder g = new GraphBuilder("baton-worker-warmup");
        String x = g.input(INPUT, Dim.BATCH, Dim.of(FEATURES));
        String h = g.relu(g.gemm(x, g.weights("w1", new long[] {FEATURES, 32}, values(random, FEATURES * 32)),
                g.weights("b1", new long[] {32}, values(random, 32))));
        String y = g.gemm(h, g.weights("w2", new long[] {32, CLASSES}, values(random, 32 * CLASSES)),
                g.weights("b2", new long[] {CLASSES}, values(random, CLASSES)));
        g.output(g.softmax(y, 1), OUTPUT, Dim.BATCH, Dim.of(CLASSES));
        return g.build().toBytes();
    }

    private static float[] values(SplittableRandom random, int n) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = (float) (random.nextDouble() - 0.5) * 0.2f;
        }
        return v;
    }
}
