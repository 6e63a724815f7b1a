package io.baton.core.onnx;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds an {@link OnnxModel} one operator at a time. Each operator method takes the names of its
 * inputs and returns the name of its (fresh, generated) output, so graphs read like code:
 * <pre>{@code
 * GraphBuilder g = new GraphBuilder("mlp");
 * String x = g.input("input", Dim.BATCH, Dim.of(784));
 * String h = g.relu(g.gemm(x, g.weights("w1", new long[]{784, 64}, w1), g.weights("b1", new long[]{64}, b1)));
 * g.output(g.softmax(g.gemm(h, w2, b2), 1), "probabilities", Dim.BATCH, Dim.of(10));
 * }</pre>
 * Attribute values follow the ONNX operator specification at opset 17.
 */
public final class GraphBuilder {
    private final String name;
    private final List<Node> nodes = new ArrayList<>();
    private final List<Initializer> initializers = new ArrayList<>();
    private final List<SparseInitializer> sparseInitializers = new ArrayList<>();
    private final List<Function> functions = new ArrayList<>();
    private final List<Graph> trainingGraphs = new ArrayList<>();
    private final List<ValueInfo> inputs = new ArrayList<>();
    private final List<ValueInfo> outputs = new ArrayList<>();
    private final Map<String, String> metadata = new LinkedHashMap<>();
    private String docString;
    private int counter;

    public GraphBuilder(String name) {
        this.name = name;
    }

    public String input(String name, Dim... shape) {
        inputs.add(new ValueInfo(name, Arrays.asList(shape)));
        return name;
    }

    /** An int64 graph input (indices, token ids). */
    public String int64Input(String name, Dim... shape) {
        inputs.add(new ValueInfo(name, Arrays.asList(shape), ValueInfo.INT64));
        return name;
    }

    /** A graph input of ONNX element type {@code elemType} ({@code TensorProto.DataType}: 8 strings, 10 float16, ...). */
    public String input(String name, int elemType, Dim... shape) {
        inputs.add(new ValueInfo(name, Arrays.asList(shape), elemType));
        return name;
    }

    /** Declares {@code value} a graph output named {@code name} (an Identity node renames it if needed). */
    public String output(String value, String name, Dim... shape) {
        return output(value, name, ValueInfo.FLOAT, shape);
    }

    /** Declares {@code value} a graph output of ONNX element type {@code elemType} named {@code name}. */
    public String output(String value, String name, int elemType, Dim... shape) {
        if (!value.equals(name)) nodes.add(new Node(name + "_identity", "Identity", List.of(value), List.of(name), List.of()));
        outputs.add(new ValueInfo(name, Arrays.asList(shape), elemType));
        return name;
    }

    public GraphBuilder metadata(String key, String value) {
        metadata.put(key, value);
        return this;
    }

    public GraphBuilder docString(String doc) {
        this.docString = doc;
        return this;
    }

    /** A float initializer; returns its name. */
    public String weights(String name, long[] dims, float[] data) {
        initializers.add(Initializer.floats(name, dims, data));
        return name;
    }

    /** An int64 initializer (shapes, axes); returns its name. */
    public String int64s(String name, long[] dims, long[] data) {
        initializers.add(Initializer.int64s(name, dims, data));
        return name;
    }

    /** A float initializer whose bytes the model says are elsewhere ({@link ExternalData}); returns its name. */
    public String externalWeights(String name, long[] dims, ExternalData where) {
        initializers.add(Initializer.external(name, dims, where));
        return name;
    }

    /** A sparse initializer named after its values; returns its name. */
    public String sparseWeights(long[] dims, Initializer values, Initializer indices) {
        sparseInitializers.add(new SparseInitializer(dims, values, indices));
        return values.name();
    }

    /** A Constant node whose {@code value} attribute is {@code value}; returns its output. */
    public String constant(Initializer value) {
        return op("Constant", List.of(), Attribute.tensor("value", value));
    }

    /** Adds a model-local function; call it with {@link #call}. */
    public GraphBuilder function(Function f) {
        functions.add(f);
        return this;
    }

    /** A node running the model-local function {@code f} on {@code in}; returns its (first) output. */
    public String call(Function f, String... in) {
        String id = f.name() + "_" + counter++;
        nodes.add(new Node(id, f.name(), List.of(in), List.of(id + "_out"), List.of(), f.domain()));
        return id + "_out";
    }

    /** Adds a training graph (one TrainingInfoProto whose algorithm it is). */
    public GraphBuilder trainingGraph(Graph g) {
        trainingGraphs.add(g);
        return this;
    }

    /** A node with one output; returns the output's generated name. */
    public String op(String opType, List<String> in, Attribute... attributes) {
        String id = opType.toLowerCase() + "_" + counter++;
        nodes.add(new Node(id, opType, in, List.of(id + "_out"), Arrays.asList(attributes)));
        return id + "_out";
    }

    /** 2-D convolution, NCHW; {@code w} is [M, C/group, kH, kW], {@code b} [M] (may be null). */
    public String conv(String x, String w, String b, long[] kernel, long[] strides, long[] pads, long group) {
        List<String> in = b == null ? List.of(x, w) : List.of(x, w, b);
        return op("Conv", in, Attribute.ints("kernel_shape", kernel), Attribute.ints("strides", strides),
                Attribute.ints("pads", pads), Attribute.of("group", group));
    }

    public String relu(String x) {
        return op("Relu", List.of(x));
    }

    public String maxPool(String x, long[] kernel, long[] strides) {
        return op("MaxPool", List.of(x), Attribute.ints("kernel_shape", kernel), Attribute.ints("strides", strides));
    }

    public String averagePool(String x, long[] kernel, long[] strides) {
        return op("AveragePool", List.of(x), Attribute.ints("kernel_shape", kernel), Attribute.ints("strides", strides));
    }

    public String globalAveragePool(String x) {
        return op("GlobalAveragePool", List.of(x));
    }

    /** Flattens to 2-D: dimensions before {@code axis} become rows. */
    public String flatten(String x, long axis) {
        return op("Flatten", List.of(x), Attribute.of("axis", axis));
    }

    /** Reshape to {@code shape} (0 keeps the input's dimension, -1 is inferred). */
    public String reshape(String x, long... shape) {
        String s = int64s("shape_" + counter++, new long[] {shape.length}, shape);
        return op("Reshape", List.of(x, s));
    }

    public String matMul(String a, String b) {
        return op("MatMul", List.of(a, b));
    }

    /** Y = A·B + C with B stored [K, N] (transB = 0). */
    public String gemm(String a, String b, String c) {
        return op("Gemm", List.of(a, b, c));
    }

    public String add(String a, String b) {
        return op("Add", List.of(a, b));
    }

    public String sub(String a, String b) {
        return op("Sub", List.of(a, b));
    }

    public String mul(String a, String b) {
        return op("Mul", List.of(a, b));
    }

    public String div(String a, String b) {
        return op("Div", List.of(a, b));
    }

    public String softmax(String x, long axis) {
        return op("Softmax", List.of(x), Attribute.of("axis", axis));
    }

    public OnnxModel build() {
        if (inputs.isEmpty() || outputs.isEmpty()) throw new IllegalStateException("graph " + name + " needs inputs and outputs");
        return new OnnxModel(name, nodes, initializers, inputs, outputs, metadata, docString, sparseInitializers,
                functions, trainingGraphs);
    }

    /**
     * What was built so far as a graph to hold in an attribute (an If branch, a Loop body) or in training
     * information: it may have no inputs (an If branch takes none).
     */
    public Graph graph() {
        if (outputs.isEmpty()) throw new IllegalStateException("graph " + name + " needs outputs");
        return new Graph(name, nodes, initializers, sparseInitializers, inputs, outputs);
    }
}
