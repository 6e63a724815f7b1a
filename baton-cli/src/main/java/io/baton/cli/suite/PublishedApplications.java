package io.baton.cli.suite;

import io.baton.cli.models.PublishedModel;
import io.baton.cli.models.PublishedModels;
import io.baton.core.policy.PolicyIds;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The published models {@code bin/baton up} serves beside the zoo, each a single-model application whose one variant
 * is the pinned model, named after it:
 * <ul>
 * <li>{@value #OCR_DIRECTION}: PaddleOCR's text-direction classifier on 48×192 text lines, classes "0" and "180"
 *     (degrees), under symphony with a {@value #OCR_SLO_MS} ms SLO. Measured on a 2-core machine with one intra-op
 *     thread (as the workers run): 1.4 ms at batch 1, 9 ms at batch 8 (its largest batch), so a full batch with its
 *     queueing and the HTTP hops fits with room.</li>
 * <li>{@value #VAD}: Silero's voice-activity detector on 512-sample chunks at 16 kHz, with its recurrent state and the
 *     sample rate as an INT64 scalar; it does not batch (its state's batch axis is not the first), so each request runs
 *     alone, under work-conserving. Its control flow reads the sample rate's value (8000 or 16000; anything else
 *     fails), so its variant declares {@code inputValues} {@code {"sr": 16000}}: what the profiler and synthetic
 *     requests feed it. A warm chunk of 32 ms of audio runs in 0.2 to 1 ms, hence a {@value #VAD_SLO_MS} ms SLO.</li>
 * </ul>
 */
public final class PublishedApplications {
    public static final String OCR_DIRECTION = "ocr-direction", VAD = "vad";
    public static final double OCR_SLO_MS = 50, VAD_SLO_MS = 100;

    /** An application serving one pinned model ({@link #model}, by its name in the pinned list). */
    public record App(String name, String model, String policy, double sloMs, List<String> classes) {
        public PublishedModel pinned() {
            return PublishedModels.named(model);
        }

        /** The variant's name: the pinned model's. */
        public String variant() {
            return model;
        }
    }

    public static final App OCR = new App(OCR_DIRECTION, PublishedModels.OCR_DIRECTION, PolicyIds.SYMPHONY, OCR_SLO_MS, List.of("0", "180"));
    /** Silero branches on the value of {@code sr}: its variant's {@code inputValues} pins it to 16000 (see {@link #variantBody}). */
    public static final App SILERO = new App(VAD, PublishedModels.VAD, PolicyIds.WORK_CONSERVING, VAD_SLO_MS, List.of());

    private PublishedApplications() {}

    /** What {@code up} registers, in order. */
    public static List<App> all() {
        return List.of(OCR, SILERO);
    }

    /** The body of {@code POST /v1/applications}: the declared inputs (fixing the model's free dimensions) and outputs. */
    public static Map<String, Object> applicationBody(App app) {
        PublishedModel m = app.pinned();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", app.name());
        body.put("kind", "single");
        body.put("policy", app.policy());
        body.put("sloMs", app.sloMs());
        if (!m.serve().inputs().isEmpty()) body.put("inputs", m.serve().inputs());
        if (!m.serve().outputs().isEmpty()) body.put("outputs", m.serve().outputs());
        if (!app.classes().isEmpty()) body.put("classes", app.classes());
        return body;
    }

    /**
     * The body of {@code POST /v1/applications/{app}/variants}: the artifact, the declared inputs, the largest batch and
     * the values of inputs the model reads ({@code inputValues}).
     */
    public static Map<String, Object> variantBody(PublishedModel m, String name, String artifactDigest) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", name);
        body.put("artifactDigest", artifactDigest);
        if (!m.serve().inputs().isEmpty()) body.put("inputs", m.serve().inputs());
        if (m.serve().maxBatchSize() != null) body.put("maxBatchSize", m.serve().maxBatchSize());
        if (!m.serve().inputValues().isEmpty()) body.put("inputValues", m.serve().inputValues());
        return body;
    }

    /** The batch sizes to profile: powers of two up to the largest batch; none given (the profiler's own) when derived. */
    public static List<Integer> profiledBatchSizes(PublishedModel m) {
        Integer max = m.serve().maxBatchSize();
        if (max == null || max < 1) return null;
        java.util.ArrayList<Integer> sizes = new java.util.ArrayList<>();
        for (int b = 1; b <= max; b *= 2) sizes.add(b);
        if (sizes.get(sizes.size() - 1) != max) sizes.add(max);
        return sizes;
    }
}
