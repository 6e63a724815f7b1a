package io.baton.core.interference.measure;

import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import java.nio.FloatBuffer;
import java.util.HashMap;
import java.util.Map;

/**
 * One model loaded for measurement on one CPU "device": an ONNX Runtime session with one intra-op and one inter-op
 * thread, sequential execution and spinning off, so an inference runs entirely on the calling thread and one
 * thread is one core's worth of work. Symbolic input dimensions are set to {@code batch} (the zoo's models are
 * batch-symbolic and tiny at batch 1). Inputs are fixed pseudo-random values (latency does not depend on them).
 */
public final class OrtDevice implements AutoCloseable {
    private static final java.lang.management.ThreadMXBean CPU = java.lang.management.ManagementFactory.getThreadMXBean();
    private final String name;
    private final int layers;
    private final OrtSession session;
    private final Map<String, OnnxTensor> inputs = new HashMap<>();

    public OrtDevice(String name, byte[] model, int batch) throws OrtException {
        this.name = name;
        this.layers = Math.max(1, OnnxNodeCount.count(model));
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        try (OrtSession.SessionOptions o = new OrtSession.SessionOptions()) {
            o.setIntraOpNumThreads(1);
            o.setInterOpNumThreads(1);
            o.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
            o.addConfigEntry("session.intra_op.allow_spinning", "0");
            session = env.createSession(model, o);
        }
        java.util.SplittableRandom rng = new java.util.SplittableRandom(17);
        for (Map.Entry<String, NodeInfo> e : session.getInputInfo().entrySet()) {
            if (!(e.getValue().getInfo() instanceof TensorInfo t)) throw new IllegalArgumentException(name + ": input " + e.getKey() + " is not a tensor");
            long[] shape = t.getShape().clone();
            long n = 1;
            for (int i = 0; i < shape.length; i++) {
                if (shape[i] < 0) shape[i] = batch;
                n *= shape[i];
            }
            float[] data = new float[Math.toIntExact(n)];
            for (int i = 0; i < data.length; i++) data[i] = (float) rng.nextDouble();
            inputs.put(e.getKey(), OnnxTensor.createTensor(env, FloatBuffer.wrap(data), shape));
        }
    }

    public String name() {
        return name;
    }

    /** Operator nodes of the graph (for the average layer time). */
    public int layers() {
        return layers;
    }

    /**
     * One inference; returns the CPU time the calling thread spent in it, in nanoseconds. CPU time, not wall time:
     * on a machine with more busy threads than cores, wall time counts the time the thread waited for a core
     * (time sharing, not interference), while CPU time grows only when the work itself runs slower (caches and
     * memory bandwidth shared with the other core: §III's interference).
     */
    public long run() {
        long t0 = CPU.getCurrentThreadCpuTime();
        try (OrtSession.Result r = session.run(inputs)) {
            return CPU.getCurrentThreadCpuTime() - t0;
        } catch (OrtException e) {
            throw new IllegalStateException(name + ": inference failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() throws OrtException {
        for (OnnxTensor t : inputs.values()) t.close();
        session.close();
    }
}
