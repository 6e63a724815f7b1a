package io.baton.core.schemble.difficulty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import io.baton.core.onnx.Dim;
import io.baton.core.onnx.GraphBuilder;
import io.baton.core.schemble.ScoreBins;
import java.nio.FloatBuffer;
import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The predictor's two executions agree (ONNX Runtime on the exported graph against the Java forward pass), its
 * hand-written gradients match finite differences, training learns a score that is a function of the input, the
 * ONNX Runtime {@link OnnxDifficultyEnricher} serves the same numbers, and the quality figures by hand.
 */
class DifficultyPredictorTest {
    static final DifficultyPredictor.Shape IMAGE = new DifficultyPredictor.Shape(new int[] {1, 28, 28}, 2, 16, 10, 4);
    static final DifficultyPredictor.Shape VECTOR = new DifficultyPredictor.Shape(new int[] {6}, 1, 8, 3, 4);

    static DifficultyPredictor random(DifficultyPredictor.Shape shape, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        DifficultyPredictor.Weights w = DifficultyPredictor.Weights.zeros(shape);
        for (float[] a : new float[][] {w.w1(), w.b1(), w.w2(), w.b2(), w.a(), w.bp(), w.aBias(), w.c()}) {
            for (int i = 0; i < a.length; i++) a[i] = (float) r.nextDouble(-0.5, 0.5);
        }
        return new DifficultyPredictor(shape, new DifficultyPredictor.Weights(w.w1(), w.b1(), w.w2(), w.b2(), w.a(), w.bp(),
                w.aBias(), w.c(), 0.3f));
    }

    static float[] uniform(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        float[] x = new float[n];
        for (int i = 0; i < n; i++) x[i] = (float) r.nextDouble();
        return x;
    }

    @Test
    void onnxRuntimeComputesWhatTheJavaForwardPassComputes() throws Exception {
        for (DifficultyPredictor.Shape shape : new DifficultyPredictor.Shape[] {IMAGE, VECTOR}) {
            DifficultyPredictor p = random(shape, 3);
            int n = 7;
            float[] x = uniform(n * shape.inputSize(), 4);
            DifficultyPredictor.Output java = p.forward(x, n);
            long[] dims = new long[shape.inputDims().length + 1];
            dims[0] = n;
            for (int i = 0; i < shape.inputDims().length; i++) dims[i + 1] = shape.inputDims()[i];
            OrtEnvironment env = OrtEnvironment.getEnvironment();
            try (OrtSession s = env.createSession(p.toOnnx("predictor", Map.of("k", "v")).toBytes(), new OrtSession.SessionOptions());
                 OnnxTensor t = OnnxTensor.createTensor(env, FloatBuffer.wrap(x), dims);
                 OrtSession.Result r = s.run(Map.of(DifficultyPredictor.INPUT, t))) {
                float[][] probs = (float[][]) r.get(DifficultyPredictor.PROBABILITIES).get().getValue();
                float[][] score = (float[][]) r.get(DifficultyPredictor.SCORE).get().getValue();
                for (int e = 0; e < n; e++) {
                    assertThat(score[e][0]).as(shape + " score " + e).isCloseTo(java.scores()[e], within(1e-5f));
                    for (int c = 0; c < shape.classes(); c++) {
                        assertThat(probs[e][c]).isCloseTo(java.probabilities()[e * shape.classes() + c], within(1e-6f));
                    }
                }
            }
        }
    }

    @Test
    void backpropagationMatchesFiniteDifferences() {
        DifficultyPredictor.Shape shape = VECTOR;
        DifficultyPredictor p = random(shape, 9);
        int n = 5;
        float[] x = uniform(n * shape.inputSize(), 10);
        int[] labels = {0, 2, 1, 1, 0};
        double[] targets = {0.1, 2.0, 0.5, 1.5, 0.0};
        int[] order = {0, 1, 2, 3, 4};
        DifficultyPredictor.Weights w = p.weights();
        float[][] params = {w.w1(), w.b1(), w.w2(), w.b2(), w.a(), w.bp(), w.aBias(), w.c()};
        float[][] grads = new float[params.length + 1][];
        for (int i = 0; i < params.length; i++) grads[i] = new float[params[i].length];
        grads[params.length] = new float[1];
        float[][] cache = new float[3][];
        DifficultyPredictor.Output out = p.forwardPooled(x, n, cache);
        PredictorTraining.backwardForTest(shape, w, x, n, out, cache, labels, targets, order, 0, 0.2, grads);
        for (int i = 0; i < params.length; i++) {
            for (int j = 0; j < params[i].length; j++) {
                float keep = params[i][j];
                double eps = 1e-3;
                params[i][j] = (float) (keep + eps);
                double up = loss(p, x, n, labels, targets);
                params[i][j] = (float) (keep - eps);
                double down = loss(p, x, n, labels, targets);
                params[i][j] = keep;
                assertThat((double) grads[i][j]).as("parameter %d[%d]", i, j).isCloseTo((up - down) / (2 * eps), within(2e-3));
            }
        }
    }

    /** The batch's mean loss, CE + 0.2·squared error, in double. */
    static double loss(DifficultyPredictor p, float[] x, int n, int[] labels, double[] targets) {
        DifficultyPredictor.Output o = p.forwardPooled(x, n, null);
        double sum = 0;
        for (int e = 0; e < n; e++) {
            sum -= Math.log(o.probabilities()[e * p.shape().classes() + labels[e]]);
            double err = o.scores()[e] - targets[e];
            sum += 0.2 * err * err;
        }
        return sum / n;
    }

    @Test
    void trainingLearnsTheClassAndAScoreThatDependsOnTheInput() {
        DifficultyPredictor.Shape shape = VECTOR;
        int n = 3000;
        float[] x = uniform(n * shape.inputSize(), 21);
        int[] labels = new int[n];
        double[] scores = new double[n];
        for (int i = 0; i < n; i++) {
            float a = x[i * 6], b = x[i * 6 + 1];
            labels[i] = a > 0.66 ? 2 : a > 0.33 ? 1 : 0;
            scores[i] = 3 * b * b; // the difficulty is another feature than the class
        }
        PredictorTraining.Result r = PredictorTraining.train(shape, x, n, labels, scores,
                new PredictorTraining.Options(30, 32, 5e-3, 0.2, 5));
        assertThat(r.taskLoss()[r.taskLoss().length - 1]).isLessThan(r.taskLoss()[0]);
        assertThat(r.scoreLoss()[r.scoreLoss().length - 1]).isLessThan(r.scoreLoss()[0] / 4);

        float[] test = uniform(1000 * shape.inputSize(), 22);
        DifficultyPredictor.Output o = r.predictor().forward(test, 1000);
        double[] truth = new double[1000], predicted = new double[1000];
        int right = 0;
        for (int i = 0; i < 1000; i++) {
            truth[i] = 3 * test[i * 6 + 1] * test[i * 6 + 1];
            predicted[i] = o.scores()[i];
            int label = test[i * 6] > 0.66 ? 2 : test[i * 6] > 0.33 ? 1 : 0, best = 0;
            for (int c = 1; c < 3; c++) if (o.probabilities()[i * 3 + c] > o.probabilities()[i * 3 + best]) best = c;
            if (best == label) right++;
        }
        assertThat(PredictorQuality.spearman(truth, predicted)).isGreaterThan(0.95);
        assertThat(right).isGreaterThan(900);

        // Deterministic: the same data and options give the same weights.
        PredictorTraining.Result again = PredictorTraining.train(shape, x, n, labels, scores,
                new PredictorTraining.Options(30, 32, 5e-3, 0.2, 5));
        assertThat(again.predictor().toOnnx("p", Map.of()).toBytes()).isEqualTo(r.predictor().toOnnx("p", Map.of()).toBytes());
    }

    @Test
    void theEnricherServesTheScoreThroughOnnxRuntime() {
        DifficultyPredictor p = random(IMAGE, 31);
        float[] x = uniform(3 * IMAGE.inputSize(), 32);
        DifficultyPredictor.Output java = p.forward(x, 3);
        try (OnnxDifficultyEnricher e = new OnnxDifficultyEnricher(p.toOnnx("predictor", Map.of()).toBytes(), 1)) {
            assertThat(e.sampleSize()).isEqualTo(784);
            float[] batch = e.scores(x, 3);
            for (int i = 0; i < 3; i++) {
                assertThat(batch[i]).isCloseTo(java.scores()[i], within(1e-5f));
                Difficulty d = e.enrich(Arrays.copyOfRange(x, i * 784, (i + 1) * 784));
                assertThat(d.score()).isCloseTo(Math.max(0, java.scores()[i]), within(1e-5));
                assertThat(d.latencyMs()).isPositive();
            }
            assertThatThrownBy(() -> e.enrich(new float[783])).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("784");
        }
    }

    @Test
    void aModelWithoutTheScoreOutputIsRefused() {
        GraphBuilder g = new GraphBuilder("not-a-predictor");
        String x = g.input("input", Dim.BATCH, Dim.of(4));
        g.output(g.relu(x), "probabilities", Dim.BATCH, Dim.of(4));
        assertThatThrownBy(() -> new OnnxDifficultyEnricher(g.build().toBytes(), 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("difficulty");
        assertThatThrownBy(() -> new OnnxDifficultyEnricher(new byte[] {1, 2, 3}, 1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aPredictorPointingOutsideItselfIsRefusedBeforeOnnxRuntimeSeesIt() {
        for (io.baton.core.onnx.OutsidePointingModels.Case c : io.baton.core.onnx.OutsidePointingModels.all("/etc/passwd")) {
            assertThatThrownBy(() -> new OnnxDifficultyEnricher(c.model(), 1)).as(c.way()).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("the predictor points outside itself: " + c.where());
        }
    }

    @Test
    void qualityFiguresByHand() {
        assertThat(PredictorQuality.spearman(new double[] {1, 2, 3, 4}, new double[] {10, 20, 30, 40})).isCloseTo(1, within(1e-12));
        assertThat(PredictorQuality.spearman(new double[] {1, 2, 3, 4}, new double[] {4, 3, 2, 1})).isCloseTo(-1, within(1e-12));
        // Ties share their mean rank: ranks (1.5, 1.5, 3) against (1, 2, 3): r = 0.866…
        assertThat(PredictorQuality.spearman(new double[] {5, 5, 7}, new double[] {1, 2, 3})).isCloseTo(Math.sqrt(3) / 2, within(1e-12));
        ScoreBins bins = ScoreBins.ofEdges(1, 2);
        PredictorQuality q = PredictorQuality.of(new double[] {0.5, 1.5, 2.5, 0.2}, new double[] {0.7, 2.5, 2.6, 1.2}, bins);
        assertThat(q.binAccuracy()).isEqualTo(0.5);
        assertThat(q.mae()).isCloseTo((0.2 + 1.0 + 0.1 + 1.0) / 4, within(1e-12));
        assertThat(q.samples()).isEqualTo(4);
    }
}
