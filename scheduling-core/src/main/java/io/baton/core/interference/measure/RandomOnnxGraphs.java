package io.baton.core.interference.measure;

import io.baton.core.onnx.Attribute;
import io.baton.core.onnx.Dim;
import io.baton.core.onnx.GraphBuilder;
import java.util.List;
import java.util.SplittableRandom;

/**
 * §IV-C's random computational graphs (after DeepSniffer), emitted as real ONNX models: a chain of blocks, each
 * Sequential, Add (two parallel branches summed, a residual shape) or Concat (two branches joined on channels),
 * then a fully connected head ending in SoftMax. Table II's operator ranges, scaled so that one inference takes
 * about 1–50 ms on one CPU core (the paper's models ran on a Xavier's GPU and DLAs):
 * <ul>
 *   <li>Sequential: Conv+(BN)+ReLU, Conv+(BN)+ReLU+Pool, and FC+(BN)+ReLU in the head; BN optional;</li>
 *   <li>Conv: output channels 4–128 (Table II: 3–1024), kernel 1–7 odd (1–11), padding kernel/2 (0–11),
 *       stride 1–2 (1–11): larger values shrink a 1-core model to nothing or blow it past 50 ms;</li>
 *   <li>Pool: MaxPool or AveragePool, kernel 2–3, stride 2 (Table II: kernel 1–7, stride 1–7);</li>
 *   <li>FC: output features 32–4096 (as Table II), capped at 8 M weights per layer;</li>
 *   <li>input 1×3×H×W, H = W in 24–96 (Table II gives no resolution); 2–8 blocks, 0–2 FC layers.</li>
 * </ul>
 * A draw whose cost falls outside {@link #MIN_MACS}–{@link #MAX_MACS} (or whose weights exceed
 * {@link #MAX_WEIGHT_BYTES}) is redrawn from the same seeded stream, so the output is a function of the seed.
 */
public final class RandomOnnxGraphs {
    public static final long MIN_MACS = 10_000_000, MAX_MACS = 500_000_000;
    public static final long MAX_WEIGHT_BYTES = 96L << 20;
    public static final int MIN_CHANNELS = 4, MAX_CHANNELS = 128, MIN_FC = 32, MAX_FC = 4096;
    public static final String INPUT = "input", OUTPUT = "probabilities";

    private RandomOnnxGraphs() {}

    /** {@code count} graphs named random-000.., each a function of (seed, index). */
    public static List<RandomGraph> generate(int count, long seed) {
        return java.util.stream.IntStream.range(0, count).mapToObj(i -> generate(String.format("random-%03d", i), seed * 1_000_003L + i)).toList();
    }

    public static RandomGraph generate(String name, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        for (int attempt = 0; ; attempt++) {
            RandomGraph g = new Draw(name, rng.split()).build();
            if (g.macs() >= MIN_MACS && g.macs() <= MAX_MACS && g.weightBytes() <= MAX_WEIGHT_BYTES) return g;
            if (attempt > 1000) throw new IllegalStateException("no graph within the cost range after 1000 draws");
        }
    }

    /** One draw: tracks the running tensor's shape and the totals while it emits nodes. */
    private static final class Draw {
        final String name;
        final SplittableRandom rng;
        final GraphBuilder g;
        long c, h, w, macs, weightBytes, activationBytes;
        int layers, blocks;

        Draw(String name, SplittableRandom rng) {
            this.name = name;
            this.rng = rng;
            this.g = new GraphBuilder(name);
        }

        RandomGraph build() {
            long side = 24 + rng.nextInt(73);
            c = 3; h = side; w = side;
            String x = g.input(INPUT, Dim.of(1), Dim.of(3), Dim.of(side), Dim.of(side));
            blocks = 2 + rng.nextInt(7);
            for (int b = 0; b < blocks && h >= 2 && w >= 2; b++) {
                int type = rng.nextInt(3);
                if (type == 0 || b == 0) x = sequential(x);
                else if (type == 1) x = addBlock(x);
                else x = concatBlock(x);
            }
            if (c * h * w > 16_384) {
                x = g.globalAveragePool(x);
                layers++;
                h = 1; w = 1;
            }
            x = g.flatten(x, 1);
            layers++;
            long features = c * h * w;
            int fcs = rng.nextInt(3);
            for (int f = 0; f < fcs; f++) {
                long out = logUniform(MIN_FC, MAX_FC);
                while (out > MIN_FC && features * out > 8_000_000) out /= 2;
                x = fc(x, features, out, true);
                features = out;
            }
            x = fc(x, features, 10, false);
            x = g.softmax(x, 1);
            layers++;
            g.output(x, OUTPUT, Dim.of(1), Dim.of(10));
            g.metadata("generator", "baton random graph (interference §IV-C, Table II scaled)");
            return new RandomGraph(name, g.build(), blocks, layers, macs, weightBytes, activationBytes);
        }

        String sequential(String x) {
            x = convBnRelu(x, logUniform(MIN_CHANNELS, MAX_CHANNELS), oddKernel(), 1 + rng.nextInt(2));
            if (rng.nextBoolean() && h >= 4 && w >= 4) x = pool(x);
            return x;
        }

        /** Two branches of the same output shape, summed (a residual connection when one is shallow). */
        String addBlock(String x) {
            long out = logUniform(MIN_CHANNELS, MAX_CHANNELS);
            long c0 = c, h0 = h, w0 = w;
            int k1 = oddKernel(), k2 = oddKernel();
            String a = convBnRelu(x, out, k1, 1);
            c = c0; h = h0; w = w0;
            String b = convBnRelu(x, out, k2, 1);
            activation(c * h * w);
            layers++;
            return g.add(a, b);
        }

        /** Two branches concatenated on the channel axis. */
        String concatBlock(String x) {
            long c0 = c, h0 = h, w0 = w;
            long o1 = logUniform(MIN_CHANNELS, MAX_CHANNELS / 2), o2 = logUniform(MIN_CHANNELS, MAX_CHANNELS / 2);
            String a = convBnRelu(x, o1, oddKernel(), 1);
            c = c0; h = h0; w = w0;
            String b = convBnRelu(x, o2, oddKernel(), 1);
            c = o1 + o2;
            activation(c * h * w);
            layers++;
            return g.op("Concat", List.of(a, b), Attribute.of("axis", 1L));
        }

        String convBnRelu(String x, long out, int k, int stride) {
            long pad = k / 2;
            String id = "w" + layers;
            float[] wt = weights(out * c * k * k, Math.sqrt(2.0 / (c * k * k)));
            String y = g.conv(x, g.weights(id + "_conv_w", new long[] {out, c, k, k}, wt),
                    g.weights(id + "_conv_b", new long[] {out}, new float[(int) out]),
                    new long[] {k, k}, new long[] {stride, stride}, new long[] {pad, pad, pad, pad}, 1);
            long oh = (h + 2 * pad - k) / stride + 1, ow = (w + 2 * pad - k) / stride + 1;
            macs += out * oh * ow * c * k * k;
            weightBytes += 4 * (wt.length + out);
            c = out; h = oh; w = ow;
            layers++;
            activation(c * h * w);
            if (rng.nextBoolean()) y = batchNorm(y, c);
            y = g.relu(y);
            layers++;
            activation(c * h * w);
            return y;
        }

        String batchNorm(String x, long channels) {
            String id = "w" + layers + "_bn";
            float[] ones = new float[(int) channels], zeros = new float[(int) channels];
            java.util.Arrays.fill(ones, 1f);
            String y = g.op("BatchNormalization", List.of(x, g.weights(id + "_scale", new long[] {channels}, ones),
                    g.weights(id + "_bias", new long[] {channels}, zeros), g.weights(id + "_mean", new long[] {channels}, zeros.clone()),
                    g.weights(id + "_var", new long[] {channels}, ones.clone())), Attribute.of("epsilon", 1e-5f));
            weightBytes += 16 * channels;
            layers++;
            activation(channels * h * w);
            return y;
        }

        String pool(String x) {
            int k = 2 + rng.nextInt(2);
            String y = rng.nextBoolean() ? g.maxPool(x, new long[] {k, k}, new long[] {2, 2})
                    : g.averagePool(x, new long[] {k, k}, new long[] {2, 2});
            h = (h - k) / 2 + 1;
            w = (w - k) / 2 + 1;
            layers++;
            activation(c * h * w);
            return y;
        }

        String fc(String x, long in, long out, boolean relu) {
            String id = "w" + layers + "_fc";
            float[] wt = weights(in * out, Math.sqrt(2.0 / in));
            String y = g.gemm(x, g.weights(id + "_w", new long[] {in, out}, wt), g.weights(id + "_b", new long[] {out}, new float[(int) out]));
            macs += in * out;
            weightBytes += 4 * (wt.length + out);
            layers++;
            activation(out);
            if (relu) {
                if (rng.nextBoolean()) {
                    // FC+BN: BatchNormalization wants [N, C, ...]; on [N, C] it normalises per feature.
                    y = batchNorm(y, out);
                }
                y = g.relu(y);
                layers++;
                activation(out);
            }
            return y;
        }

        void activation(long floats) {
            activationBytes += 4 * floats;
        }

        int oddKernel() {
            return 1 + 2 * rng.nextInt(4);
        }

        long logUniform(long lo, long hi) {
            return Math.round(Math.exp(Math.log(lo) + (Math.log(hi) - Math.log(lo)) * rng.nextDouble()));
        }

        float[] weights(long n, double scale) {
            if (n > Integer.MAX_VALUE) throw new IllegalStateException("layer too large");
            float[] out = new float[(int) n];
            for (int i = 0; i < out.length; i++) out[i] = (float) ((rng.nextDouble() * 2 - 1) * scale);
            return out;
        }
    }
}
