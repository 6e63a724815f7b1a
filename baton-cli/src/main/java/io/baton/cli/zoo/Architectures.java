package io.baton.cli.zoo;

import io.baton.cli.zoo.Layers.AvgPool;
import io.baton.cli.zoo.Layers.Flatten;
import io.baton.cli.zoo.Layers.MaxPool;
import io.baton.cli.zoo.Layers.Relu;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * The zoo's architectures: a fixed feature extractor (pooling, or random convolutions / a random
 * projection, never trained) followed by a trained linear softmax head ({@link SoftmaxHead}). They
 * span the accuracy/latency plane on purpose: from 490 multiply-adds per image to about 3.8 million,
 * and one ({@code fmnist-wide}) whose 6 MB weight matrix makes batch 1 cost nearly as much as a
 * batch of many (a large fixed cost β against a small per-example α).
 */
public final class Architectures {
    private Architectures() {}

    /** A named feature extractor; {@code features} draws its random weights from the generator it is given. */
    public record Architecture(String name, String description, Function<SplittableRandom, Network> features) {}

    static final Shape IMAGE = Shape.of(1, FashionMnist.SIDE, FashionMnist.SIDE);

    public static final Architecture TINY = new Architecture("fmnist-tiny",
            "4×4 average pooling (7×7 thumbnail) and a linear softmax head: the fastest, least accurate",
            r -> new Network(IMAGE, List.of(new AvgPool(4), new Flatten())));
    public static final Architecture LINEAR = new Architecture("fmnist-linear",
            "multinomial logistic regression on the 784 pixels",
            r -> new Network(IMAGE, List.of(new Flatten())));
    public static final Architecture CONV8 = new Architecture("fmnist-conv8",
            "8 random 5×5 convolutions, ReLU, 2×2 max pooling (1,568 features), linear softmax head",
            r -> new Network(IMAGE, List.of(RandomFeatures.conv(r, 1, 8, 5), new Relu(), new MaxPool(2), new Flatten())));
    public static final Architecture CONV32 = new Architecture("fmnist-conv32",
            "32 random 5×5 convolutions, ReLU, 2×2 max and 2×2 average pooling (1,568 features), linear softmax head",
            r -> new Network(IMAGE, List.of(RandomFeatures.conv(r, 1, 32, 5), new Relu(), new MaxPool(2), new AvgPool(2), new Flatten())));
    public static final Architecture DEEP = new Architecture("fmnist-deep",
            "two random 3×3 convolution layers (32 then 64 channels), each with ReLU and 2×2 max pooling (3,136 features), linear softmax head: the slowest",
            r -> new Network(IMAGE, List.of(RandomFeatures.conv(r, 1, 32, 3), new Relu(), new MaxPool(2),
                    RandomFeatures.conv(r, 32, 64, 3), new Relu(), new MaxPool(2), new Flatten())));
    public static final Architecture WIDE = new Architecture("fmnist-wide",
            "a random projection of the pixels to 2,048 ReLU units (a 6.4 MB matrix), linear softmax head: a strong batching effect",
            r -> new Network(IMAGE, List.of(new Flatten(), RandomFeatures.dense(r, FashionMnist.PIXELS, 2048), new Relu())));

    /** Every classifier of the zoo, fastest first. */
    public static final List<Architecture> CLASSIFIERS = List.of(TINY, LINEAR, CONV8, CONV32, WIDE, DEEP);
}
