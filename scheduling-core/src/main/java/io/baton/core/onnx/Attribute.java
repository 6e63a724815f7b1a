package io.baton.core.onnx;

/** A node attribute (ONNX AttributeProto): one int, float or string, or a list of ints. */
public record Attribute(String name, Type type, long i, float f, String s, long[] ints) {
    /** ONNX AttributeProto.AttributeType codes. */
    public enum Type {
        FLOAT(1), INT(2), STRING(3), INTS(7);

        final int code;

        Type(int code) {
            this.code = code;
        }
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
