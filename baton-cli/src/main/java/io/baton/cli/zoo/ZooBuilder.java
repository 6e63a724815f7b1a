package io.baton.cli.zoo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.baton.core.onnx.OnnxModel;
import io.baton.cli.zoo.Architectures.Architecture;
import io.baton.cli.zoo.Manifest.App;
import io.baton.cli.zoo.Manifest.Model;
import io.baton.cli.zoo.Manifest.Stage;
import io.baton.cli.zoo.Manifest.TensorSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Builds the model zoo from Fashion-MNIST: every classifier of {@link Architectures}, the two-stage
 * pipeline's models, the validation set and {@code manifest.json}. Reproducible: random weights come
 * from {@code seed} and the model's name, the heads are trained on one thread in a seeded order, and
 * feature extraction computes every example on one thread, so the same options give the same bytes.
 *
 * <p>Training uses the first {@code trainExamples} images of the training set (15,000 of 60,000 by
 * default: enough for linear heads, and it keeps the build to about a minute of two idle cores); accuracy
 * is measured on the full test set (10,000); the validation set is the first 2,000 test images.
 */
public final class ZooBuilder {
    /** Bump when an architecture, the training or the output format changes: it invalidates built zoos. */
    public static final int VERSION = 1;
    public static final String NAME = "baton-fashion-mnist";
    public static final String INPUT = "input", OUTPUT = "probabilities", FEATURES = "features";
    public static final String MANIFEST = "manifest.json", VALIDATION = "validation.bin";
    public static final String PIPE_FEATURES = "fmnist-pipe-features", PIPE_HEAD = "fmnist-pipe-head",
            PIPE_HEAD_SMALL = "fmnist-pipe-head-small";
    static final List<Architecture> ENSEMBLE = List.of(Architectures.LINEAR, Architectures.CONV8, Architectures.CONV32,
            Architectures.WIDE);
    static final int CLASSES = FashionMnist.CLASSES.size();
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** Tests build a smaller zoo by using fewer training and test images. */
    public record Options(Path dataDir, int trainExamples, int testExamples, int epochs, int validationExamples, long seed) {
        public Options {
            if (trainExamples < 1 || testExamples < 1 || epochs < 1) throw new IllegalArgumentException("zoo options: train, test and epochs must be ≥ 1");
            if (validationExamples < 1 || validationExamples > testExamples) {
                throw new IllegalArgumentException("zoo options: validationExamples must be in [1, testExamples]");
            }
        }

        public static Options standard(Path dataDir) {
            return new Options(dataDir, 15_000, 10_000, 5, 2_000, 7);
        }

        public Options withTrainExamples(int n) {
            return new Options(dataDir, n, testExamples, epochs, validationExamples, seed);
        }
    }

    private final Options options;
    private final PrintStream log;

    public ZooBuilder(Options options, PrintStream log) {
        this.options = options;
        this.log = log;
    }

    /** True when {@code out} already holds a complete zoo of this version built with the same options. */
    public static boolean isBuilt(Path out, Options o) {
        Path manifest = out.resolve(MANIFEST);
        if (!Files.isRegularFile(manifest)) return false;
        try {
            JsonNode m = JSON.readTree(manifest.toFile());
            if (m.path("version").asInt() != VERSION || m.path("seed").asLong() != o.seed()
                    || m.path("dataset").path("trainExamplesUsed").asInt() != o.trainExamples()
                    || m.path("dataset").path("testExamples").asInt() != o.testExamples()
                    || m.path("training").path("epochs").asInt() != o.epochs()
                    || m.path("validationSet").path("examples").asInt() != o.validationExamples()) return false;
            for (JsonNode model : m.path("models")) {
                if (!Files.isRegularFile(out.resolve(model.path("file").asText()))) return false;
            }
            return Files.isRegularFile(out.resolve(VALIDATION));
        } catch (IOException e) {
            return false; // unreadable manifest: build again
        }
    }

    public Manifest build(Path out) throws IOException {
        try {
            return buildOrThrow(out);
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private Manifest buildOrThrow(Path out) throws IOException {
        Files.createDirectories(out);
        Files.deleteIfExists(out.resolve(MANIFEST)); // a half-rebuilt zoo must not look complete
        FashionMnist.Data data = FashionMnist.load(options.dataDir());
        FashionMnist.Split train = data.train().head(options.trainExamples()), test = data.test().head(options.testExamples());
        log.printf("zoo: training on %d of %d images, testing on %d%n", train.size(), data.train().size(), test.size());

        // The architectures are independent (own weights, own head, own seed), so they are built side by side;
        // results are collected in the fixed order of Architectures.CLASSIFIERS.
        List<Built> built = Architectures.CLASSIFIERS.parallelStream().map(a -> buildOne(a, train, test, out)).toList();
        List<Model> models = new ArrayList<>();
        Map<String, float[]> testProbs = new LinkedHashMap<>();
        Map<String, Double> pipelineAccuracy = new LinkedHashMap<>();
        for (Built b : built) {
            models.addAll(b.models());
            testProbs.put(b.name(), b.testProbs());
            pipelineAccuracy.putAll(b.pipelineAccuracy());
        }

        ValidationSet vs = new ValidationSet(new int[] {1, FashionMnist.SIDE, FashionMnist.SIDE}, CLASSES,
                java.util.Arrays.copyOf(test.images(), options.validationExamples() * FashionMnist.PIXELS),
                java.util.Arrays.copyOf(test.labels(), options.validationExamples()));
        vs.write(out.resolve(VALIDATION));

        Manifest manifest = new Manifest(NAME, VERSION, options.seed(),
                new Manifest.Dataset("Fashion-MNIST", "MIT", options.dataDir().toString(), FashionMnist.DEBIAN_PACKAGE,
                        train.size(), data.train().size(), test.size()),
                new Manifest.Training("fixed random features; linear softmax head by mini-batch SGD (SoftmaxHead)",
                        options.epochs(), headOptions().batch(), headOptions().learningRate(), headOptions().momentum(),
                        headOptions().weightDecay()),
                FashionMnist.CLASSES, models,
                new Manifest.ValidationSetInfo(VALIDATION, "BATONVS1 (see io.baton.cli.zoo.ValidationSet)", vs.size(),
                        "the first " + vs.size() + " images of the Fashion-MNIST test set"),
                applications(testProbs, test.labels(), pipelineAccuracy));
        Path tmp = out.resolve(MANIFEST + ".tmp");
        JSON.writeValue(tmp.toFile(), manifest);
        Files.move(tmp, out.resolve(MANIFEST), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return manifest;
    }

    /** What building one architecture gives: its files' manifest entries and its test-set probabilities. */
    private record Built(String name, List<Model> models, float[] testProbs, Map<String, Double> pipelineAccuracy) {}

    private Built buildOne(Architecture a, FashionMnist.Split train, FashionMnist.Split test, Path out) {
        try {
            long t0 = System.nanoTime();
            List<Model> models = new ArrayList<>();
            Map<String, Double> pipelineAccuracy = new LinkedHashMap<>();
            Network features = a.features().apply(random(a.name()));
            int d = features.output().size();
            float[] ftr = features.forwardAll(train.images(), train.size());
            float[] fte = features.forwardAll(test.images(), test.size());
            Layers.Dense head = trainHead(ftr, d, train.labels(), a.name());
            Network headNet = new Network(features.output(), List.of(head, new Layers.Softmax()));
            float[] probs = headNet.forwardAll(fte, test.size());
            double acc = accuracy(probs, test.labels());
            models.add(write(out, features.then(head, new Layers.Softmax()), a.name(), "classifier", a.description(), INPUT, acc));

            if (a == Architectures.CONV8) {
                // The pipeline: stage 1 is this extractor, stage 2 one of two heads reading its features.
                models.add(write(out, features, PIPE_FEATURES, "feature-extractor",
                        "pipeline stage 1: the features of " + a.name() + " (" + a.description() + ")", INPUT, null));
                models.add(write(out, headNet, PIPE_HEAD, "head",
                        "pipeline stage 2: the linear softmax head of " + a.name() + " on all 1,568 features", FEATURES, acc));
                pipelineAccuracy.put(PIPE_HEAD, acc);
                Network pool = new Network(features.output(), List.of(new Layers.Reshape(Shape.of(8, 14, 14)),
                        new Layers.AvgPool(2), new Layers.Flatten()));
                Layers.Dense small = trainHead(pool.forwardAll(ftr, train.size()), pool.output().size(), train.labels(), PIPE_HEAD_SMALL);
                Network smallNet = pool.then(small, new Layers.Softmax());
                double smallAcc = accuracy(smallNet.forwardAll(fte, test.size()), test.labels());
                models.add(write(out, smallNet, PIPE_HEAD_SMALL, "head",
                        "pipeline stage 2: 2×2 average pooling of the features (392) and a linear softmax head", FEATURES, smallAcc));
                pipelineAccuracy.put(PIPE_HEAD_SMALL, smallAcc);
            }
            synchronized (log) {
                log.printf(java.util.Locale.ROOT, "zoo: %-14s test accuracy %.4f  (%.1f s)%n", a.name(), acc, (System.nanoTime() - t0) / 1e9);
            }
            return new Built(a.name(), models, probs, pipelineAccuracy);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private List<App> applications(Map<String, float[]> testProbs, int[] labels, Map<String, Double> pipelineAccuracy) {
        TensorSpec image = image(INPUT), probs = probabilities();
        Map<String, Double> single = new LinkedHashMap<>();
        for (Architecture a : Architectures.CLASSIFIERS) single.put(a.name(), accuracy(testProbs.get(a.name()), labels));
        App singleApp = new App("fashion-single", "single",
                "one classifier, six variants from fast and rough to slow and accurate", image, probs,
                List.copyOf(single.keySet()), null, null, null, single);

        List<String> base = ENSEMBLE.stream().map(Architecture::name).toList();
        Map<String, Double> ensembleAcc = new LinkedHashMap<>();
        float[] mean = new float[labels.length * CLASSES];
        for (String b : base) {
            float[] p = testProbs.get(b);
            for (int i = 0; i < mean.length; i++) mean[i] += p[i] / base.size();
            ensembleAcc.put(b, single.get(b));
        }
        ensembleAcc.put("ensemble", accuracy(mean, labels));
        App ensemble = new App("fashion-ensemble", "ensemble",
                "four base models of different kinds; the answer is the mean of their probabilities", image, probs,
                null, base, "mean-probabilities", null, ensembleAcc);

        TensorSpec feats = new TensorSpec(FEATURES, "FP32", List.of(-1L, 1568L));
        App pipeline = new App("fashion-pipeline", "pipeline",
                "stage 1 extracts random convolution features, stage 2 classifies them", image, probs, null, null, null,
                List.of(new Stage(1, "features", List.of(PIPE_FEATURES), image, feats),
                        new Stage(2, "classify", List.of(PIPE_HEAD, PIPE_HEAD_SMALL), feats, probs)),
                pipelineAccuracy);
        return List.of(singleApp, ensemble, pipeline);
    }

    private Model write(Path out, Network net, String name, String role, String description, String inputName, Double acc)
            throws IOException {
        String outputName = role.equals("feature-extractor") ? FEATURES : OUTPUT;
        Map<String, String> meta = new LinkedHashMap<>();
        meta.put("baton.zoo", NAME);
        meta.put("baton.zoo.version", Integer.toString(VERSION));
        meta.put("baton.zoo.seed", Long.toString(options.seed()));
        if (role.equals("classifier") || role.equals("head")) meta.put("baton.class_labels", String.join(",", FashionMnist.CLASSES));
        OnnxModel m = net.toOnnx(name, inputName, outputName, meta);
        byte[] bytes = new OnnxModel(m.graphName(), m.nodes(), m.initializers(), m.inputs(), m.outputs(), m.metadata(), description).toBytes();
        String file = name + ".onnx";
        Files.write(out.resolve(file), bytes);
        return new Model(name, file, sha256(bytes), bytes.length, role, description, List.of(spec(inputName, net.input())),
                List.of(spec(outputName, net.output())), acc, net.macs(), net.parameters());
    }

    private Layers.Dense trainHead(float[] features, int d, int[] labels, String name) {
        return SoftmaxHead.train(features, labels.length, d, labels, CLASSES, headOptions(), options.seed() ^ name.hashCode());
    }

    private SoftmaxHead.Options headOptions() {
        return SoftmaxHead.Options.standard(options.epochs());
    }

    /** The generator of a model's random weights: depends only on the seed and the name, not on the other models. */
    private SplittableRandom random(String name) {
        return new SplittableRandom(options.seed() * 31 + name.hashCode());
    }

    static TensorSpec spec(String name, Shape s) {
        List<Long> shape = new ArrayList<>();
        shape.add(-1L);
        for (int d : s.dims()) shape.add((long) d);
        return new TensorSpec(name, "FP32", shape);
    }

    static TensorSpec image(String name) {
        return spec(name, Architectures.IMAGE);
    }

    static TensorSpec probabilities() {
        return spec(OUTPUT, Shape.of(CLASSES));
    }

    public static int argmax(float[] p, int row, int classes) {
        int best = 0;
        for (int c = 1; c < classes; c++) if (p[row * classes + c] > p[row * classes + best]) best = c;
        return best;
    }

    public static double accuracy(float[] probs, int[] labels) {
        int ok = 0;
        for (int i = 0; i < labels.length; i++) if (argmax(probs, i, CLASSES) == labels[i]) ok++;
        return (double) ok / labels.length;
    }

    static String sha256(byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
