package io.baton.core.onnx;

/**
 * A node attribute (ONNX AttributeProto): one int, float or string, a list of ints, or a graph (the body of a
 * control-flow operator such as {@code Loop}; {@code graph} is null for every other type).
 */
public record Attribute(String name, Type type, long i, float f, String s, long[] ints, OnnxModel graph) {
    /** ONNX AttributeProto.AttributeType codes. */
    public enum Type {
        FLOAT(1), INT(2), STRING(3), GRAPH(5), INTS(7);

        final int code;

        Type(int code) {
            this.code = code;
        }
    }

    public Attribute(String name, Type type, long i, float f, String s, long[] ints) {
        this(name, type, i, f, s, ints, null);
    }

    /** A graph-valued attribute: {@code body}'s graph (its nodes, initializers, inputs and outputs) only. */
    public static Attribute graph(String name, OnnxModel body) {
        return new Attribute(name, Type.GRAPH, 0, 0, null, null, body);
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
}
