package io.baton.worker.cache;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;

import io.baton.commons.tensor.Datatype;
import io.baton.worker.runtime.RuntimeTensors;
import io.baton.worker.runtime.ServedTypes;

/**
 * Runs a freshly opened session through synthetic batches (zeros) before its load counts as done, so that the
 * scheduler's first real batches do not pay ONNX Runtime's first runs: the first run of a session initialises its
 * kernels and allocations (measured on the demo's smallest model: 1.5 ms against 0.03 ms warm, 50 times), and each
 * new batch shape plans its memory once. A new variant is otherwise cold exactly when a policy starts planning with
 * its profile, which ONNX Runtime measured warm.
 *
 * <p>The batch sizes: 1 and the powers of two up to {@link Settings#maxBatch()} first (so that a large model's
 * bound still covers the range), then every other size up to it, while time is left within {@link Settings#bound()}.
 * A model whose inputs fix their batch axis runs once, at its own shape. Every other free dimension is 1.
 *
 * <p>Never fails a load: a model the warm-up cannot feed (a BYTES or non-tensor input, values that must mean
 * something, such as a sample rate) is left cold after its first failing run, with the reason in {@link Result}.
 */
final class FirstRuns {

    /**
     * @param maxBatch the largest batch warmed (the scheduler's {@code max-batch} by default)
     * @param bound    how long the warm-up of one load may take; zero turns it off
     */
    record Settings(int maxBatch, Duration bound) {
        static final Settings OFF = new Settings(1, Duration.ZERO);

        Settings {
            if (maxBatch < 1) throw new IllegalArgumentException("the largest batch warmed must be ≥ 1, got " + maxBatch);
            if (bound.isNegative()) throw new IllegalArgumentException("the bound must not be negative, got " + bound);
        }

        boolean off() {
            return bound.isZero();
        }
    }

    /**
     * @param batchSizes the batch sizes the session ran, in order
     * @param ms         the warm-up's wall time
     * @param stopped    why it stopped before every size, or null when it ran them all
     */
    record Result(List<Integer> batchSizes, double ms, String stopped) {
        static Result skipped(String why) {
            return new Result(List.of(), 0, why);
        }

        String describe() {
            return batchSizes.size() + " batch size(s) in " + String.format(java.util.Locale.ROOT, "%.1f", ms) + " ms"
                    + (stopped == null ? "" : " (" + stopped + ")");
        }
    }

    private FirstRuns() {
    }

    static Result run(OrtEnvironment environment, OrtSession session, ModelSignature signature, Settings settings) {
        if (settings.off()) return Result.skipped("off");
        String unfed = unfed(signature);
        if (unfed != null) return Result.skipped(unfed);
        boolean batched = signature.inputs().values().stream().anyMatch(FirstRuns::batchAxisFree);
        long start = System.nanoTime();
        long end = start + settings.bound().toNanos();
        List<Integer> ran = new ArrayList<>();
        String stopped = null;
        for (int b : batched ? order(settings.maxBatch()) : List.of(1)) {
            if (!ran.isEmpty() && System.nanoTime() >= end) {
                stopped = "bound of " + settings.bound().toMillis() + " ms reached";
                break;
            }
            try {
                runOnce(environment, session, signature, b);
            } catch (OrtException | RuntimeException e) {
                stopped = "batch " + b + " failed: " + e.getMessage();
                break;
            }
            ran.add(b);
        }
        return new Result(List.copyOf(ran), (System.nanoTime() - start) / 1e6, stopped);
    }

    /** 1 and the powers of two up to {@code max}, then every other size up to it. */
    static List<Integer> order(int max) {
        List<Integer> sizes = new ArrayList<>();
        for (int b = 1; b <= max; b *= 2) sizes.add(b);
        if (!sizes.contains(max)) sizes.add(max);
        for (int b = 3; b < max; b++) {
            if (!sizes.contains(b)) sizes.add(b);
        }
        return sizes;
    }

    /** Why the warm-up cannot make this model's inputs, or null when it can. */
    private static String unfed(ModelSignature signature) {
        for (TensorSpec in : signature.inputs().values()) {
            Datatype type = in.shape() == null ? null : ServedTypes.parse(in.datatype());
            if (type == null || type == Datatype.BYTES) return "input " + in.name() + " is " + in.datatype() + ": not warmed";
        }
        return null;
    }

    private static boolean batchAxisFree(TensorSpec spec) {
        return !spec.shape().isEmpty() && spec.shape().get(0) < 0;
    }

    private static void runOnce(OrtEnvironment environment, OrtSession session, ModelSignature signature, int batch)
            throws OrtException {
        Map<String, OnnxTensor> tensors = new LinkedHashMap<>();
        try {
            for (TensorSpec in : signature.inputs().values()) {
                long[] shape = new long[in.shape().size()];
                long elements = 1;
                for (int i = 0; i < shape.length; i++) {
                    long d = in.shape().get(i);
                    shape[i] = d >= 0 ? d : i == 0 ? batch : 1;
                    elements = Math.multiplyExact(elements, shape[i]);
                }
                Datatype type = ServedTypes.parse(in.datatype());
                ByteBuffer zeros = ByteBuffer.allocateDirect(Math.toIntExact(elements * type.bytes()))
                        .order(ByteOrder.nativeOrder());
                tensors.put(in.name(), RuntimeTensors.create(environment, type, shape, zeros, null));
            }
            try (OrtSession.Result ignored = session.run(tensors)) {
                // only the run matters
            }
        } finally {
            tensors.values().forEach(OnnxTensor::close);
        }
    }
}
