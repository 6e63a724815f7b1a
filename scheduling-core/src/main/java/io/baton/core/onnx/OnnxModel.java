package io.baton.core.onnx;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A complete ONNX model (ModelProto, IR version 8, default-domain opset 17) and its serialisation.
 * Hand-encoded so that scheduling-core needs no protobuf or ONNX library; the field numbers below are
 * those of onnx/onnx.proto (the constants name the message and field they come from). Besides the main
 * graph a model may carry sparse initializers, model-local functions (each function's domain is imported
 * at version 1) and training graphs (each one TrainingInfoProto's {@code algorithm}).
 */
public record OnnxModel(String graphName, List<Node> nodes, List<Initializer> initializers, List<ValueInfo> inputs,
                        List<ValueInfo> outputs, Map<String, String> metadata, String docString,
                        List<SparseInitializer> sparseInitializers, List<Function> functions,
                        List<Graph> trainingGraphs) {
    public static final long IR_VERSION = 8;
    public static final long OPSET = 17;
    public static final String PRODUCER = "baton";

    // ModelProto
    private static final int MODEL_IR_VERSION = 1, MODEL_PRODUCER_NAME = 2, MODEL_PRODUCER_VERSION = 3,
            MODEL_DOC_STRING = 6, MODEL_GRAPH = 7, MODEL_OPSET_IMPORT = 8, MODEL_METADATA_PROPS = 14,
            MODEL_TRAINING_INFO = 20, MODEL_FUNCTIONS = 25;
    // TrainingInfoProto
    private static final int TRAINING_ALGORITHM = 2;
    // FunctionProto
    private static final int FUNCTION_NAME = 1, FUNCTION_INPUT = 4, FUNCTION_OUTPUT = 5, FUNCTION_NODE = 7,
            FUNCTION_OPSET_IMPORT = 9, FUNCTION_DOMAIN = 10;
    // OperatorSetIdProto, StringStringEntryProto
    private static final int OPSET_DOMAIN = 1, OPSET_VERSION = 2, ENTRY_KEY = 1, ENTRY_VALUE = 2;
    // GraphProto
    private static final int GRAPH_NODE = 1, GRAPH_NAME = 2, GRAPH_INITIALIZER = 5, GRAPH_INPUT = 11, GRAPH_OUTPUT = 12,
            GRAPH_SPARSE_INITIALIZER = 15;
    // NodeProto
    private static final int NODE_INPUT = 1, NODE_OUTPUT = 2, NODE_NAME = 3, NODE_OP_TYPE = 4, NODE_ATTRIBUTE = 5,
            NODE_DOMAIN = 7;
    // AttributeProto
    private static final int ATTR_NAME = 1, ATTR_F = 2, ATTR_I = 3, ATTR_S = 4, ATTR_T = 5, ATTR_G = 6, ATTR_INTS = 8,
            ATTR_TENSORS = 10, ATTR_GRAPHS = 11, ATTR_TYPE = 20, ATTR_SPARSE_TENSOR = 22, ATTR_SPARSE_TENSORS = 23;
    // TensorProto, StringStringEntryProto for its external_data
    private static final int TENSOR_DIMS = 1, TENSOR_DATA_TYPE = 2, TENSOR_NAME = 8, TENSOR_RAW_DATA = 9,
            TENSOR_EXTERNAL_DATA = 13, TENSOR_DATA_LOCATION = 14;
    // SparseTensorProto
    private static final int SPARSE_VALUES = 1, SPARSE_INDICES = 2, SPARSE_DIMS = 3;
    // ValueInfoProto, TypeProto, TypeProto.Tensor, TensorShapeProto, TensorShapeProto.Dimension
    private static final int VALUE_NAME = 1, VALUE_TYPE = 2, TYPE_TENSOR = 1, TENSOR_ELEM_TYPE = 1, TENSOR_SHAPE = 2,
            SHAPE_DIM = 1, DIM_VALUE = 1, DIM_PARAM = 2;

    public OnnxModel {
        nodes = List.copyOf(nodes);
        initializers = List.copyOf(initializers);
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
        metadata = Map.copyOf(metadata);
        sparseInitializers = List.copyOf(sparseInitializers);
        functions = List.copyOf(functions);
        trainingGraphs = List.copyOf(trainingGraphs);
    }

    /** A model of one graph and nothing else. */
    public OnnxModel(String graphName, List<Node> nodes, List<Initializer> initializers, List<ValueInfo> inputs,
                     List<ValueInfo> outputs, Map<String, String> metadata, String docString) {
        this(graphName, nodes, initializers, inputs, outputs, metadata, docString, List.of(), List.of(), List.of());
    }

    /** The serialised ModelProto. Deterministic: the same model gives the same bytes. */
    public byte[] toBytes() {
        ProtoWriter m = new ProtoWriter()
                .int64(MODEL_IR_VERSION, IR_VERSION)
                .string(MODEL_PRODUCER_NAME, PRODUCER)
                .string(MODEL_PRODUCER_VERSION, "1");
        if (docString != null) m.string(MODEL_DOC_STRING, docString);
        m.message(MODEL_GRAPH, graph(new Graph(graphName, nodes, initializers, sparseInitializers, inputs, outputs)));
        m.message(MODEL_OPSET_IMPORT, opset(""));
        functions.stream().map(Function::domain).distinct().forEach(d -> m.message(MODEL_OPSET_IMPORT,
                new ProtoWriter().string(OPSET_DOMAIN, d).int64(OPSET_VERSION, 1)));
        metadata.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> m.message(MODEL_METADATA_PROPS,
                new ProtoWriter().string(ENTRY_KEY, e.getKey()).string(ENTRY_VALUE, e.getValue())));
        for (Graph g : trainingGraphs) m.message(MODEL_TRAINING_INFO, new ProtoWriter().message(TRAINING_ALGORITHM, graph(g)));
        for (Function f : functions) m.message(MODEL_FUNCTIONS, function(f));
        return m.toBytes();
    }

    public void write(Path file) {
        try {
            Files.write(file, toBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ProtoWriter opset(String domain) {
        return new ProtoWriter().string(OPSET_DOMAIN, domain).int64(OPSET_VERSION, OPSET);
    }

    private static ProtoWriter graph(Graph graph) {
        ProtoWriter g = new ProtoWriter();
        for (Node n : graph.nodes()) g.message(GRAPH_NODE, node(n));
        g.string(GRAPH_NAME, graph.name());
        for (Initializer t : graph.initializers()) g.message(GRAPH_INITIALIZER, tensor(t));
        for (ValueInfo v : graph.inputs()) g.message(GRAPH_INPUT, valueInfo(v));
        for (ValueInfo v : graph.outputs()) g.message(GRAPH_OUTPUT, valueInfo(v));
        for (SparseInitializer s : graph.sparseInitializers()) g.message(GRAPH_SPARSE_INITIALIZER, sparse(s));
        return g;
    }

    private static ProtoWriter function(Function f) {
        ProtoWriter w = new ProtoWriter().string(FUNCTION_NAME, f.name());
        for (String i : f.inputs()) w.string(FUNCTION_INPUT, i);
        for (String o : f.outputs()) w.string(FUNCTION_OUTPUT, o);
        for (Node n : f.nodes()) w.message(FUNCTION_NODE, node(n));
        return w.message(FUNCTION_OPSET_IMPORT, opset("")).string(FUNCTION_DOMAIN, f.domain());
    }

    private static ProtoWriter node(Node n) {
        ProtoWriter w = new ProtoWriter();
        for (String i : n.inputs()) w.string(NODE_INPUT, i);
        for (String o : n.outputs()) w.string(NODE_OUTPUT, o);
        w.string(NODE_NAME, n.name()).string(NODE_OP_TYPE, n.opType());
        for (Attribute a : n.attributes()) w.message(NODE_ATTRIBUTE, attribute(a));
        if (n.domain() != null && !n.domain().isEmpty()) w.string(NODE_DOMAIN, n.domain());
        return w;
    }

    private static ProtoWriter attribute(Attribute a) {
        ProtoWriter w = new ProtoWriter().string(ATTR_NAME, a.name());
        switch (a.type()) {
            case FLOAT -> w.float32(ATTR_F, a.f());
            case INT -> w.int64(ATTR_I, a.i());
            case STRING -> w.string(ATTR_S, a.s());
            case INTS -> {
                for (long v : a.ints()) w.int64(ATTR_INTS, v);
            }
            case TENSOR -> w.message(ATTR_T, tensor(a.tensors().get(0)));
            case TENSORS -> a.tensors().forEach(t -> w.message(ATTR_TENSORS, tensor(t)));
            case GRAPH -> w.message(ATTR_G, graph(a.graphs().get(0)));
            case GRAPHS -> a.graphs().forEach(g -> w.message(ATTR_GRAPHS, graph(g)));
            case SPARSE_TENSOR -> w.message(ATTR_SPARSE_TENSOR, sparse(a.sparseTensors().get(0)));
            case SPARSE_TENSORS -> a.sparseTensors().forEach(s -> w.message(ATTR_SPARSE_TENSORS, sparse(s)));
        }
        return w.int64(ATTR_TYPE, a.type().code);
    }

    private static ProtoWriter tensor(Initializer t) {
        ProtoWriter w = new ProtoWriter();
        for (long d : t.dims()) w.int64(TENSOR_DIMS, d);
        w.int64(TENSOR_DATA_TYPE, t.dataType()).string(TENSOR_NAME, t.name());
        if (t.external() == null) return w.bytes(TENSOR_RAW_DATA, t.rawData());
        for (Map.Entry<String, String> e : t.external().entries()) {
            w.message(TENSOR_EXTERNAL_DATA, new ProtoWriter().string(ENTRY_KEY, e.getKey()).string(ENTRY_VALUE, e.getValue()));
        }
        if (t.external().dataLocation() != ExternalData.DEFAULT) w.int64(TENSOR_DATA_LOCATION, t.external().dataLocation());
        return w;
    }

    private static ProtoWriter sparse(SparseInitializer s) {
        ProtoWriter w = new ProtoWriter().message(SPARSE_VALUES, tensor(s.values())).message(SPARSE_INDICES, tensor(s.indices()));
        for (long d : s.dims()) w.int64(SPARSE_DIMS, d);
        return w;
    }

    private static ProtoWriter valueInfo(ValueInfo v) {
        ProtoWriter shape = new ProtoWriter();
        for (Dim d : v.shape()) {
            shape.message(SHAPE_DIM, d.isSymbolic() ? new ProtoWriter().string(DIM_PARAM, d.param())
                    : new ProtoWriter().int64(DIM_VALUE, d.value()));
        }
        ProtoWriter tensorType = new ProtoWriter().int64(TENSOR_ELEM_TYPE, v.elemType()).message(TENSOR_SHAPE, shape);
        return new ProtoWriter().string(VALUE_NAME, v.name()).message(VALUE_TYPE, new ProtoWriter().message(TYPE_TENSOR, tensorType));
    }
}
