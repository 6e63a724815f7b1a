package io.baton.scheduler.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import io.baton.core.onnx.Dim;
import io.baton.core.onnx.GraphBuilder;

/**
 * A real ONNX model for dispatch tests, y = x·W + b ([N, 4] → [N, 3], FP32), written with scheduling-core's ONNX
 * writer; {@link #expected} computes the same in Java, so a served answer can be checked exactly per request.
 */
public final class LinearModel {

    public static final int IN = 4, OUT = 3;

    private final float[] w = new float[IN * OUT];
    private final float[] b = new float[OUT];
    private final byte[] bytes;

    public LinearModel(float scale) {
        for (int i = 0; i < w.length; i++) w[i] = scale * (i + 1) / 10f;
        for (int j = 0; j < OUT; j++) b[j] = scale * (j - 1);
        GraphBuilder g = new GraphBuilder("linear");
        String x = g.input("x", Dim.BATCH, Dim.of(IN));
        String y = g.add(g.matMul(x, g.weights("w", new long[] {IN, OUT}, w)), g.weights("b", new long[] {OUT}, b));
        g.output(y, "y", Dim.BATCH, Dim.of(OUT));
        bytes = g.build().toBytes();
    }

    public float[] expected(float[] x) {
        float[] y = new float[OUT];
        for (int j = 0; j < OUT; j++) {
            float s = b[j];
            for (int i = 0; i < IN; i++) s += x[i] * w[i * OUT + j];
            y[j] = s;
        }
        return y;
    }

    /** Writes the model as {@code <sha256>.onnx} into dir (a worker's {@code file:} artifact source); returns the digest. */
    public String writeTo(Path dir) throws IOException {
        Files.createDirectories(dir);
        String digest = sha256(bytes);
        Files.write(dir.resolve(digest + ".onnx"), bytes);
        return digest;
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
