package io.baton.core.schemble;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.nio.FloatBuffer;
import java.util.Arrays;
import java.util.Map;

/**
 * Records a base model's outputs on a set of examples with ONNX Runtime: what Schemble profiles from (every base
 * model's output per validation sample) and what {@code bench schemble} replays. The model's first output is read,
 * one row per example, in batches of {@code batch} examples; {@code check} runs before each batch (the profiler
 * uses it to stop a cancelled job). Needs ONNX Runtime on the class path (optional in scheduling-core).
 */
public final class OrtRecorder {
    private OrtRecorder() {}

    /**
     * @param examples    {@code n} examples one after another, each of {@code Π sampleShape} values
     * @param sampleShape the shape of one example (the model's input without the batch dimension)
     * @return the first output's rows: [example][value]
     */
    public static float[][] outputs(OrtSession session, float[] examples, int n, long[] sampleShape, int batch, Runnable check)
            throws OrtException {
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        int per = Math.toIntExact(Arrays.stream(sampleShape).reduce(1, (a, b) -> a * b));
        if (examples.length != (long) n * per) throw new IllegalArgumentException("expected " + n + " × " + per + " values, got " + examples.length);
        String input = session.getInputNames().iterator().next();
        float[][] rows = new float[n][];
        long[] shape = new long[sampleShape.length + 1];
        System.arraycopy(sampleShape, 0, shape, 1, sampleShape.length);
        for (int start = 0; start < n; start += batch) {
            check.run();
            int b = Math.min(batch, n - start);
            shape[0] = b;
            FloatBuffer slice = FloatBuffer.wrap(examples, start * per, b * per).slice();
            try (OnnxTensor x = OnnxTensor.createTensor(env, slice, shape);
                 OrtSession.Result r = session.run(Map.of(input, x))) {
                Object value = r.get(0).getValue();
                if (!(value instanceof float[][] out)) {
                    throw new IllegalArgumentException("the model's first output is not a [batch, values] FP32 tensor");
                }
                System.arraycopy(out, 0, rows, start, b);
            }
        }
        return rows;
    }

    /** Every model of an ensemble on the same examples: [model][example][value], one session each (default options). */
    public static float[][][] outputs(java.util.List<byte[]> models, float[] examples, int n, long[] sampleShape, int batch)
            throws OrtException {
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        float[][][] out = new float[models.size()][][];
        for (int k = 0; k < out.length; k++) {
            try (OrtSession.SessionOptions o = new OrtSession.SessionOptions();
                 OrtSession s = env.createSession(models.get(k), o)) {
                out[k] = outputs(s, examples, n, sampleShape, batch, () -> { });
            }
        }
        return out;
    }

    /** The per-sample view: sample i holds every model's row i, with its label. */
    public static java.util.List<EnsembleSample> samples(float[][][] outputs, int[] labels) {
        java.util.List<EnsembleSample> samples = new java.util.ArrayList<>(labels.length);
        for (int i = 0; i < labels.length; i++) {
            float[][] o = new float[outputs.length][];
            for (int k = 0; k < o.length; k++) o[k] = outputs[k][i];
            samples.add(new EnsembleSample(labels[i], o));
        }
        return samples;
    }
}
