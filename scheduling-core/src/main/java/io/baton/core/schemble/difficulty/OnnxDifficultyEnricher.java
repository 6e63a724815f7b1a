package io.baton.core.schemble.difficulty;

import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import io.baton.core.onnx.ExternalDataScanner;
import io.baton.core.policy.Enricher;
import java.nio.FloatBuffer;
import java.util.Arrays;
import java.util.Map;

/**
 * The gateway-side {@link Enricher} of a {@code schemble} ensemble: the exported {@link DifficultyPredictor} run by
 * ONNX Runtime on one request's input, giving its predicted difficulty score and the wall time that took
 * ({@link Difficulty}). Only the {@value DifficultyPredictor#SCORE} output is fetched; the task head is not needed
 * at serving time (the paper discards output1 at inference).
 *
 * <p>Needs ONNX Runtime on the class path (scheduling-core has it as an optional dependency: the CLI and the
 * services that declare it). Thread-safe: {@code OrtSession.run} may be called concurrently. Close it to free the
 * native session.
 */
public final class OnnxDifficultyEnricher implements Enricher<float[], Difficulty>, AutoCloseable {
    private final OrtEnvironment env = OrtEnvironment.getEnvironment();
    private final OrtSession session;
    private final String input;
    private final long[] sampleShape;
    private final int sampleSize;

    /**
     * @param model          the predictor's bytes; refused when a tensor of it points outside it (ONNX Runtime would read
     *                       the file it names), so that a session is made only of a model that names no file
     * @param intraOpThreads ONNX Runtime intra-op threads (0: its default); 1 suits a small model served per request
     */
    public OnnxDifficultyEnricher(byte[] model, int intraOpThreads) {
        ExternalDataScanner.Result scan = ExternalDataScanner.scan(model);
        if (scan.pointsOutside()) throw new IllegalArgumentException("the predictor points outside itself: " + scan.describe());
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            if (intraOpThreads > 0) options.setIntraOpNumThreads(intraOpThreads);
            session = env.createSession(model, options);
            Map<String, NodeInfo> inputs = session.getInputInfo();
            if (inputs.size() != 1) throw new IllegalArgumentException("a difficulty predictor has one input, this model has " + inputs.keySet());
            if (!session.getOutputNames().contains(DifficultyPredictor.SCORE)) {
                throw new IllegalArgumentException("a difficulty predictor has an output named '" + DifficultyPredictor.SCORE
                        + "', this model has " + session.getOutputNames());
            }
            NodeInfo in = inputs.values().iterator().next();
            long[] shape = ((TensorInfo) in.getInfo()).getShape();
            input = in.getName();
            sampleShape = Arrays.copyOfRange(shape, 1, shape.length);
            long size = 1;
            for (long dim : sampleShape) {
                if (dim < 1) throw new IllegalArgumentException("input " + input + " has a free dimension besides the batch: " + Arrays.toString(shape));
                size *= dim;
            }
            sampleSize = Math.toIntExact(size);
        } catch (OrtException e) {
            throw new IllegalArgumentException("ONNX Runtime cannot open the predictor: " + e.getMessage(), e);
        }
    }

    /** Values one example has (the product of the input's dimensions after the batch). */
    public int sampleSize() {
        return sampleSize;
    }

    /** One request's input (one example, {@link #sampleSize()} values): its score and the time taken, tensor creation included. */
    @Override
    public Difficulty enrich(float[] example) {
        long t0 = System.nanoTime();
        float score = scores(example, 1)[0];
        return new Difficulty(Math.max(0, score), (System.nanoTime() - t0) / 1e6);
    }

    /** Raw scores (not clamped) of {@code n} examples in one run: what a bench or the profiler uses offline. */
    public float[] scores(float[] examples, int n) {
        if (examples.length != n * sampleSize) {
            throw new IllegalArgumentException("expected " + n + " example(s) of " + sampleSize + " values, got " + examples.length + " values");
        }
        long[] shape = new long[sampleShape.length + 1];
        shape[0] = n;
        System.arraycopy(sampleShape, 0, shape, 1, sampleShape.length);
        try (OnnxTensor x = OnnxTensor.createTensor(env, FloatBuffer.wrap(examples), shape);
             OrtSession.Result r = session.run(Map.of(input, x), java.util.Set.of(DifficultyPredictor.SCORE))) {
            float[][] s = (float[][]) r.get(0).getValue();
            float[] out = new float[n];
            for (int i = 0; i < n; i++) out[i] = s[i][0];
            return out;
        } catch (OrtException e) {
            throw new IllegalStateException("ONNX Runtime failed on the predictor: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            session.close();
        } catch (OrtException e) {
            throw new IllegalStateException(e);
        }
    }
}
