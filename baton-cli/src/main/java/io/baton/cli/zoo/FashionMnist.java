package io.baton.cli.zoo;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Fashion-MNIST (Xiao, Rasul and Vollgraf 2017, MIT licence): 28×28 grey images of ten kinds of
 * clothing, 60,000 for training and 10,000 for testing, as Debian's {@code dataset-fashion-mnist}
 * installs them. Pixels are scaled to [0, 1] (value / 255), the only preprocessing the zoo's models
 * expect of their callers.
 */
public final class FashionMnist {
    public static final Path DEFAULT_DIR = Path.of("/usr/share/datasets/fashion-mnist");
    public static final String DEBIAN_PACKAGE = "dataset-fashion-mnist";
    public static final int SIDE = 28, PIXELS = SIDE * SIDE;
    public static final List<String> CLASSES = List.of("T-shirt/top", "Trouser", "Pullover", "Dress", "Coat", "Sandal",
            "Shirt", "Sneaker", "Bag", "Ankle boot");
    public static final List<String> FILES = List.of("train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz",
            "t10k-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz");

    private FashionMnist() {}

    /** A set of images (row-major, n × 784, in [0, 1]) and their labels 0..9. */
    public record Split(float[] images, int[] labels) {
        public int size() {
            return labels.length;
        }

        /** The first {@code n} examples (all of them when n ≥ size). */
        public Split head(int n) {
            if (n >= size()) return this;
            return new Split(java.util.Arrays.copyOf(images, n * PIXELS), java.util.Arrays.copyOf(labels, n));
        }
    }

    public record Data(Split train, Split test) {}

    /** The first file of {@link #FILES} missing from {@code dir}, or null when all are there. */
    public static Path missingFile(Path dir) {
        for (String f : FILES) {
            if (!Files.isReadable(dir.resolve(f))) return dir.resolve(f);
        }
        return null;
    }

    public static Data load(Path dir) throws IOException {
        return new Data(split(dir, "train"), split(dir, "t10k"));
    }

    static Split split(Path dir, String prefix) throws IOException {
        Idx.Array images = Idx.read(dir.resolve(prefix + "-images-idx3-ubyte.gz"));
        Idx.Array labels = Idx.read(dir.resolve(prefix + "-labels-idx1-ubyte.gz"));
        return toSplit(images, labels, prefix);
    }

    static Split toSplit(Idx.Array images, Idx.Array labels, String what) throws IOException {
        if (images.dims().length != 3 || images.dims()[1] != SIDE || images.dims()[2] != SIDE) {
            throw new IOException(what + " images: expected n × 28 × 28, got " + java.util.Arrays.toString(images.dims()));
        }
        if (labels.dims().length != 1 || labels.count() != images.count()) {
            throw new IOException(what + " labels: expected " + images.count() + " labels, got " + java.util.Arrays.toString(labels.dims()));
        }
        float[] x = new float[images.data().length];
        for (int i = 0; i < x.length; i++) x[i] = (images.data()[i] & 0xFF) / 255f;
        int[] y = new int[labels.count()];
        for (int i = 0; i < y.length; i++) {
            y[i] = labels.data()[i] & 0xFF;
            if (y[i] >= CLASSES.size()) throw new IOException(what + " labels: label " + y[i] + " at " + i + " is not 0..9");
        }
        return new Split(x, y);
    }
}
