package io.baton.profiler.measure;

import java.nio.FloatBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxJavaType;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import io.baton.commons.runtime.ExecutionProvider;
import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.TensorSpec;
import io.baton.profiler.registry.ProfileBody.LatencyPoint;
import io.baton.profiler.registry.ProfileBody;

/**
 * Measures one model variant in this process with ONNX Runtime: load time and memory, latency per batch size, and
 * accuracy on the validation set. The profiler's measurement, in one place.
 *
 * <ol>
 *   <li><b>Load.</b> Wall time of creating the session from the artifact bytes (graph optimisation included), and
 *       the memory it takes ({@link ProcessMemory}: resident bytes on the CPU, device bytes on a GPU).</li>
 *   <li><b>Latency.</b> For each batch size b in increasing order (the configured sizes up to the variant's
 *       {@code maxBatchSize}; one point, b = 1, for a variant that does not batch): {@code warmup} untimed runs,
 *       then {@code repetitions} timed runs of {@code session.run} on every input at its declared shape
 *       ({@link FeedPlan}) with b examples (the validation set's when the model has one FP32 input that reads its
 *       examples, otherwise seeded synthetic values per datatype, {@link SyntheticTensors}: ONNX Runtime's time
 *       does not depend on the values for most models); p50 and p99 by nearest rank; then {@link LatencyCurve}.</li>
 *   <li><b>Dynamic memory.</b> What the process holds after the largest batch minus what it held after loading:
 *       the arena growth a running batch needs (Symphony's D).</li>
 *   <li><b>Accuracy.</b> Top-1 over the whole validation set, run in batches of the largest size, with per-class
 *       recall and the confusion matrix. Only for a variant that reads the set's examples and writes one score per
 *       class; otherwise accuracy is left out of the profile and {@link Result#accuracyNote} says why. A pipeline's later stage is evaluated on the features the stages before it write
 *       ({@link PipelineFeatures}); its first stage writes features and has none.</li>
 * </ol>
 *
 * <p>Every run is made within the {@link ProfilingLimits} (time per run, time in total, resident growth), through a
 * {@link RunGuard}: past one the variant is refused with {@link ProfilingLimitExceeded}, which names the limit and what
 * was measured.
 */
public final class VariantProfiler {

    /** How to measure. */
    public record Settings(List<Integer> batchSizes, int repetitions, int warmup, ExecutionProvider provider,
                           int cudaDeviceId, int intraOpThreads) {
        public Settings {
            batchSizes = batchSizes.stream().sorted().distinct().toList();
        }

        public int steps() {
            return batchSizes.size() + 2;
        }
    }

    /**
     * What was measured: the profile for the registry, the curve before monotone-ising, the memory as read, and why
     * accuracy is missing when it is.
     */
    public record Result(ProfileBody profile, List<LatencyPoint> rawLatency, long residentBytes, long gpuBytes,
                         String accuracyNote, String shapeNote) {

        /**
         * Why the model's own input shapes are not what was measured here, or null when they are: scheduling-core's
         * {@code InterferenceHarness} feeds a model its own shapes with every free dimension 1, which is the
         * variant only when just the batch axis is free (it is then measured at batch 1).
         */
        public String shapeNote() {
            return shapeNote;
        }
    }

    private final OrtEnvironment env = OrtEnvironment.getEnvironment();
    private final ProfilingLimits limits;

    public VariantProfiler() {
        this(ProfilingLimits.defaults());
    }

    /** @param limits what measuring one variant may cost: past them it is refused ({@link ProfilingLimitExceeded}) */
    public VariantProfiler(ProfilingLimits limits) {
        this.limits = limits;
    }

    /**
     * A model measured as ONNX Runtime reports it (its own input shapes, batching when every input has a free first
     * dimension): for callers that have no registry variant, such as the bench.
     *
     * @param validation the application's validation set, or null when it has none
     * @param classes    the application's number of classes (0 when it names none)
     */
    public Result profile(byte[] model, ValidationData validation, int classes, Settings s, Progress progress)
            throws OrtException {
        return profile(model, null, validation, classes, s, progress);
    }

    /**
     * @param plan       what to feed (the variant's declared shapes and maxBatchSize); null: the model's own inputs
     * @param validation the application's validation set, or null when it has none
     * @param classes    the application's number of classes (0 when it names none)
     */
    public Result profile(byte[] model, FeedPlan plan, ValidationData validation, int classes, Settings s,
                          Progress progress) throws OrtException {
        boolean gpu = s.provider() == ExecutionProvider.CUDA;
        try (OrtSession.SessionOptions options = options(s)) {
            progress.checkCancelled();
            long rss0 = ProcessMemory.residentBytes(), gpu0 = gpu ? ProcessMemory.gpuBytes() : -1;
            RunGuard guard = new RunGuard(limits, rss0);
            long t0 = System.nanoTime();
            try (OrtSession session = env.createSession(model, options)) {
                double loadMs = (System.nanoTime() - t0) / 1e6;
                long rss1 = ProcessMemory.residentBytes(), gpu1 = gpu ? ProcessMemory.gpuBytes() : -1;
                guard.afterLoad();
                progress.step();

                FeedPlan feed = plan != null ? plan : FeedPlan.of(modelInputs(session), List.of(), null);
                FeedPlan.Input first = feed.inputs().isEmpty() ? null : feed.inputs().get(0);
                boolean oneFloatInput = feed.batching() && feed.inputs().size() == 1 && first.datatype() == Datatype.FP32;
                boolean readsExamples = validation != null && oneFloatInput
                        && Arrays.equals(validation.sampleShape(), first.sampleShape());
                List<Integer> sizes = feed.batchSizes(s.batchSizes());
                List<LatencyPoint> raw = new ArrayList<>();
                for (int b : sizes) {
                    raw.add(latency(session, inputs(feed, readsExamples ? validation : null, b), b, s, progress, guard));
                    progress.step();
                }
                long rss2 = ProcessMemory.residentBytes(), gpu2 = gpu ? ProcessMemory.gpuBytes() : -1;
                LatencyCurve curve = LatencyCurve.of(raw);

                Evaluation evaluation = null;
                String note = null;
                if (validation == null) {
                    note = "no validation dataset registered for the application";
                } else if (!oneFloatInput) {
                    note = "accuracy is measured only for a batching variant with one FP32 input that reads the "
                            + "validation set's examples; this one takes " + describe(feed);
                } else if (!readsExamples) {
                    note = "the variant's input " + Arrays.toString(first.sampleShape()) + " is not the validation set's "
                            + Arrays.toString(validation.sampleShape());
                } else if (classes == 0 || !writesScores(session, classes)) {
                    note = "the variant's first output is not one score per class (" + classes + " classes)";
                } else {
                    evaluation = evaluate(session, first, validation, classes, sizes.get(sizes.size() - 1),
                            progress, guard);
                }
                progress.step();

                long memory = gpu && gpu0 >= 0 ? gpu1 - gpu0 : rss1 - rss0;
                long dynamic = gpu && gpu0 >= 0 ? gpu2 - gpu1 : rss2 - rss1;
                ProfileBody body = new ProfileBody(curve.monotone(), curve.alphaMs(), curve.betaMs(), curve.quadratic(),
                        loadMs, Math.max(0, memory), Math.max(0, dynamic),
                        evaluation == null ? null : evaluation.accuracy(),
                        evaluation == null ? null : evaluation.recall(),
                        evaluation == null ? null : evaluation.confusion(), Instant.now());
                return new Result(body, curve.raw(), Math.max(0, rss1 - rss0), gpu ? Math.max(0, gpu1 - gpu0) : -1, note,
                        shapeNote(session, feed));
            }
        }
    }

    /**
     * One batch of b for every input: the validation set's first b examples when given (a single FP32 input), else
     * the variant's {@code inputValues} value in every element of an input it names, else seeded synthetic values
     * (input i of batch b seeded {@code b + 7919·i}: the first input's values are what they were when the profiler fed
     * only single-input models).
     */
    private Map<String, OnnxTensor> inputs(FeedPlan feed, ValidationData examples, int b) throws OrtException {
        Map<String, OnnxTensor> tensors = new LinkedHashMap<>();
        try {
            for (int i = 0; i < feed.inputs().size(); i++) {
                FeedPlan.Input in = feed.inputs().get(i);
                long[] shape = in.shape(feed.batching(), b);
                tensors.put(in.name(), examples != null
                        ? OnnxTensor.createTensor(env, FloatBuffer.wrap(examples(examples, b)), shape)
                        : in.value() != null ? SyntheticTensors.filled(env, in.datatype(), shape, in.value())
                        : SyntheticTensors.create(env, in.datatype(), shape, b + 7919L * i));
            }
            return tensors;
        } catch (OrtException | RuntimeException e) {
            tensors.values().forEach(OnnxTensor::close);
            throw e;
        }
    }

    private LatencyPoint latency(OrtSession session, Map<String, OnnxTensor> feed, int b, Settings s,
                                 Progress progress, RunGuard guard) throws OrtException {
        double[] ms = new double[s.repetitions()];
        try {
            for (int i = 0; i < s.warmup(); i++) {
                progress.checkCancelled();
                try (OrtSession.Result ignored = guard.run(session, feed, "batch " + b + ", warm-up")) {
                    // warm-up: first-run allocations, caches, branch predictors
                }
            }
            for (int i = 0; i < ms.length; i++) {
                progress.checkCancelled();
                long t0 = System.nanoTime();
                try (OrtSession.Result ignored = guard.run(session, feed, "batch " + b)) {
                    ms[i] = (System.nanoTime() - t0) / 1e6;
                }
            }
        } finally {
            feed.values().forEach(OnnxTensor::close);
        }
        return new LatencyPoint(b, Percentiles.of(ms, 0.50), Percentiles.of(ms, 0.99));
    }

    /** Null when the model's own shapes, free dimensions 1, are the variant at batch 1; else what differs. */
    private static String shapeNote(OrtSession session, FeedPlan feed) throws OrtException {
        if (!feed.batching()) return "the variant does not batch (maxBatchSize 0)";
        for (NodeInfo node : session.getInputInfo().values()) {
            if (!(node.getInfo() instanceof TensorInfo t)) return "input " + node.getName() + " is not a tensor";
            long[] shape = t.getShape();
            for (int k = 1; k < shape.length; k++) {
                if (shape[k] < 0) {
                    return "input " + node.getName() + " " + Arrays.toString(shape) + " is free in dimension " + k
                            + " besides the batch (the variant's declared size is measured here)";
                }
            }
        }
        return null;
    }

    private static String describe(FeedPlan feed) {
        List<String> parts = new ArrayList<>();
        for (FeedPlan.Input in : feed.inputs()) {
            parts.add(in.name() + " " + in.datatype() + Arrays.toString(in.shape()) + (in.value() == null ? "" : " = " + in.value()));
        }
        return parts + (feed.batching() ? "" : " and does not batch");
    }

    /**
     * The OIP name of an ONNX Runtime element type, by the enum's name: its {@code value} is ONNX Runtime's own
     * numbering (FLOAT is 10 there), not ONNX's {@code TensorProto.DataType} that {@link Datatype} holds.
     */
    static String datatype(TensorInfo.OnnxTensorType type) {
        String name = type.name().replace("ONNX_TENSOR_ELEMENT_DATA_TYPE_", "");
        return switch (name) {
            case "FLOAT" -> "FP32";
            case "DOUBLE" -> "FP64";
            case "FLOAT16" -> "FP16";
            case "BFLOAT16" -> "BF16";
            case "STRING" -> "BYTES";
            default -> Datatype.named(name) != null ? name : "ONNX:" + name;
        };
    }

    /** The model's inputs as ONNX Runtime reports them (non-tensor ones by their kind, which the plan refuses). */
    private static List<TensorSpec> modelInputs(OrtSession session) throws OrtException {
        List<TensorSpec> specs = new ArrayList<>();
        for (NodeInfo node : session.getInputInfo().values()) {
            if (node.getInfo() instanceof TensorInfo t) {
                specs.add(new TensorSpec(node.getName(), datatype(t.onnxType),
                        Arrays.stream(t.getShape()).map(d -> d < 0 ? -1 : d).boxed().toList()));
            } else {
                specs.add(new TensorSpec(node.getName(), node.getInfo().getClass().getSimpleName(), List.of()));
            }
        }
        return specs;
    }

    private Evaluation evaluate(OrtSession session, FeedPlan.Input input, ValidationData v, int classes, int batch,
                                Progress progress, RunGuard guard) throws OrtException {
        int n = v.size(), per = v.sampleElements();
        int[] predicted = new int[n];
        for (int start = 0; start < n; start += batch) {
            progress.checkCancelled();
            int b = Math.min(batch, n - start);
            FloatBuffer slice = FloatBuffer.wrap(v.inputs(), start * per, b * per).slice();
            try (OnnxTensor tensor = OnnxTensor.createTensor(env, slice, input.shape(true, b));
                 OrtSession.Result result = guard.run(session, Map.of(input.name(), tensor), "accuracy, rows " + start)) {
                float[][] scores = (float[][]) result.get(0).getValue();
                for (int i = 0; i < b; i++) predicted[start + i] = Evaluation.argmax(scores[i], 0, classes);
            }
        }
        return Evaluation.of(v.labels(), predicted, classes);
    }

    private static boolean writesScores(OrtSession session, int classes) throws OrtException {
        NodeInfo first = session.getOutputInfo().values().iterator().next();
        if (!(first.getInfo() instanceof TensorInfo t) || t.type != OnnxJavaType.FLOAT) return false;
        long[] shape = t.getShape();
        return shape.length == 2 && shape[1] == classes;
    }

    /** b examples of the validation set, from its start, wrapping round when b exceeds it. */
    private static float[] examples(ValidationData v, int b) {
        int per = v.sampleElements();
        float[] out = new float[b * per];
        for (int i = 0; i < b; i++) System.arraycopy(v.inputs(), (i % v.size()) * per, out, i * per, per);
        return out;
    }

    /** Session options for these settings: intra-op threads, and the CUDA provider when asked for (shared with {@link EnsembleProfiler}). */
    static OrtSession.SessionOptions options(Settings s) throws OrtException {
        OrtSession.SessionOptions options = new OrtSession.SessionOptions();
        try {
            if (s.intraOpThreads() > 0) options.setIntraOpNumThreads(s.intraOpThreads());
            if (s.provider() == ExecutionProvider.CUDA) options.addCUDA(s.cudaDeviceId());
            return options;
        } catch (OrtException | RuntimeException e) {
            options.close();
            throw e;
        }
    }
}
