package io.baton.cli.bench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.baton.core.sneakpeek.KnnEvidence;
import io.baton.cli.zoo.Architectures;
import io.baton.cli.zoo.Architectures.Architecture;
import io.baton.cli.zoo.FashionMnist;
import io.baton.cli.zoo.Layers;
import io.baton.cli.zoo.Network;
import io.baton.cli.zoo.SoftmaxHead;
import io.baton.cli.zoo.ZooBuilder;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * The default application table of {@code bench sneakpeek} when Fashion-MNIST is installed: three applications
 * derived from the model zoo ({@link io.baton.cli.zoo}) the way the paper derives its three from its datasets
 * (Table 1, §6.1), with <b>measured</b> per-class recalls and <b>real</b> k-NN evidence.
 *
 * <p>Models: the zoo's six classifiers, built exactly as {@code baton zoo build --train 10000} builds them (same
 * architectures, seeds and head training; the heads see the first {@value #TRAIN} training images). Each model's
 * 10×10 confusion matrix is measured on the zoo's validation set (the first {@value #VALIDATION} test images).
 *
 * <p>Applications, class groupings of the 10 Fashion-MNIST classes shaped after the paper's three (§6.1):
 * <ul>
 *   <li>{@code shirt-alert} (fall detection: 2 classes, streamed 95/5): "other" (the 9 other classes) vs "Shirt",
 *       the rare and hardest class; 5 models (tiny, linear, conv8, conv32, deep).</li>
 *   <li>{@code garments} (voice commands: 6 classes, streamed uniformly): T-shirt/top, Trouser, Pullover, Dress,
 *       Coat, Shirt; 2 models (linear, conv32).</li>
 *   <li>{@code accessories} (heart monitoring: 7 classes, 80 % the "normal" one, the rest uniform): Bag (normal),
 *       Sandal, Sneaker, Ankle boot, Trouser, Dress, Pullover; 2 models (conv8, deep).</li>
 * </ul>
 * A model's recall of an application class is P(prediction in the class's group | true label in the group) over the
 * validation examples of that group; a prediction outside the application's classes is an error. The test
 * frequencies (profiled accuracy, eq. 9) are the validation set's mix over the application's classes, which differs
 * from the streamed mix as in §6.3.3.
 *
 * <p>Evidence: exact k-NN (k = 5, the paper's default) of every validation image among the {@value #TRAIN} training
 * images, on raw pixels (the paper uses Faiss over its datasets' features); each neighbour's label maps to the
 * application's class (−1 when outside it). The bench draws a validation image of the request's true class and uses
 * its real votes.
 *
 * <p>Latency, load time and memory are NOT measured on a GPU (the zoo's models run in microseconds on a CPU, which
 * would leave nothing to schedule): they are the RTX-3060-like slots of the paper-shaped synthetic table
 * ({@code sneakpeek-apps.json}), given to the zoo's models in order of compute (MACs): the cheapest model gets the
 * fastest slot of its application. The table is cached under {@code target/} ({@link #FILE}).
 */
public final class FashionMnistSneakPeekApps {
    public static final int TRAIN = 10_000, VALIDATION = 2_000, K = 5;
    static final long SEED = 7; // the zoo's seed
    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** Bump when anything that shapes the table changes. */
    static final int VERSION = 1;
    public static final String FILE = "sneakpeek-fmnist-apps-v" + VERSION + ".json";

    /** An application: its classes (groups of Fashion-MNIST labels), streamed mix, models and their slots. */
    private record AppSpec(String name, String[] classNames, int[][] groups, double[] stream, List<Architecture> models,
                           double[][] slots) {}

    /** Slot: alphaMs, betaMs, loadMs, memoryMb (from sneakpeek-apps.json, fastest first). */
    private static final double[][] FALL_SLOTS = {{0.5, 3, 10, 100}, {6, 12, 40, 600}, {12, 20, 60, 900}, {35, 45, 110, 1800}, {45, 55, 130, 2000}};
    private static final double[][] VOICE_SLOTS = {{1, 5, 20, 200}, {2, 9, 30, 400}};
    private static final double[][] HEART_SLOTS = {{1.5, 6, 20, 250}, {3, 12, 35, 500}};

    private static List<AppSpec> specs() {
        int[][] shirt = {{0, 1, 2, 3, 4, 5, 7, 8, 9}, {6}};
        int[][] garments = {{0}, {1}, {2}, {3}, {4}, {6}};
        int[][] accessories = {{8}, {5}, {7}, {9}, {1}, {3}, {2}};
        double[] heart = new double[7];
        heart[0] = 0.8;
        for (int i = 1; i < 7; i++) heart[i] = 0.2 / 6;
        double[] uniform = new double[6];
        Arrays.fill(uniform, 1.0 / 6);
        return List.of(
                new AppSpec("shirt-alert", new String[] {"other", "Shirt"}, shirt, new double[] {0.95, 0.05},
                        List.of(Architectures.TINY, Architectures.LINEAR, Architectures.CONV8, Architectures.CONV32, Architectures.DEEP), FALL_SLOTS),
                new AppSpec("garments", names(garments), garments, uniform, List.of(Architectures.LINEAR, Architectures.CONV32), VOICE_SLOTS),
                new AppSpec("accessories", names(accessories), accessories, heart, List.of(Architectures.CONV8, Architectures.DEEP), HEART_SLOTS));
    }

    private static String[] names(int[][] groups) {
        return Arrays.stream(groups).map(g -> FashionMnist.CLASSES.get(g[0])).toArray(String[]::new);
    }

    private FashionMnistSneakPeekApps() {}

    /** The cached table in cacheDir, built first when missing; null when the dataset is not installed. */
    public static SneakPeekAppTable loadOrBuild(Path dataDir, Path cacheDir, PrintStream log) throws IOException {
        Path file = cacheDir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            if (FashionMnist.missingFile(dataDir) != null) return null;
            Files.createDirectories(cacheDir);
            String json = build(dataDir, log);
            Path tmp = cacheDir.resolve(FILE + ".tmp");
            Files.writeString(tmp, json);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        return SneakPeekAppTable.parse(Files.readString(file));
    }

    /** Trains the models, measures confusion matrices and k-NN votes, and writes the table (JSON). */
    static String build(Path dataDir, PrintStream log) throws IOException {
        long t0 = System.nanoTime();
        FashionMnist.Data data = FashionMnist.load(dataDir);
        FashionMnist.Split train = data.train().head(TRAIN), val = data.test().head(VALIDATION);
        log.printf("sneakpeek: building the Fashion-MNIST application table (zoo models on %d training images, %d validation images)%n",
                TRAIN, VALIDATION);
        Map<String, int[]> predictions = new java.util.concurrent.ConcurrentHashMap<>();
        Architectures.CLASSIFIERS.parallelStream().forEach(a -> predictions.put(a.name(), predict(a, train, val)));
        int[][] votes = knn(train, val);
        log.printf("sneakpeek: table built in %.1f s%n", (System.nanoTime() - t0) / 1e9);
        return table(predictions, votes, val.labels());
    }

    /** The zoo's classifier (same seeds as {@link ZooBuilder}), its predicted label per validation image. */
    private static int[] predict(Architecture a, FashionMnist.Split train, FashionMnist.Split val) {
        Network features = a.features().apply(new SplittableRandom(SEED * 31 + a.name().hashCode()));
        int d = features.output().size();
        float[] ftr = features.forwardAll(train.images(), train.size());
        Layers.Dense head = SoftmaxHead.train(ftr, train.size(), d, train.labels(), 10, SoftmaxHead.Options.standard(5),
                SEED ^ a.name().hashCode());
        float[] probs = new Network(features.output(), List.of(head, new Layers.Softmax()))
                .forwardAll(features.forwardAll(val.images(), val.size()), val.size());
        return IntStream.range(0, val.size()).map(i -> ZooBuilder.argmax(probs, i, 10)).toArray();
    }

    /** Labels of the K nearest training images (raw pixels, exact) of every validation image. */
    private static int[][] knn(FashionMnist.Split train, FashionMnist.Split val) {
        int px = FashionMnist.PIXELS;
        float[][] points = new float[train.size()][];
        for (int i = 0; i < points.length; i++) points[i] = Arrays.copyOfRange(train.images(), i * px, (i + 1) * px);
        KnnEvidence knn = new KnnEvidence(points, train.labels(), 10, K);
        return IntStream.range(0, val.size()).parallel().mapToObj(i -> {
            int[] idx = knn.nearest(Arrays.copyOfRange(val.images(), i * px, (i + 1) * px));
            return Arrays.stream(idx).map(j -> train.labels()[j]).toArray();
        }).toArray(int[][]::new);
    }

    private static int classOf(int[][] groups, int label) {
        for (int c = 0; c < groups.length; c++) for (int l : groups[c]) if (l == label) return c;
        return -1;
    }

    static String table(Map<String, int[]> predictions, int[][] votes, int[] labels) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("about", "Fashion-MNIST applications derived from the model zoo (FashionMnistSneakPeekApps): measured per-class "
                + "recalls on the validation set, real k-NN votes; latency/load/memory are the synthetic RTX-3060-like slots of "
                + "sneakpeek-apps.json assigned by compute rank (not measured)");
        root.put("memoryBudgetMb", 2048);
        ArrayNode apps = root.putArray("apps");
        for (AppSpec spec : specs()) {
            int classes = spec.groups().length;
            int[] count = new int[classes];
            for (int label : labels) {
                int c = classOf(spec.groups(), label);
                if (c >= 0) count[c]++;
            }
            int total = Arrays.stream(count).sum();
            ObjectNode app = apps.addObject();
            app.put("name", spec.name());
            app.putPOJO("classes", spec.classNames());
            ArrayNode stream = app.putArray("stream");
            for (double p : spec.stream()) stream.add(p);
            ArrayNode test = app.putArray("testFrequencies");
            for (int c = 0; c < classes; c++) test.add((double) count[c] / total);
            // The k-NN model's own accuracy (majority vote, ties to the lower class) over the validation mix.
            int right = 0;
            ArrayNode neighbours = MAPPER.createArrayNode();
            List<List<Integer>> perClass = new ArrayList<>();
            for (int c = 0; c < classes; c++) perClass.add(new ArrayList<>());
            for (int i = 0; i < labels.length; i++) {
                int c = classOf(spec.groups(), labels[i]);
                if (c < 0) continue;
                int[] y = new int[classes];
                for (int v : votes[i]) {
                    int vc = classOf(spec.groups(), v);
                    perClass.get(c).add(vc);
                    if (vc >= 0) y[vc]++;
                }
                int best = 0;
                for (int j = 1; j < classes; j++) if (y[j] > y[best]) best = j;
                if (best == c) right++;
            }
            app.put("sneakPeekAccuracy", (double) right / total);
            app.put("knnK", K);
            for (List<Integer> v : perClass) {
                ArrayNode a = neighbours.addObject().putArray("votes");
                v.forEach(a::add);
            }
            ArrayNode models = app.putArray("models");
            for (int m = 0; m < spec.models().size(); m++) {
                int[] pred = predictions.get(spec.models().get(m).name());
                int[] hit = new int[classes];
                for (int i = 0; i < labels.length; i++) {
                    int c = classOf(spec.groups(), labels[i]);
                    if (c >= 0 && classOf(spec.groups(), pred[i]) == c) hit[c]++;
                }
                double[] slot = spec.slots()[m];
                ObjectNode model = models.addObject();
                model.put("name", spec.models().get(m).name());
                model.put("alphaMs", slot[0]).put("betaMs", slot[1]).put("loadMs", slot[2]).put("memoryMb", slot[3]);
                ArrayNode recall = model.putArray("recall");
                for (int c = 0; c < classes; c++) recall.add(count[c] == 0 ? 0.0 : (double) hit[c] / count[c]);
            }
            app.set("neighbours", neighbours);
        }
        try {
            return MAPPER.writeValueAsString(root);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
