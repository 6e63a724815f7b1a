package io.baton.cli.zoo;

import io.baton.core.onnx.GraphBuilder;
import io.baton.core.onnx.OnnxModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/** A feed-forward chain of {@link Layer}s: run in Java, or exported as one ONNX graph. */
public record Network(Shape input, List<Layer> layers) {
    public Network {
        layers = List.copyOf(layers);
        output(input, layers); // validates that the shapes chain
    }

    private static Shape output(Shape s, List<Layer> layers) {
        for (Layer l : layers) s = l.outShape(s);
        return s;
    }

    public Shape output() {
        return output(input, layers);
    }

    /** This network followed by {@code more}. */
    public Network then(Layer... more) {
        List<Layer> all = new ArrayList<>(layers);
        all.addAll(List.of(more));
        return new Network(input, all);
    }

    public float[] forward(float[] x, int batch) {
        Shape s = input;
        for (Layer l : layers) {
            x = l.forward(x, batch, s);
            s = l.outShape(s);
        }
        return x;
    }

    /**
     * {@link #forward} over {@code n} examples in chunks run on the common fork-join pool. Each example's
     * result is computed by one thread in a fixed order, so the output does not depend on scheduling.
     */
    public float[] forwardAll(float[] x, int n) {
        int in = input.size(), out = output().size(), chunk = 64;
        float[] y = new float[n * out];
        IntStream.range(0, (n + chunk - 1) / chunk).parallel().forEach(c -> {
            int from = c * chunk, to = Math.min(n, from + chunk);
            float[] part = java.util.Arrays.copyOfRange(x, from * in, to * in);
            System.arraycopy(forward(part, to - from), 0, y, from * out, (to - from) * out);
        });
        return y;
    }

    public long macs() {
        long m = 0;
        Shape s = input;
        for (Layer l : layers) {
            m += l.macs(s);
            s = l.outShape(s);
        }
        return m;
    }

    public long parameters() {
        return layers.stream().mapToLong(Layer::parameters).sum();
    }

    /** The network as an ONNX graph with one input and one output, both with the symbolic batch dimension N. */
    public OnnxModel toOnnx(String name, String inputName, String outputName, Map<String, String> metadata) {
        GraphBuilder g = new GraphBuilder(name);
        String x = g.input(inputName, input.withBatch());
        for (int i = 0; i < layers.size(); i++) x = layers.get(i).emit(g, x, "l" + i);
        g.output(x, outputName, output().withBatch());
        metadata.forEach(g::metadata);
        return g.build();
    }
}
