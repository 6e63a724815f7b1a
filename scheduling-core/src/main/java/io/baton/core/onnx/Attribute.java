package io.baton.core.onnx;

import java.util.List;

/**
 * A node attribute (ONNX AttributeProto): one int, float or string, a list of ints, or a tensor, graph or sparse
 * tensor (one or a list: {@code tensors}, {@code graphs}, {@code sparseTensors} hold them, empty otherwise).
 */
public record Attribute(String name, Type type, long i, float f, String s, long[] ints, List<Initializer> tensors,
                        List<Graph> graphs, List<SparseInitializer> sparseTensors) {
    /** ONNX AttributeProto.AttributeType codes. */
    public enum Type {
        FLOAT(1), INT(2), STRING(3), TENSOR(4), GRAPH(5), INTS(7), TENSORS(9), GRAPHS(10), SPARSE_TENSOR(11),
        SPARSE_TENSORS(12);

        final int code;

        Type(int code) {
            this.code = code;
        }
    }

    public Attribute {
        tensors = tensors == null ? List.of() : List.copyOf(tensors);
        graphs = graphs == null ? List.of() : List.copyOf(graphs);
        sparseTensors = sparseTensors == null ? List.of() : List.copyOf(sparseTensors);
    }

    public Attribute(String name, Type type, long i, float f, String s, long[] ints) {
        this(name, type, i, f, s, ints, null, null, null);
    }

    public static Attribute of(String name, long value) {
        return new Attribute(name, Type.INT, value, 0, null, null);
    }

    public static Attribute of(String name, float value) {
        return new Attribute(name, Type.FLOAT, 0, value, null, null);
    }

    public static Attribute of(String name, String value) {
        return new Attribute(name, Type.STRING, 0, 0, value, null);
    }

    public static Attribute ints(String name, long... values) {
        return new Attribute(name, Type.INTS, 0, 0, null, values.clone());
    }

    /** A tensor-valued attribute (Constant's {@code value}). */
    public static Attribute tensor(String name, Initializer value) {
        return new Attribute(name, Type.TENSOR, 0, 0, null, null, List.of(value), null, null);
    }

    public static Attribute tensors(String name, Initializer... values) {
        return new Attribute(name, Type.TENSORS, 0, 0, null, null, List.of(values), null, null);
    }

    /** A graph-valued attribute (an If branch, a Loop or Scan body). */
    public static Attribute graph(String name, Graph value) {
        return new Attribute(name, Type.GRAPH, 0, 0, null, null, null, List.of(value), null);
    }

    public static Attribute graphs(String name, Graph... values) {
        return new Attribute(name, Type.GRAPHS, 0, 0, null, null, null, List.of(values), null);
    }

    public static Attribute sparseTensor(String name, SparseInitializer value) {
        return new Attribute(name, Type.SPARSE_TENSOR, 0, 0, null, null, null, null, List.of(value));
    }

    public static Attribute sparseTensors(String name, SparseInitializer... values) {
        return new Attribute(name, Type.SPARSE_TENSORS, 0, 0, null, null, null, null, List.of(values));
    }
}
