package io.baton.cli.zoo;

import io.baton.core.onnx.Dim;
import java.util.Arrays;

/** The shape of one example as a layer sees it (the batch dimension left out): [C, H, W] or [D]. */
public record Shape(int[] dims) {
    public Shape {
        dims = dims.clone();
    }

    public static Shape of(int... dims) {
        return new Shape(dims);
    }

    public int size() {
        int s = 1;
        for (int d : dims) s *= d;
        return s;
    }

    public int rank() {
        return dims.length;
    }

    public int dim(int i) {
        return dims[i];
    }

    /** The ONNX shape with the symbolic batch dimension "N" in front. */
    public Dim[] withBatch() {
        Dim[] d = new Dim[dims.length + 1];
        d[0] = Dim.BATCH;
        for (int i = 0; i < dims.length; i++) d[i + 1] = Dim.of(dims[i]);
        return d;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Shape s && Arrays.equals(dims, s.dims);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(dims);
    }

    @Override
    public String toString() {
        return Arrays.toString(dims);
    }
}
