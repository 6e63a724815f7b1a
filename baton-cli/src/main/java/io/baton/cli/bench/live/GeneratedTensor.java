package io.baton.cli.bench.live;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * A tensor to send: the input's names, its OIP datatype and shape, and its data in the OIP binary form
 * (little-endian, row-major; BYTES: per element a 4-byte little-endian length, then the bytes), which is both what
 * the gateway's binary tensor extension reads and what ONNX Runtime is given when the model runs alone.
 */
public record GeneratedTensor(String name, String modelName, String datatype, long[] shape, byte[] data) {

    public long elements() {
        long n = 1;
        for (long d : shape) n *= d;
        return n;
    }

    /** The elements of a BYTES tensor as strings (UTF-8). */
    public String[] strings() {
        if (!"BYTES".equals(datatype)) throw new IllegalStateException(name + " is " + datatype + ", not BYTES");
        ByteBuffer b = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        String[] s = new String[(int) elements()];
        for (int i = 0; i < s.length; i++) {
            byte[] e = new byte[b.getInt()];
            b.get(e);
            s[i] = new String(e, StandardCharsets.UTF_8);
        }
        return s;
    }

    /**
     * The tensors of several requests as one batch: joined along axis 0 (each must have rank ≥ 1 and the same
     * dimensions after the first), the way the serving path joins the requests of a batch.
     */
    public static GeneratedTensor concat(List<GeneratedTensor> parts) {
        GeneratedTensor first = parts.get(0);
        if (first.shape.length == 0) throw new IllegalArgumentException(first.name + " is a scalar; scalars are not batched");
        long rows = 0;
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        for (GeneratedTensor p : parts) {
            if (p.shape.length != first.shape.length || !Arrays.equals(p.shape, 1, p.shape.length, first.shape, 1, first.shape.length)) {
                throw new IllegalArgumentException(first.name + ": shapes " + Arrays.toString(first.shape) + " and " + Arrays.toString(p.shape)
                        + " differ besides axis 0");
            }
            rows += p.shape[0];
            data.writeBytes(p.data);
        }
        long[] shape = first.shape.clone();
        shape[0] = rows;
        return new GeneratedTensor(first.name, first.modelName, first.datatype, shape, data.toByteArray());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GeneratedTensor t && name.equals(t.name) && modelName.equals(t.modelName) && datatype.equals(t.datatype)
                && Arrays.equals(shape, t.shape) && Arrays.equals(data, t.data);
    }

    @Override
    public int hashCode() {
        return (name.hashCode() * 31 + Arrays.hashCode(shape)) * 31 + Arrays.hashCode(data);
    }

    @Override
    public String toString() {
        return name + " " + datatype + Arrays.toString(shape) + " (" + data.length + " bytes)";
    }
}
