package io.baton.gateway.tensor;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A named tensor: its elements as little-endian bytes, row-major. The bytes are kept as they arrived (a binary
 * section of the request, or decoded base64) so that a tensor crosses the gateway without being re-encoded as JSON
 * numbers unless the client wants JSON.
 *
 * @param data a heap buffer, little-endian, holding exactly {@code elements() * datatype.bytes()} bytes from its
 *             position; it is not copied, so callers must not change it
 */
public record Tensor(String name, Datatype datatype, long[] shape, ByteBuffer data) {

    public Tensor {
        data = data.slice().order(ByteOrder.LITTLE_ENDIAN);
        long want = elements(shape) * datatype.bytes();
        if (data.remaining() != want) {
            throw new IllegalArgumentException(name + ": " + data.remaining() + " bytes but shape "
                    + Arrays.toString(shape) + " of " + datatype + " needs " + want);
        }
    }

    public static Tensor of(String name, Datatype datatype, long[] shape, byte[] littleEndian) {
        return new Tensor(name, datatype, shape, ByteBuffer.wrap(littleEndian));
    }

    public static Tensor ofFloats(String name, long[] shape, float... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        b.asFloatBuffer().put(values);
        return new Tensor(name, Datatype.FP32, shape, b);
    }

    public long elements() {
        return elements(shape);
    }

    public int byteSize() {
        return data.remaining();
    }

    /** The batch (the first dimension), or 1 for a scalar. */
    public long batch() {
        return shape.length == 0 ? 1 : shape[0];
    }

    public Tensor renamed(String newName) {
        return newName.equals(name) ? this : new Tensor(newName, datatype, shape, data);
    }

    /** The bytes as one array (a copy only when the buffer does not span its whole backing array). */
    public byte[] bytes() {
        if (data.arrayOffset() == 0 && data.position() == 0 && data.remaining() == data.array().length) {
            return data.array();
        }
        byte[] copy = new byte[data.remaining()];
        data.duplicate().get(copy);
        return copy;
    }

    /** Every element as a double (exact for FP32, FP64 and INT32). */
    public double[] toDoubles() {
        int n = Math.toIntExact(elements());
        double[] out = new double[n];
        ByteBuffer b = data.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            out[i] = switch (datatype) {
                case FP32 -> b.getFloat(i * 4);
                case FP64 -> b.getDouble(i * 8);
                case INT32 -> b.getInt(i * 4);
                case INT64 -> b.getLong(i * 8);
            };
        }
        return out;
    }

    public String shapeText() {
        return Arrays.toString(shape);
    }

    /** Elements of a shape; negative dimensions are the caller's error to catch first. */
    public static long elements(long[] shape) {
        long n = 1;
        for (long d : shape) {
            n = Math.multiplyExact(n, d);
        }
        return n;
    }

    @Override
    public String toString() {
        return name + " " + datatype + shapeText();
    }
}
