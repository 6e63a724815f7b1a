package io.baton.e2e.support;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OnnxValue;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Any ONNX file run directly in ONNX Runtime in the test's process, with one intra-op thread as the suite's workers
 * run it: every output, by name, for FP32 and INT64 inputs of any rank (a scalar included).
 */
public final class OrtRun implements AutoCloseable {
    private final OrtEnvironment env = OrtEnvironment.getEnvironment();
    private final Map<Path, OrtSession> sessions = new HashMap<>();

    public synchronized Map<String, NamedTensor> run(Path onnx, List<NamedTensor> inputs) throws OrtException {
        OrtSession session = sessions.get(onnx);
        if (session == null) {
            OrtSession.SessionOptions options = new OrtSession.SessionOptions();
            options.setIntraOpNumThreads(1);
            session = env.createSession(onnx.toString(), options);
            sessions.put(onnx, session);
        }
        Map<String, OnnxTensor> feed = new LinkedHashMap<>();
        try {
            for (NamedTensor t : inputs) feed.put(t.name(), tensor(t));
            Map<String, NamedTensor> out = new LinkedHashMap<>();
            try (OrtSession.Result result = session.run(feed)) {
                for (Map.Entry<String, OnnxValue> e : result) {
                    OnnxTensor t = (OnnxTensor) e.getValue();
                    long[] shape = t.getInfo().getShape();
                    switch (t.getInfo().type) {
                        case FLOAT -> {
                            FloatBuffer b = t.getFloatBuffer();
                            float[] v = new float[b.remaining()];
                            b.get(v);
                            out.put(e.getKey(), NamedTensor.fp32(e.getKey(), shape, v));
                        }
                        case INT64 -> {
                            LongBuffer b = t.getLongBuffer();
                            long[] v = new long[b.remaining()];
                            b.get(v);
                            out.put(e.getKey(), NamedTensor.int64(e.getKey(), shape, v));
                        }
                        default -> throw new IllegalArgumentException(e.getKey() + ": these tests compare FP32 and INT64 outputs, not " + t.getInfo().type);
                    }
                }
            }
            return out;
        } finally {
            for (OnnxTensor t : feed.values()) t.close();
        }
    }

    private OnnxTensor tensor(NamedTensor t) throws OrtException {
        if (t.floats() != null) return OnnxTensor.createTensor(env, FloatBuffer.wrap(t.floats()), t.shape());
        if (t.shape().length == 0) return OnnxTensor.createTensor(env, t.longs()[0]);
        return OnnxTensor.createTensor(env, LongBuffer.wrap(t.longs()), t.shape());
    }

    @Override
    public synchronized void close() throws OrtException {
        for (OrtSession s : sessions.values()) s.close();
        sessions.clear();
    }
}
