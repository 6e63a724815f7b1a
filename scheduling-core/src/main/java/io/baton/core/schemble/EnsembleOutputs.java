package io.baton.core.schemble;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Recorded per-sample outputs of an ensemble's base models: what {@code bench schemble} replays.
 *
 * <p>File format (text, UTF-8; blank lines and lines starting with {@code #} are ignored):
 * <pre>
 * models a b c          # base model names, in output order
 * classes 10            # length of each probability vector
 * features 4            # optional: per-sample feature count for the DES and gating baselines (default 0)
 * 7 0.01 … 0.90  0.02 … 0.85  0.00 … 0.97  [f1 … f4]
 * </pre>
 * Each sample line: the label, then every model's class-probability vector in {@code models} order,
 * then the features. Errors name the line.
 *
 * @param features per sample, or null when the file has none
 */
public record EnsembleOutputs(List<String> models, int classes, List<EnsembleSample> samples, List<double[]> features) {

    public static EnsembleOutputs read(Path file) throws IOException {
        List<String> models = null;
        int classes = -1, nFeatures = 0;
        List<EnsembleSample> samples = new ArrayList<>();
        List<double[]> features = new ArrayList<>();
        int lineNo = 0;
        for (String raw : Files.readAllLines(file)) {
            lineNo++;
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) continue;
            String[] tok = line.split("\\s+");
            String where = file.getFileName() + ":" + lineNo;
            switch (tok[0]) {
                case "models" -> models = List.of(Arrays.copyOfRange(tok, 1, tok.length));
                case "classes" -> classes = positive(tok, where, "classes");
                case "features" -> nFeatures = positive(tok, where, "features");
                default -> {
                    if (models == null || models.isEmpty() || classes < 1) {
                        throw new IllegalArgumentException(where + ": 'models' and 'classes' must come before the samples");
                    }
                    int want = 1 + models.size() * classes + nFeatures;
                    if (tok.length != want) throw new IllegalArgumentException(where + ": expected " + want + " numbers, got " + tok.length);
                    int label;
                    try {
                        label = Integer.parseInt(tok[0]);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException(where + ": label must be an integer, got '" + tok[0] + "'");
                    }
                    if (label < 0 || label >= classes) throw new IllegalArgumentException(where + ": label must be in [0, " + classes + ")");
                    float[][] out = new float[models.size()][classes];
                    int t = 1;
                    for (int k = 0; k < models.size(); k++) {
                        for (int c = 0; c < classes; c++) out[k][c] = (float) number(tok[t++], where, true);
                    }
                    double[] f = new double[nFeatures];
                    for (int j = 0; j < nFeatures; j++) f[j] = number(tok[t++], where);
                    samples.add(new EnsembleSample(label, out));
                    features.add(f);
                }
            }
        }
        if (samples.isEmpty()) throw new IllegalArgumentException(file.getFileName() + ": no samples");
        return new EnsembleOutputs(models, classes, samples, nFeatures > 0 ? features : null);
    }

    /** Writes the file {@link #read} reads back exactly (floats in their shortest exact decimal form). */
    public void write(Path file) throws IOException {
        StringBuilder b = new StringBuilder();
        b.append("models ").append(String.join(" ", models)).append('\n').append("classes ").append(classes).append('\n');
        int nFeatures = features == null || features.isEmpty() ? 0 : features.get(0).length;
        if (nFeatures > 0) b.append("features ").append(nFeatures).append('\n');
        for (int i = 0; i < samples.size(); i++) {
            EnsembleSample s = samples.get(i);
            b.append(s.label());
            for (float[] o : s.outputs()) for (float v : o) b.append(' ').append(v);
            if (nFeatures > 0) for (double f : features.get(i)) b.append(' ').append(f);
            b.append('\n');
        }
        Files.writeString(file, b);
    }

    private static int positive(String[] tok, String where, String what) {
        try {
            int v = Integer.parseInt(tok[1]);
            if (v < 1) throw new NumberFormatException();
            return v;
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(where + ": '" + what + "' needs a positive integer");
        }
    }

    private static double number(String s, String where) {
        return number(s, where, false);
    }

    /** A float parsed as a float, so that what {@link #write} printed reads back bit for bit. */
    private static double number(String s, String where, boolean single) {
        try {
            double d = single ? Float.parseFloat(s) : Double.parseDouble(s);
            if (!Double.isFinite(d)) throw new NumberFormatException();
            return d;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + ": not a finite number: '" + s + "'");
        }
    }

    /**
     * A seeded synthetic 3-model, 10-class ensemble (Schemble notes §6(b)), so the bench runs before real
     * outputs are recorded: latent difficulty h = u³ (most samples easy); model k (skill 0.95, 0.85, 0.75)
     * predicts the label with probability 1 − h·(1.3 − skill), else a random class, with a confidence
     * that falls with h. Features: a noisy copy of h and one noisy "preference" per model.
     */
    public static EnsembleOutputs synthetic(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] skill = {0.95, 0.85, 0.75};
        int classes = 10;
        List<EnsembleSample> samples = new ArrayList<>();
        List<double[]> features = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double h = Math.pow(rnd.nextDouble(), 3);
            int label = rnd.nextInt(classes);
            float[][] out = new float[3][classes];
            double[] f = new double[4];
            f[0] = h + 0.1 * gauss(rnd);
            for (int k = 0; k < 3; k++) {
                boolean right = rnd.nextDouble() < 1 - h * (1.3 - skill[k]);
                int pred = right ? label : rnd.nextInt(classes);
                double[] z = new double[classes];
                for (int c = 0; c < classes; c++) z[c] = 0.5 * gauss(rnd);
                z[pred] += 1 + 5 * (1 - h);
                double max = Arrays.stream(z).max().orElse(0), sum = 0;
                for (int c = 0; c < classes; c++) sum += z[c] = Math.exp(z[c] - max);
                for (int c = 0; c < classes; c++) out[k][c] = (float) (z[c] / sum);
                f[1 + k] = (right ? 0.3 : -0.3) + gauss(rnd);
            }
            samples.add(new EnsembleSample(label, out));
            features.add(f);
        }
        return new EnsembleOutputs(List.of("m0", "m1", "m2"), classes, samples, features);
    }

    private static double gauss(SplittableRandom rnd) {
        return Math.sqrt(-2 * Math.log(Math.max(rnd.nextDouble(), 1e-300))) * Math.cos(2 * Math.PI * rnd.nextDouble());
    }
}
