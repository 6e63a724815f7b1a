package io.baton.worker;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.GZIPInputStream;

import io.baton.core.onnx.Dim;
import io.baton.core.onnx.GraphBuilder;
import io.baton.cli.zoo.Architectures;
import io.baton.cli.zoo.FashionMnist;
import io.baton.cli.zoo.Layers;
import io.baton.cli.zoo.Network;
import io.baton.cli.zoo.SoftmaxHead;
import io.baton.worker.artifact.Digests;

/** Real ONNX models for the worker's tests, built with scheduling-core's ONNX writer from seeded weights. */
final class TestModels {

    static final Path FASHION_MNIST = Path.of("/usr/share/datasets/fashion-mnist/t10k-images-idx3-ubyte.gz");

    private TestModels() {
    }

    /** A Fashion-MNIST-shaped CNN: [N,1,28,28] -> Conv 3x3 (channels) -> ReLU -> MaxPool 2 -> Gemm -> Softmax [N,10]. */
    static byte[] convClassifier(long seed, int channels) {
        SplittableRandom random = new SplittableRandom(seed);
        GraphBuilder g = new GraphBuilder("conv" + channels);
        String x = g.input("image", Dim.BATCH, Dim.of(1), Dim.of(28), Dim.of(28));
        String w = g.weights("conv_w", new long[] {channels, 1, 3, 3}, gaussian(random, channels * 9, 0.3));
        String b = g.weights("conv_b", new long[] {channels}, gaussian(random, channels, 0.1));
        String h = g.maxPool(g.relu(g.conv(x, w, b, new long[] {3, 3}, new long[] {1, 1}, new long[] {1, 1, 1, 1}, 1)),
                new long[] {2, 2}, new long[] {2, 2});
        int features = channels * 14 * 14;
        String flat = g.flatten(h, 1);
        String head = g.gemm(flat, g.weights("head_w", new long[] {features, 10}, gaussian(random, features * 10, 0.05)),
                g.weights("head_b", new long[] {10}, gaussian(random, 10, 0.1)));
        g.output(g.softmax(head, 1), "probabilities", Dim.BATCH, Dim.of(10));
        return g.build().toBytes();
    }

    /** A dense layer [N,in] -> Gemm -> Softmax [N,out]; its artifact holds in*out floats. */
    static byte[] dense(long seed, int in, int out) {
        SplittableRandom random = new SplittableRandom(seed);
        GraphBuilder g = new GraphBuilder("dense" + in + "x" + out);
        String x = g.input("x", Dim.BATCH, Dim.of(in));
        String y = g.gemm(x, g.weights("w", new long[] {in, out}, gaussian(random, in * out, 0.1)),
                g.weights("b", new long[] {out}, gaussian(random, out, 0.1)));
        g.output(g.softmax(y, 1), "y", Dim.BATCH, Dim.of(out));
        return g.build().toBytes();
    }

    /**
     * A real zoo classifier, built as the zoo builds {@code fmnist-conv8} (scheduling-core's {@code io.baton.cli.zoo}):
     * 8 random 5x5 convolutions, ReLU, 2x2 max pooling and a softmax head trained on the first
     * {@code trainExamples} Fashion-MNIST training images (fewer than the zoo's, to keep the test fast).
     */
    static byte[] zooConv8(FashionMnist.Data data, int trainExamples) {
        FashionMnist.Split train = data.train().head(trainExamples);
        Network features = Architectures.CONV8.features().apply(new SplittableRandom(7));
        float[] f = features.forwardAll(train.images(), train.size());
        Layers.Dense head = SoftmaxHead.train(f, train.size(), features.output().size(), train.labels(),
                FashionMnist.CLASSES.size(), SoftmaxHead.Options.standard(3), 7);
        return features.then(head, new Layers.Softmax())
                .toOnnx("fmnist-conv8", "input", "probabilities", java.util.Map.of()).toBytes();
    }

    /** Writes the model as {@code {sha256}.onnx} in {@code dir} and returns its digest. */
    static String store(Path dir, byte[] model) {
        String digest = Digests.sha256(model);
        try {
            Files.write(dir.resolve(digest + ".onnx"), model);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return digest;
    }

    /** The first {@code n} Fashion-MNIST test images, pixels scaled to [0, 1], row-major [n,1,28,28]. */
    static float[] fashionImages(int n) {
        try (InputStream raw = Files.newInputStream(FASHION_MNIST);
             DataInputStream in = new DataInputStream(new GZIPInputStream(raw))) {
            if (in.readInt() != 0x803) {
                throw new IOException("not an idx3 image file");
            }
            in.readInt(); // count
            int pixels = in.readInt() * in.readInt();
            byte[] bytes = new byte[n * pixels];
            in.readFully(bytes);
            float[] images = new float[bytes.length];
            for (int i = 0; i < bytes.length; i++) {
                images[i] = (bytes[i] & 0xff) / 255f;
            }
            return images;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static float[] gaussian(SplittableRandom random, int n, double sigma) {
        float[] values = new float[n];
        for (int i = 0; i < n; i++) {
            // Box-Muller; one normal per pair is enough here
            double u = 1 - random.nextDouble();
            double v = random.nextDouble();
            values[i] = (float) (sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v));
        }
        return values;
    }

    /**
     * A model with an INT64 input and an INT64 output, which scheduling-core's writer (float tensors only) cannot
     * declare, hand-encoded here: {@code x} FP32 [N,4] and {@code k} INT64 [N,1];
     * {@code y = x·W + float(k)} FP32 [N,3] and {@code label = argmax(y, axis 1)} INT64 [N].
     * Field numbers are those of onnx/onnx.proto.
     */
    static byte[] mixedTypes(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        float[] w = gaussian(random, 12, 1.0);
        ByteBuffer raw = ByteBuffer.allocate(12 * 4).order(ByteOrder.LITTLE_ENDIAN);
        raw.asFloatBuffer().put(w);
        Proto weights = new Proto().int64(1, 4).int64(1, 3).int64(2, 1).string(8, "W").bytes(9, raw.array());
        Proto graph = new Proto()
                .message(1, node("cast", "Cast", List.of("k"), "kf", new Proto().string(1, "to").int64(3, 1).int64(20, 2)))
                .message(1, node("matmul", "MatMul", List.of("x", "W"), "xw"))
                .message(1, node("add", "Add", List.of("xw", "kf"), "y"))
                .message(1, node("argmax", "ArgMax", List.of("y"), "label",
                        new Proto().string(1, "axis").int64(3, 1).int64(20, 2),
                        new Proto().string(1, "keepdims").int64(3, 0).int64(20, 2)))
                .string(2, "mixed")
                .message(5, weights)
                .message(11, valueInfo("x", 1, 4))
                .message(11, valueInfo("k", 7, 1))
                .message(12, valueInfo("y", 1, 3))
                .message(12, valueInfo("label", 7));
        return new Proto().int64(1, 8).string(2, "baton-test").message(7, graph)
                .message(8, new Proto().string(1, "").int64(2, 17)).toBytes();
    }

    /**
     * A model with a tensor output and a non-tensor one, hand-encoded as {@link #mixedTypes} is (the writer declares
     * tensors only): {@code x} FP32 [N,2]; {@code y = Identity(x)} FP32 [N,2] and
     * {@code pieces = SequenceConstruct(x, x)}, a sequence of FP32 tensors.
     */
    static byte[] withSequenceOutput() {
        Proto sequenceOfFloats = new Proto().message(4, new Proto().message(1,
                new Proto().message(1, new Proto().int64(1, 1))));
        Proto graph = new Proto()
                .message(1, node("identity", "Identity", List.of("x"), "y"))
                .message(1, node("pieces", "SequenceConstruct", List.of("x", "x"), "pieces"))
                .string(2, "with-sequence")
                .message(11, valueInfo("x", 1, 2))
                .message(12, valueInfo("y", 1, 2))
                .message(12, new Proto().string(1, "pieces").message(2, sequenceOfFloats));
        return new Proto().int64(1, 8).string(2, "baton-test").message(7, graph)
                .message(8, new Proto().string(1, "").int64(2, 17)).toBytes();
    }

    private static Proto node(String name, String op, List<String> inputs, String output, Proto... attributes) {
        Proto node = new Proto();
        inputs.forEach(i -> node.string(1, i));
        node.string(2, output).string(3, name).string(4, op);
        for (Proto a : attributes) {
            if (a != null) {
                node.message(5, a);
            }
        }
        return node;
    }

    /** A tensor value info of element type {@code elemType} with shape [N, dims...]. */
    private static Proto valueInfo(String name, int elemType, long... dims) {
        Proto shape = new Proto().message(1, new Proto().string(2, "N"));
        for (long d : dims) {
            shape.message(1, new Proto().int64(1, d));
        }
        Proto tensor = new Proto().int64(1, elemType).message(2, shape);
        return new Proto().string(1, name).message(2, new Proto().message(1, tensor));
    }

    /** The protobuf wire format, just enough of it: varints and length-delimited fields. */
    private static final class Proto {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Proto int64(int field, long value) {
            varint((long) field << 3);
            varint(value);
            return this;
        }

        Proto bytes(int field, byte[] value) {
            varint((long) field << 3 | 2);
            varint(value.length);
            out.writeBytes(value);
            return this;
        }

        Proto string(int field, String value) {
            return bytes(field, value.getBytes(StandardCharsets.UTF_8));
        }

        Proto message(int field, Proto value) {
            return bytes(field, value.toBytes());
        }

        byte[] toBytes() {
            return out.toByteArray();
        }

        private void varint(long v) {
            while ((v & ~0x7FL) != 0) {
                out.write((int) (v & 0x7F) | 0x80);
                v >>>= 7;
            }
            out.write((int) v);
        }
    }
}
