package io.baton.core.interference.measure;

import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.HashMap;
import java.util.Map;

/**
 * One model loaded for measurement on one CPU "device": an ONNX Runtime session with one intra-op and one inter-op
 * thread, sequential execution and spinning off, so an inference runs entirely on the calling thread and one
 * thread is one core's worth of work. Symbolic input dimensions are set to {@code batch} (the zoo's models are
 * batch-symbolic and tiny at batch 1). Every input the graph declares is fed, of its declared element type (float,
 * double, int64, int32, int16, int8, uint8, bool): fixed pseudo-random values for floating point, zeros for integers
 * (latency does not depend on them).
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
        try {
            for (Map.Entry<String, NodeInfo> e : session.getInputInfo().entrySet()) {
                if (!(e.getValue().getInfo() instanceof TensorInfo t)) throw new IllegalArgumentException(name + ": input " + e.getKey() + " is not a tensor");
                long[] shape = t.getShape().clone();
                for (int i = 0; i < shape.length; i++) {
                    if (shape[i] < 0) shape[i] = batch;
                }
                inputs.put(e.getKey(), tensor(env, name, e.getKey(), t.type, shape, rng));
            }
        } catch (RuntimeException | OrtException e) {
            close();
            throw e;
        }
    }

    /**
     * An input of the declared type and shape: floating-point inputs get seeded uniform [0, 1) values, integer
     * inputs zeros (always a valid index for a Gather or an embedding lookup, whatever the table's size), booleans
     * false. Latency does not depend on the values for the graphs measured here.
     */
    private static OnnxTensor tensor(OrtEnvironment env, String model, String input, OnnxJavaType type, long[] shape,
                                     java.util.SplittableRandom rng) throws OrtException {
        long count = 1;
        for (long d : shape) count *= d;
        int n = Math.toIntExact(count);
        return switch (type) {
            case FLOAT -> {
                float[] data = new float[n];
                for (int i = 0; i < n; i++) data[i] = (float) rng.nextDouble();
                yield OnnxTensor.createTensor(env, FloatBuffer.wrap(data), shape);
            }
            case DOUBLE -> {
                double[] data = new double[n];
                for (int i = 0; i < n; i++) data[i] = rng.nextDouble();
                yield OnnxTensor.createTensor(env, DoubleBuffer.wrap(data), shape);
            }
            case INT64 -> OnnxTensor.createTensor(env, LongBuffer.wrap(new long[n]), shape);
            case INT32 -> OnnxTensor.createTensor(env, IntBuffer.wrap(new int[n]), shape);
            case INT16 -> OnnxTensor.createTensor(env, ShortBuffer.wrap(new short[n]), shape);
            case INT8, UINT8, BOOL -> OnnxTensor.createTensor(env, ByteBuffer.allocateDirect(n), shape, type);
            default -> throw new IllegalArgumentException(model + ": input " + input + " has element type " + type
                    + "; the harness feeds float, double, int64, int32, int16, int8, uint8 and bool tensors");
        };
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
    public void close() {
        for (OnnxTensor t : inputs.values()) t.close();
        try {
            session.close();
        } catch (OrtException e) {
            throw new IllegalStateException(name + ": closing the session failed: " + e.getMessage(), e);
        }
    }
}
