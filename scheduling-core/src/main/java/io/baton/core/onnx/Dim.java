package io.baton.core.onnx;

/** One dimension of a graph input or output: a fixed size, or a symbolic name such as the batch "N". */
public record Dim(long value, String param) {
    public Dim {
        if (param == null && value < 0) throw new IllegalArgumentException("dimension must be ≥ 0, got " + value);
    }

    public static Dim of(long value) {
        return new Dim(value, null);
    }

    public static Dim symbolic(String name) {
        return new Dim(-1, name);
    }

    /** The symbolic batch dimension every Baton model uses. */
    public static final Dim BATCH = symbolic("N");

    public boolean isSymbolic() {
        return param != null;
    }

    @Override
    public String toString() {
        return isSymbolic() ? param : Long.toString(value);
    }
}
