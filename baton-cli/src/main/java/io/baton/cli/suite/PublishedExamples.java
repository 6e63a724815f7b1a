package io.baton.cli.suite;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Example requests for the published applications, written where {@code up} prints a curl for them, and the line that
 * says what came back: for {@value PublishedApplications#OCR_DIRECTION} a synthetic 48×192 text line (dark strokes on
 * white, normalised to [-1, 1] as PaddleOCR feeds it), for {@value PublishedApplications#VAD} 32 ms of a 440 Hz tone
 * at 16 kHz with a zero state and the sample rate as an INT64 scalar.
 */
public final class PublishedExamples {
    public static final String OCR_FILE = "example-ocr-direction.json", VAD_FILE = "example-vad.json";
    public static final int OCR_HEIGHT = 48, OCR_WIDTH = 192, VAD_SAMPLES = 512, VAD_RATE = 16_000;

    private PublishedExamples() {}

    /**
     * The synthetic text line, [1, 3, 48, 192] row-major: strokes of varying width between rows 14 and 34, with short
     * bars along the line's edges, drawn so that the classifier reads it as upright ("0"; the same drawing turned by
     * 180° it reads as "180").
     */
    public static float[] ocrImage() {
        float[] image = new float[3 * OCR_HEIGHT * OCR_WIDTH];
        for (int c = 0; c < 3; c++) {
            for (int row = 0; row < OCR_HEIGHT; row++) {
                for (int col = 0; col < OCR_WIDTH; col++) {
                    int y = OCR_HEIGHT - 1 - row, x = OCR_WIDTH - 1 - col;
                    boolean ink = y >= 14 && y < 34 && x >= 8 && x < 184 && (x % 12 < 2 + (x / 12) % 3 || (y == 14 || y == 33) && x % 24 < 10);
                    image[(c * OCR_HEIGHT + row) * OCR_WIDTH + col] = ink ? -1f : 1f;
                }
            }
        }
        return image;
    }

    /** 512 samples of a 440 Hz tone at half amplitude, 16 kHz, rounded to 1e-4 (a short file). */
    public static float[] vadChunk() {
        float[] samples = new float[VAD_SAMPLES];
        for (int i = 0; i < samples.length; i++) samples[i] = Math.round(5000 * Math.sin(2 * Math.PI * 440 * i / VAD_RATE)) / 10_000f;
        return samples;
    }

    public static ObjectNode ocrRequest() {
        ObjectNode body = JsonHttp.JSON.createObjectNode().put("id", "ocr-direction-example");
        addFloats(body.putArray("inputs"), "x", new long[] {1, 3, OCR_HEIGHT, OCR_WIDTH}, ocrImage());
        return body;
    }

    /** One chunk: {@code input} [1, 512], {@code state} [2, 1, 128] (zeros: a stream's start), {@code sr} INT64 scalar. */
    public static ObjectNode vadRequest(float[] chunk, float[] state) {
        ObjectNode body = JsonHttp.JSON.createObjectNode().put("id", "vad-example");
        ArrayNode inputs = body.putArray("inputs");
        addFloats(inputs, "input", new long[] {1, chunk.length}, chunk);
        addFloats(inputs, "state", new long[] {2, 1, 128}, state);
        ObjectNode sr = inputs.addObject().put("name", "sr").put("datatype", "INT64");
        sr.putArray("shape");
        sr.putArray("data").add(VAD_RATE);
        return body;
    }

    static void addFloats(ArrayNode inputs, String name, long[] shape, float[] data) {
        ObjectNode in = inputs.addObject().put("name", name).put("datatype", "FP32");
        ArrayNode s = in.putArray("shape");
        for (long d : shape) s.add(d);
        ArrayNode values = in.putArray("data");
        for (float v : data) values.add(v);
    }

    /** Writes both example requests into {@code home}; answers the OCR file. */
    public static Path write(Path home) {
        try {
            Files.createDirectories(home);
            JsonHttp.JSON.writeValue(home.resolve(OCR_FILE).toFile(), ocrRequest());
            JsonHttp.JSON.writeValue(home.resolve(VAD_FILE).toFile(), vadRequest(vadChunk(), new float[2 * 128]));
            return home.resolve(OCR_FILE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Sends the example to {@code app} (retried, a tenth of a second apart for up to about 4 s, while the first
     * requests warm it: a model loading on a worker, or a dispatch overhead the scheduler learned before the
     * application's own SLO bounds it, answers 503/504 for a moment) and says what came back.
     */
    public static String probe(JsonHttp http, URI gateway, String app, Path example) {
        try {
            String request = Files.readString(example);
            URI infer = gateway.resolve("/v2/models/" + app + "/infer");
            JsonHttp.Response r = http.post(infer, request);
            for (int attempt = 0; attempt < 40 && r.status() != 200; attempt++) {
                Thread.sleep(100);
                r = http.post(infer, request);
            }
            if (r.status() != 200) return "answered " + r.status() + " " + r.reason() + "  (not served: see the gateway's and the scheduler's logs)";
            return describe(app, r.json());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "failed: interrupted";
        } catch (IOException | RuntimeException e) {
            return "failed: " + e.getMessage();
        }
    }

    static String describe(String app, JsonNode body) {
        String model = body.path("model_version").asText(body.path("model_name").asText("?"));
        if (app.equals(PublishedApplications.VAD)) {
            float[] p = Oip.output(body, "output");
            return String.format(Locale.ROOT, "answered 200: speech probability %.3f, and the next state (stateN [2, 1, 128]) to send with the next chunk (model %s)",
                    p[0], model);
        }
        float[] p = Oip.output(body, "softmax_0.tmp_0");
        int best = p[1] > p[0] ? 1 : 0;
        String batch = Oip.batchSize(body).isPresent() ? ", batch " + Oip.batchSize(body).getAsInt() : "";
        return String.format(Locale.ROOT, "answered 200: rotated %s° with probability %.3f (model %s%s)",
                PublishedApplications.OCR.classes().get(best), p[best], model, batch);
    }
}
