package io.baton.profiler.measure;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;

import io.baton.core.schemble.OrtRecorder;
import io.baton.profiler.registry.RegistryModel.Variant;

/**
 * The validation set as a pipeline's later stage sees it: the examples run through one variant of every earlier
 * stage (the first by name, as the gateway picks when no version is named), the labels kept. With it the profiler
 * measures a head's accuracy and per-class recall on what it really reads, which IPA's PAS needs (each stage's
 * accuracy, the product over stages).
 *
 * <p>Which upstream variant: IPA scores stages independently (§4.1, "independence of errors"), so one fixed upstream
 * per stage is the paper's own assumption; the first by name keeps the choice reproducible. The features are the
 * upstream model's first output, one row per example.
 */
public final class PipelineFeatures {

    private static final int BATCH = 64;

    private PipelineFeatures() {
    }

    /**
     * @param stage     the stage whose input is wanted (> 0)
     * @param variants  every variant of the pipeline
     * @param artifacts a variant's ONNX bytes
     * @param check     called before each batch (a cancelled job stops)
     */
    public static ValidationData before(int stage, List<Variant> variants, ValidationData validation,
                                        Function<Variant, byte[]> artifacts, Runnable check) throws OrtException {
        ValidationData data = validation;
        List<String> through = new ArrayList<>();
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        for (int s = 0; s < stage; s++) {
            int at = s;
            Variant upstream = variants.stream().filter(v -> v.stage() == at).min(Comparator.comparing(Variant::name))
                    .orElseThrow(() -> new IllegalArgumentException("the pipeline has no variant at stage " + at));
            try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
                options.setIntraOpNumThreads(1);
                try (OrtSession session = env.createSession(artifacts.apply(upstream), options)) {
                    float[][] rows = OrtRecorder.outputs(session, data.inputs(), data.size(), data.sampleShape(), BATCH, check);
                    int width = rows.length == 0 ? 0 : rows[0].length;
                    float[] features = new float[rows.length * width];
                    for (int i = 0; i < rows.length; i++) System.arraycopy(rows[i], 0, features, i * width, width);
                    through.add(upstream.name());
                    data = new ValidationData(validation.name() + " through " + String.join(", ", through), features,
                            validation.labels(), new long[] {width});
                }
            }
        }
        return data;
    }
}
