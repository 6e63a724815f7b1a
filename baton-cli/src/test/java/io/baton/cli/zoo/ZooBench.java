package io.baton.cli.zoo;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

/**
 * Latency of every zoo model in ONNX Runtime on the CPU at batch 1 and 32 (median of {@code reps} runs
 * after warm-up, one intra-op thread unless --threads says otherwise), the two-point α/β fit
 * ℓ(b) = α·b + β, and each classifier's accuracy on the validation set as ONNX Runtime computes it.
 * A test-scope main (a timing, not a test); see scheduling-core/README.md.
 * <pre>java -cp ... io.baton.cli.zoo.ZooBench ZOO_DIR [--threads 1] [--reps 200]</pre>
 */
public final class ZooBench {
    private ZooBench() {}

    public static void main(String[] args) throws IOException, OrtException {
        Path dir = Path.of(args[0]);
        int threads = intOption(args, "--threads", 1), reps = intOption(args, "--reps", 200);
        Manifest m = new ObjectMapper().readValue(dir.resolve(ZooBuilder.MANIFEST).toFile(), Manifest.class);
        ValidationSet v = ValidationSet.read(dir.resolve(ZooBuilder.VALIDATION));
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        System.out.printf(Locale.ROOT, "ONNX Runtime CPU, %d intra-op thread(s), median of %d runs%n", threads, reps);
        System.out.printf(Locale.ROOT, "%-24s %10s %9s %10s %10s %9s %9s %7s%n", "model", "MACs/img", "val acc", "b=1 ms",
                "b=32 ms", "alpha ms", "beta ms", "beta/a");
        for (Manifest.Model model : m.models()) {
            OrtSession.SessionOptions so = new OrtSession.SessionOptions();
            so.setIntraOpNumThreads(threads);
            so.setInterOpNumThreads(1);
            try (OrtSession s = env.createSession(dir.resolve(model.file()).toString(), so)) {
                Manifest.TensorSpec in = model.inputs().get(0);
                int size = 1;
                for (int i = 1; i < in.shape().size(); i++) size *= in.shape().get(i);
                boolean image = in.name().equals(ZooBuilder.INPUT);
                String acc = "-";
                if (image && model.role().equals("classifier")) {
                    float[][] p = run(env, s, in, v.examples(), v.size());
                    int ok = 0;
                    for (int i = 0; i < v.size(); i++) if (ZooBuilder.argmax(p[i], 0, p[i].length) == v.labels()[i]) ok++;
                    acc = String.format(Locale.ROOT, "%.4f", (double) ok / v.size());
                }
                float[] x32 = new float[32 * size];
                if (image) System.arraycopy(v.examples(), 0, x32, 0, x32.length);
                else for (int i = 0; i < x32.length; i++) x32[i] = (i * 7919 % 13) / 13f; // stand-in features
                double l1 = median(env, s, in, Arrays.copyOf(x32, size), 1, reps);
                double l32 = median(env, s, in, x32, 32, Math.max(20, reps / 4));
                double alpha = (l32 - l1) / 31, beta = l1 - alpha;
                System.out.printf(Locale.ROOT, "%-24s %10d %9s %10.4f %10.4f %9.4f %9.4f %7.1f%n", model.name(),
                        model.macsPerExample(), acc, l1, l32, alpha, beta, beta / alpha);
            }
        }
    }

    static float[][] run(OrtEnvironment env, OrtSession s, Manifest.TensorSpec in, float[] x, int batch) throws OrtException {
        try (OnnxTensor t = OnnxTensor.createTensor(env, FloatBuffer.wrap(x), shape(in, batch));
             OrtSession.Result r = s.run(Map.of(in.name(), t))) {
            return (float[][]) r.get(0).getValue();
        }
    }

    /** Median wall time of one run (tensor creation, run and reading the output back), in ms. */
    static double median(OrtEnvironment env, OrtSession s, Manifest.TensorSpec in, float[] x, int batch, int reps) throws OrtException {
        for (int i = 0; i < Math.max(10, reps / 10); i++) run(env, s, in, x, batch);
        double[] t = new double[reps];
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            run(env, s, in, x, batch);
            t[i] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(t);
        return t[reps / 2];
    }

    static long[] shape(Manifest.TensorSpec in, int batch) {
        long[] s = new long[in.shape().size()];
        s[0] = batch;
        for (int i = 1; i < s.length; i++) s[i] = in.shape().get(i);
        return s;
    }

    static int intOption(String[] args, String name, int dflt) {
        for (int i = 0; i + 1 < args.length; i++) if (args[i].equals(name)) return Integer.parseInt(args[i + 1]);
        return dflt;
    }
}
