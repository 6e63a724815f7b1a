package io.baton.e2e.support;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** The zoo's ONNX files run directly in ONNX Runtime in the test's own process: what the suite's answers must equal. */
public final class DirectOrt implements AutoCloseable {
    private final OrtEnvironment env = OrtEnvironment.getEnvironment();
    private final Map<Path, OrtSession> sessions = new HashMap<>();

    /** The model's first output for the FP32 input {@code data} of {@code shape}, flat. */
    public synchronized float[] run(Path onnx, float[] data, long[] shape) throws OrtException {
        OrtSession session = sessions.get(onnx);
        if (session == null) {
            session = env.createSession(onnx.toString(), new OrtSession.SessionOptions());
            sessions.put(onnx, session);
        }
        String input = session.getInputNames().iterator().next();
        try (OnnxTensor tensor = OnnxTensor.createTensor(env, FloatBuffer.wrap(data), shape);
             OrtSession.Result result = session.run(Map.of(input, tensor))) {
            FloatBuffer b = ((OnnxTensor) result.get(0)).getFloatBuffer(); // closed with the result
            float[] values = new float[b.remaining()];
            b.get(values);
            return values;
        }
    }

    /** Rows {@code first} … {@code first + count − 1} of a row-major array of examples of {@code dims}, with their shape. */
    public static float[] rows(float[] examples, int[] dims, int first, int count) {
        int size = 1;
        for (int d : dims) size *= d;
        return java.util.Arrays.copyOfRange(examples, first * size, (first + count) * size);
    }

    public static long[] shape(int count, int[] dims) {
        long[] s = new long[dims.length + 1];
        s[0] = count;
        for (int i = 0; i < dims.length; i++) s[i + 1] = dims[i];
        return s;
    }

    @Override
    public synchronized void close() throws OrtException {
        for (OrtSession s : sessions.values()) s.close();
        sessions.clear();
    }
}
