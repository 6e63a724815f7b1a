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
 * those of onnx/onnx.proto (the constants name the message and field they come from).
 */
public record OnnxModel(String graphName, List<Node> nodes, List<Initializer> initializers, List<ValueInfo> inputs,
                        List<ValueInfo> outputs, Map<String, String> metadata, String docString) {
    public static final long IR_VERSION = 8;
    public static final long OPSET = 17;
    public static final String PRODUCER = "baton";

    // ModelProto
    private static final int MODEL_IR_VERSION = 1, MODEL_PRODUCER_NAME = 2, MODEL_PRODUCER_VERSION = 3,
            MODEL_DOC_STRING = 6, MODEL_GRAPH = 7, MODEL_OPSET_IMPORT = 8, MODEL_METADATA_PROPS = 14;
    // OperatorSetIdProto, StringStringEntryProto
    private static final int OPSET_DOMAIN = 1, OPSET_VERSION = 2, ENTRY_KEY = 1, ENTRY_VALUE = 2;
    // GraphProto
    private static final int GRAPH_NODE = 1, GRAPH_NAME = 2, GRAPH_INITIALIZER = 5, GRAPH_INPUT = 11, GRAPH_OUTPUT = 12;
    // NodeProto
    private static final int NODE_INPUT = 1, NODE_OUTPUT = 2, NODE_NAME = 3, NODE_OP_TYPE = 4, NODE_ATTRIBUTE = 5;
    // AttributeProto
    private static final int ATTR_NAME = 1, ATTR_F = 2, ATTR_I = 3, ATTR_S = 4, ATTR_INTS = 8, ATTR_TYPE = 20;
    private static final int ATTR_G = 6;
    // TensorProto
    private static final int TENSOR_DIMS = 1, TENSOR_DATA_TYPE = 2, TENSOR_NAME = 8, TENSOR_RAW_DATA = 9;
    // ValueInfoProto, TypeProto, TypeProto.Tensor, TensorShapeProto, TensorShapeProto.Dimension
    private static final int VALUE_NAME = 1, VALUE_TYPE = 2, TYPE_TENSOR = 1, TENSOR_ELEM_TYPE = 1, TENSOR_SHAPE = 2,
            SHAPE_DIM = 1, DIM_VALUE = 1, DIM_PARAM = 2;

    public OnnxModel {
        nodes = List.copyOf(nodes);
        initializers = List.copyOf(initializers);
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
        metadata = Map.copyOf(metadata);
    }

    /** The serialised ModelProto. Deterministic: the same model gives the same bytes. */
    public byte[] toBytes() {
        ProtoWriter m = new ProtoWriter()
                .int64(MODEL_IR_VERSION, IR_VERSION)
                .string(MODEL_PRODUCER_NAME, PRODUCER)
                .string(MODEL_PRODUCER_VERSION, "1");
        if (docString != null) m.string(MODEL_DOC_STRING, docString);
        m.message(MODEL_GRAPH, graph());
        m.message(MODEL_OPSET_IMPORT, new ProtoWriter().string(OPSET_DOMAIN, "").int64(OPSET_VERSION, OPSET));
        metadata.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> m.message(MODEL_METADATA_PROPS,
                new ProtoWriter().string(ENTRY_KEY, e.getKey()).string(ENTRY_VALUE, e.getValue())));
        return m.toBytes();
    }

    public void write(Path file) {
        try {
            Files.write(file, toBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private ProtoWriter graph() {
        ProtoWriter g = new ProtoWriter();
        for (Node n : nodes) g.message(GRAPH_NODE, node(n));
        g.string(GRAPH_NAME, graphName);
        for (Initializer t : initializers) g.message(GRAPH_INITIALIZER, tensor(t));
        for (ValueInfo v : inputs) g.message(GRAPH_INPUT, valueInfo(v));
        for (ValueInfo v : outputs) g.message(GRAPH_OUTPUT, valueInfo(v));
        return g;
    }

    private static ProtoWriter node(Node n) {
        ProtoWriter w = new ProtoWriter();
        for (String i : n.inputs()) w.string(NODE_INPUT, i);
        for (String o : n.outputs()) w.string(NODE_OUTPUT, o);
        w.string(NODE_NAME, n.name()).string(NODE_OP_TYPE, n.opType());
        for (Attribute a : n.attributes()) w.message(NODE_ATTRIBUTE, attribute(a));
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
            case GRAPH -> w.message(ATTR_G, a.graph().graph());
        }
        return w.int64(ATTR_TYPE, a.type().code);
    }

    private static ProtoWriter tensor(Initializer t) {
        ProtoWriter w = new ProtoWriter();
        for (long d : t.dims()) w.int64(TENSOR_DIMS, d);
        return w.int64(TENSOR_DATA_TYPE, t.dataType()).string(TENSOR_NAME, t.name()).bytes(TENSOR_RAW_DATA, t.rawData());
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
