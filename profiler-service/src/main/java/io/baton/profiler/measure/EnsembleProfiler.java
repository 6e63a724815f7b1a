package io.baton.profiler.measure;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import io.baton.core.policy.Aggregator;
import io.baton.core.schemble.Aggregators;
import io.baton.core.schemble.DiscrepancyScore;
import io.baton.core.schemble.EnsembleProfile;
import io.baton.core.schemble.EnsembleSample;
import io.baton.core.schemble.OrtRecorder;
import io.baton.core.schemble.difficulty.DifficultyPredictor;
import io.baton.core.schemble.difficulty.PredictorTraining;

/**
 * Schemble's profiling of an ensemble application (§V-A, §V-B): every base model's output on every validation sample,
 * recorded with ONNX Runtime (the job's provider and threads, batches of its largest batch size), then per-model
 * temperature scaling, the discrepancy score of each sample, quantile bins and the accuracy of every (bin, subset)
 * against the full ensemble, all by scheduling-core's {@link EnsembleProfile}.
 *
 * <p>Then Schemble's difficulty predictor is trained on the same recorded outputs and exported to ONNX: what the
 * gateway serves as the ensemble's enricher.
 *
 * <p>Each base model's first output must hold one probability per class (what temperature scaling and the JS
 * divergence read): a row that is not a distribution fails the job with the model and row named.
 */
public final class EnsembleProfiler {

    /**
     * The profile, the recorded outputs (FP32 little-endian [sample][model][class]) and the difficulty predictor
     * trained on them (ONNX): what the registry keeps.
     */
    public record Result(EnsembleProfile profile, byte[] outputs, byte[] predictor) {
    }

    /** The predictor's training: the paper's λ = 0.2, a fixed seed, so the same outputs give the same model. */
    static final PredictorTraining.Options TRAINING = PredictorTraining.Options.standard(7);

    private final OrtEnvironment env = OrtEnvironment.getEnvironment();

    /**
     * @param names  the base models, in the order their bytes are given (subset mask bit k is model k)
     * @param models each base model's ONNX bytes
     */
    public Result profile(List<String> names, List<byte[]> models, ValidationData validation, int classes, Aggregator aggregator,
                          int bins, VariantProfiler.Settings s, Progress progress) throws OrtException {
        int n = validation.size(), batch = s.batchSizes().get(s.batchSizes().size() - 1);
        float[][][] outputs = new float[models.size()][][];
        for (int k = 0; k < outputs.length; k++) {
            progress.checkCancelled();
            try (OrtSession.SessionOptions options = VariantProfiler.options(s);
                 OrtSession session = env.createSession(models.get(k), options)) {
                outputs[k] = OrtRecorder.outputs(session, validation.inputs(), n, validation.sampleShape(), batch, progress::checkCancelled);
            }
            requireProbabilities(names.get(k), outputs[k], classes);
            progress.step();
        }
        List<EnsembleSample> samples = OrtRecorder.samples(outputs, validation.labels());
        EnsembleProfile profile = EnsembleProfile.measure(samples, aggregator, bins);
        progress.checkCancelled();
        byte[] predictor = predictor(samples, profile, aggregator, validation, classes);
        progress.step();
        return new Result(profile, blob(outputs, n, classes), predictor);
    }

    /**
     * Schemble's difficulty predictor (eq. 2) trained on the recorded outputs: task label the ensemble's class,
     * target the discrepancy score under this profile's temperatures and normalisers. Images ([C, H, W] with even
     * sides) are pooled 2×2 first; other inputs are read whole.
     */
    static byte[] predictor(List<EnsembleSample> samples, EnsembleProfile profile, Aggregator aggregator, ValidationData v,
                            int classes) {
        long[] dims = v.sampleShape();
        int[] inputDims = java.util.Arrays.stream(dims).mapToInt(Math::toIntExact).toArray();
        int pool = inputDims.length == 3 && inputDims[1] % 2 == 0 && inputDims[2] % 2 == 0 ? 2 : 1;
        DifficultyPredictor.Shape shape = new DifficultyPredictor.Shape(inputDims, pool, 64, classes, 16);
        int[] labels = samples.stream().mapToInt(s -> Aggregators.argmax(aggregator.aggregate(s.outputs()))).toArray();
        DiscrepancyScore score = profile.score(aggregator);
        double[] targets = samples.stream().mapToDouble(score::score).toArray();
        DifficultyPredictor trained = PredictorTraining.train(shape, v.inputs(), samples.size(), labels, targets, TRAINING).predictor();
        return trained.toOnnx("schemble-predictor", java.util.Map.of("baton.schemble.target", "discrepancy score",
                "baton.schemble.samples", Integer.toString(samples.size()))).toBytes();
    }

    static void requireProbabilities(String model, float[][] rows, int classes) {
        for (int i = 0; i < rows.length; i++) {
            if (rows[i].length != classes) {
                throw new IllegalArgumentException("base model " + model + " writes " + rows[i].length + " values per sample, not one per class ("
                        + classes + ")");
            }
            double sum = 0;
            for (float v : rows[i]) {
                if (!(v >= 0)) throw new IllegalArgumentException(notDistribution(model, i, "a negative or NaN value " + v));
                sum += v;
            }
            if (Math.abs(sum - 1) > 1e-3) throw new IllegalArgumentException(notDistribution(model, i, "a sum of " + sum));
        }
    }

    private static String notDistribution(String model, int row, String what) {
        return "base model " + model + "'s output for validation sample " + row + " is not a probability distribution (" + what
                + "): the ensemble profile needs class probabilities (a softmax output)";
    }

    private static byte[] blob(float[][][] outputs, int n, int classes) {
        ByteBuffer b = ByteBuffer.allocate(4 * n * outputs.length * classes).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) for (float[][] model : outputs) for (float v : model[i]) b.putFloat(v);
        return b.array();
    }

    /** Boxed lists for the registry's JSON body. */
    public static List<Double> list(double[] values) {
        List<Double> out = new ArrayList<>(values.length);
        for (double v : values) out.add(v);
        return out;
    }
}
