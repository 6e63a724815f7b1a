package io.baton.cli.bench;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.baton.core.policy.Aggregator;
import io.baton.core.schemble.Aggregators;
import io.baton.core.schemble.DiscrepancyScore;
import io.baton.core.schemble.EnsembleOutputs;
import io.baton.core.schemble.EnsembleSample;
import io.baton.core.schemble.OrtRecorder;
import io.baton.core.schemble.difficulty.DifficultyPredictor;
import io.baton.core.schemble.difficulty.OnnxDifficultyEnricher;
import io.baton.core.schemble.difficulty.PredictorTraining;
import io.baton.cli.suite.ZooRegistration;
import io.baton.cli.zoo.Architectures;
import io.baton.cli.zoo.FashionMnist;
import io.baton.cli.zoo.Manifest;
import io.baton.cli.zoo.ValidationSet;
import io.baton.cli.zoo.ZooBuilder;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The real data of {@code bench schemble}: the model zoo's {@code fashion-ensemble} (four base models, the mean of
 * their probabilities) run by ONNX Runtime on Fashion-MNIST, with measured latencies and trained difficulty
 * predictors. Built once into a cache directory ({@value #DIR}), then loaded.
 *
 * <p>Three sets of recorded outputs (every base model's probabilities per image, with the true label):
 * <ul>
 *   <li><b>history</b> ({@value #HISTORY} training images the zoo's heads did not see, those after its
 *       {@code trainExamplesUsed}): the "historical inference logs" the predictors are trained on;</li>
 *   <li><b>profile</b>: the zoo's validation set (the first 2,000 test images), what the profiler sees: temperatures,
 *       normalisers, bins, the (bin, subset) table, and the DES/gating training set;</li>
 *   <li><b>queries</b>: the other test images (8,000), replayed as queries.</li>
 * </ul>
 * Profile and query samples carry features {@code [predicted score, predicted agreement, h_0 … h_63]}: the two
 * predictors' scores as ONNX Runtime computes them on the exported graphs, and the discrepancy predictor's trunk
 * activations h (Java), the "pretrained extractor" features DES and gating read.
 *
 * <p>Predictors ({@link DifficultyPredictor}, 2×2 pooling, 64 hidden units, a 16-unit score head): one trained on the
 * discrepancy score (eq. 1, temperatures and normalisers fitted on the profile set), one on ensemble agreement
 * (Schemble(ea)); task label = the ensemble's class; eq. 2 with λ = 0.2. Latencies: the p50 of 2,000 single-image
 * runs (tensor creation included, one intra-op thread) of each base model and of the predictor, in ms on this
 * machine; {@code recording.json} (written last: its presence means a complete recording) keeps them with the
 * largest difference between ONNX Runtime's and the Java forward pass's scores.
 *
 * <p>{@link Members} chooses other base models from the same zoo instead ({@code --ensemble heterogeneous}: a weak,
 * fast model beside the two strongest), recorded the same way into a directory of their own.
 */
public final class FashionMnistEnsemble {
    /** Bump when anything that shapes the recording changes. */
    public static final int VERSION = 2;
    public static final String DIR = "schemble-fmnist-v" + VERSION, ZOO = "bench-zoo", APP = "fashion-ensemble";
    public static final int HISTORY = 20_000, BATCH = 250, TIMED_RUNS = 2_000;
    static final DifficultyPredictor.Shape PREDICTOR = new DifficultyPredictor.Shape(new int[] {1, FashionMnist.SIDE, FashionMnist.SIDE},
            2, 64, FashionMnist.CLASSES.size(), 16);
    static final long SEED = 7;
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final long[] IMAGE = {1, FashionMnist.SIDE, FashionMnist.SIDE};

    /**
     * Which of the zoo's classifiers the recording replays ({@code bench schemble --ensemble}). Every classifier of
     * {@link Architectures#CLASSIFIERS} is in the zoo the bench builds, so choosing other members changes neither the
     * zoo nor its demo applications; each choice has its own cache directory, so neither clobbers the other.
     */
    public enum Members {
        /** The zoo's {@code fashion-ensemble} application (fmnist-linear, -conv8, -conv32, -wide: 83–88 % accurate each). */
        DEFAULT(DIR, null),
        /**
         * A heterogeneous ensemble in the paper's sense (§V-A: deep ensembles mix base models of different accuracy, like
         * its text-matching BiLSTM + RoBERTa + BERT, where ensemble agreement counts the weak model's disagreement as
         * difficulty and the discrepancy score, normalised per model, does not): fmnist-tiny, the zoo's weakest and fastest
         * classifier (a 7×7 thumbnail, about 80 % on the test set), beside its two most accurate, fmnist-conv32 and
         * fmnist-deep (about 88 %), and fmnist-wide (about 84 %, a random projection rather than convolutions). Four members,
         * as in the default, so that the two differ in how unequal the members are (80–88 % against 83–88 %), not in size;
         * the weak member is the fast one and the slow ones are strong, as in the paper.
         */
        HETEROGENEOUS("schemble-fmnist-hetero-v" + VERSION, List.of(Architectures.TINY.name(),
                Architectures.CONV32.name(), Architectures.WIDE.name(), Architectures.DEEP.name()));

        private final String dir;
        private final List<String> models;

        Members(String dir, List<String> models) {
            this.dir = dir;
            this.models = models;
        }

        /** The value of {@code --ensemble}: the constant's name in lower case. */
        public String option() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The recording's directory under the cache. */
        public String dir() {
            return dir;
        }

        /** The base models, in order; null: those of the zoo's {@value FashionMnistEnsemble#APP} application. */
        public List<String> models() {
            return models;
        }

        /** The name the recording gives the ensemble. */
        public String application() {
            return models == null ? APP : "heterogeneous";
        }

        /** The member choice named {@code option}, or null when there is none. */
        public static Members of(String option) {
            for (Members m : values()) if (m.option().equals(option)) return m;
            return null;
        }
    }

    /**
     * What {@code recording.json} holds.
     *
     * @param latencyMs          measured p50 per base model, in {@code models} order
     * @param predictorLatencyMs measured p50 of the discrepancy predictor through {@link OnnxDifficultyEnricher}
     * @param onnxVsJavaMaxDiff  the largest |score(ONNX Runtime) − score(Java)| over profile and query images, both predictors
     */
    public record Info(int version, String zoo, int zooVersion, String application, List<String> models, double[] latencyMs,
                       double predictorLatencyMs, double onnxVsJavaMaxDiff, int historyOffset, int history, int profile,
                       int queries, double[] scoreTrainingLoss, double[] eaTrainingLoss, String predictor) {}

    /** The recording loaded: the three sets (profile and queries with the features above) and the predictors' bytes. */
    public record Recording(Info info, EnsembleOutputs history, EnsembleOutputs profile, EnsembleOutputs queries,
                            byte[] scorePredictor, byte[] eaPredictor) {}

    private FashionMnistEnsemble() {}

    /** Loads the recording from {@code cacheDir/}{@value #DIR}, building it (and the zoo, in {@code cacheDir/}{@value #ZOO}) first when missing. */
    public static Recording loadOrBuild(Path dataDir, Path cacheDir, PrintStream log) throws IOException {
        return loadOrBuild(dataDir, cacheDir, Members.DEFAULT, log);
    }

    /** Likewise for the chosen members, from {@code cacheDir/}{@link Members#dir()}. */
    public static Recording loadOrBuild(Path dataDir, Path cacheDir, Members members, PrintStream log) throws IOException {
        Path dir = cacheDir.resolve(members.dir());
        if (!Files.isRegularFile(dir.resolve("recording.json"))) build(dataDir, cacheDir, dir, members, log);
        Info info = JSON.readValue(dir.resolve("recording.json").toFile(), Info.class);
        if (info.version() != VERSION) throw new IOException(dir + " holds recording version " + info.version() + ", not " + VERSION);
        if (!info.application().equals(members.application()) || members.models() != null && !info.models().equals(members.models())) {
            throw new IOException(dir + " holds a recording of " + info.application() + " " + info.models() + ", not "
                    + members.application() + (members.models() == null ? "" : " " + members.models()) + "; delete it to record again");
        }
        return new Recording(info, EnsembleOutputs.read(dir.resolve("history.txt")), EnsembleOutputs.read(dir.resolve("profile.txt")),
                EnsembleOutputs.read(dir.resolve("queries.txt")), Files.readAllBytes(dir.resolve("predictor-score.onnx")),
                Files.readAllBytes(dir.resolve("predictor-ea.onnx")));
    }

    private static void build(Path dataDir, Path cacheDir, Path dir, Members members, PrintStream log) throws IOException {
        long t0 = System.nanoTime();
        Path zoo = cacheDir.resolve(ZOO);
        ZooBuilder.Options options = ZooBuilder.Options.standard(dataDir);
        if (!ZooBuilder.isBuilt(zoo, options)) {
            log.println("schemble: building the model zoo into " + zoo + " (about a minute)");
            new ZooBuilder(options, log).build(zoo);
        }
        Manifest manifest = ZooRegistration.manifest(zoo);
        List<String> models = members.models();
        if (models == null) {
            Manifest.App app = manifest.applications().stream().filter(a -> a.name().equals(APP)).findFirst()
                    .orElseThrow(() -> new IOException(zoo + ": the zoo has no application " + APP));
            models = app.baseModels();
        }
        String application = members.application();
        List<byte[]> bytes = new ArrayList<>();
        for (String m : models) bytes.add(Files.readAllBytes(zoo.resolve(m + ".onnx")));

        FashionMnist.Data data = FashionMnist.load(dataDir);
        int offset = manifest.dataset().trainExamplesUsed();
        if (offset + HISTORY > data.train().size()) throw new IOException("Fashion-MNIST has too few training images for the history set");
        ValidationSet validation = ValidationSet.read(zoo.resolve(ZooBuilder.VALIDATION));
        int v = validation.size(), q = manifest.dataset().testExamples() - v;
        float[] historyImages = slice(data.train().images(), offset, HISTORY), queryImages = slice(data.test().images(), v, q);
        int[] historyLabels = Arrays.copyOfRange(data.train().labels(), offset, offset + HISTORY);
        int[] queryLabels = Arrays.copyOfRange(data.test().labels(), v, v + q);
        log.printf("schemble: recording %s (%s) with ONNX Runtime on %d history, %d profile and %d query images%n", application,
                String.join(", ", models), HISTORY, v, q);
        List<EnsembleSample> history, profile, queries;
        try {
            history = OrtRecorder.samples(OrtRecorder.outputs(bytes, historyImages, HISTORY, IMAGE, BATCH), historyLabels);
            profile = OrtRecorder.samples(OrtRecorder.outputs(bytes, validation.examples(), v, IMAGE, BATCH), validation.labels());
            queries = OrtRecorder.samples(OrtRecorder.outputs(bytes, queryImages, q, IMAGE, BATCH), queryLabels);
        } catch (OrtException e) {
            throw new IOException("ONNX Runtime: " + e.getMessage(), e);
        }

        Aggregator mean = Aggregators.weightedAveraging(ones(models.size()));
        DiscrepancyScore dis = DiscrepancyScore.fitClassification(profile, mean);
        int[] ensembleClass = history.stream().mapToInt(s -> Aggregators.argmax(mean.aggregate(s.outputs()))).toArray();
        log.printf("schemble: training the difficulty predictors on %d recorded outputs (eq. 2, λ = 0.2)%n", HISTORY);
        PredictorTraining.Options training = PredictorTraining.Options.standard(SEED);
        PredictorTraining.Result score = PredictorTraining.train(PREDICTOR, historyImages, HISTORY, ensembleClass,
                history.stream().mapToDouble(dis::score).toArray(), training);
        PredictorTraining.Result ea = PredictorTraining.train(PREDICTOR, historyImages, HISTORY, ensembleClass,
                history.stream().mapToDouble(SchembleBench::agreement).toArray(), training);
        byte[] scoreOnnx = export(score.predictor(), "discrepancy score", application),
                eaOnnx = export(ea.predictor(), "ensemble agreement", application);

        double[] maxDiff = {0};
        List<double[]> profileFeatures = features(score.predictor(), ea.predictor(), scoreOnnx, eaOnnx, validation.examples(), v, maxDiff);
        List<double[]> queryFeatures = features(score.predictor(), ea.predictor(), scoreOnnx, eaOnnx, queryImages, q, maxDiff);

        log.println("schemble: timing each base model and the predictor (single images, ONNX Runtime, one thread)");
        double[] latency = new double[models.size()];
        for (int k = 0; k < latency.length; k++) latency[k] = p50(bytes.get(k), validation.examples());
        double predictorMs;
        try (OnnxDifficultyEnricher enricher = new OnnxDifficultyEnricher(scoreOnnx, 1)) {
            double[] t = new double[TIMED_RUNS];
            for (int r = -TIMED_RUNS / 4; r < TIMED_RUNS; r++) {
                double ms = enricher.enrich(slice(validation.examples(), Math.floorMod(r, v), 1)).latencyMs();
                if (r >= 0) t[r] = ms;
            }
            predictorMs = median(t);
        }

        Files.createDirectories(dir);
        new EnsembleOutputs(models, FashionMnist.CLASSES.size(), history, null).write(dir.resolve("history.txt"));
        new EnsembleOutputs(models, FashionMnist.CLASSES.size(), profile, profileFeatures).write(dir.resolve("profile.txt"));
        new EnsembleOutputs(models, FashionMnist.CLASSES.size(), queries, queryFeatures).write(dir.resolve("queries.txt"));
        Files.write(dir.resolve("predictor-score.onnx"), scoreOnnx);
        Files.write(dir.resolve("predictor-ea.onnx"), eaOnnx);
        Info info = new Info(VERSION, manifest.zoo(), manifest.version(), application, models, latency, predictorMs, maxDiff[0], offset,
                HISTORY, v, q, score.scoreLoss(), ea.scoreLoss(), PREDICTOR.toString());
        Path tmp = dir.resolve("recording.json.tmp");
        JSON.writeValue(tmp.toFile(), info);
        Files.move(tmp, dir.resolve("recording.json"), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        log.printf("schemble: recording written to %s in %.1f s%n", dir, (System.nanoTime() - t0) / 1e9);
    }

    private static byte[] export(DifficultyPredictor p, String target, String application) {
        return p.toOnnx("schemble-predictor", Map.of("baton.schemble.target", target, "baton.schemble.application", application,
                "baton.zoo", ZooBuilder.NAME)).toBytes();
    }

    /** Per image: [ORT score, ORT agreement, h…]; {@code maxDiff} grows to the largest ORT-vs-Java score difference seen. */
    private static List<double[]> features(DifficultyPredictor score, DifficultyPredictor ea, byte[] scoreOnnx, byte[] eaOnnx,
                                           float[] images, int n, double[] maxDiff) {
        DifficultyPredictor.Output js = score.forward(images, n), je = ea.forward(images, n);
        float[] os, oe;
        try (OnnxDifficultyEnricher s = new OnnxDifficultyEnricher(scoreOnnx, 0); OnnxDifficultyEnricher e = new OnnxDifficultyEnricher(eaOnnx, 0)) {
            os = s.scores(images, n);
            oe = e.scores(images, n);
        }
        int h = score.shape().hidden();
        List<double[]> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            maxDiff[0] = Math.max(maxDiff[0], Math.max(Math.abs(os[i] - js.scores()[i]), Math.abs(oe[i] - je.scores()[i])));
            double[] f = new double[2 + h];
            f[0] = os[i];
            f[1] = oe[i];
            for (int j = 0; j < h; j++) f[2 + j] = js.features()[i * h + j];
            out.add(f);
        }
        return out;
    }

    /** p50 of single-image runs of a model (tensor creation included), after a warm-up. */
    private static double p50(byte[] model, float[] images) throws IOException {
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        int n = images.length / FashionMnist.PIXELS;
        try (OrtSession.SessionOptions o = new OrtSession.SessionOptions()) {
            o.setIntraOpNumThreads(1);
            try (OrtSession s = env.createSession(model, o)) {
                String input = s.getInputNames().iterator().next();
                double[] t = new double[TIMED_RUNS];
                for (int r = -TIMED_RUNS / 4; r < TIMED_RUNS; r++) {
                    float[] x = slice(images, Math.floorMod(r, n), 1);
                    long t0 = System.nanoTime();
                    try (OnnxTensor in = OnnxTensor.createTensor(env, FloatBuffer.wrap(x), new long[] {1, 1, FashionMnist.SIDE, FashionMnist.SIDE});
                         OrtSession.Result ignored = s.run(Map.of(input, in))) {
                        if (r >= 0) t[r] = (System.nanoTime() - t0) / 1e6;
                    }
                }
                return median(t);
            }
        } catch (OrtException e) {
            throw new IOException("ONNX Runtime: " + e.getMessage(), e);
        }
    }

    private static double median(double[] t) {
        double[] s = t.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    private static float[] slice(float[] images, int from, int count) {
        return Arrays.copyOfRange(images, from * FashionMnist.PIXELS, (from + count) * FashionMnist.PIXELS);
    }

    static double[] ones(int m) {
        double[] w = new double[m];
        Arrays.fill(w, 1);
        return w;
    }
}
