package io.baton.commons.tensor;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A named tensor: its elements as little-endian bytes, row-major. The bytes are kept as they arrived (a binary
 * section of a request, or decoded base64) so that a tensor crosses a service without being re-encoded as JSON
 * numbers unless a client wants JSON.
 *
 * @param data a heap buffer, little-endian, holding exactly the tensor's elements from its position: {@code
 *             elements() * datatype.bytes()} bytes, or for {@code BYTES} {@code elements()} length-prefixed
 *             strings; it is not copied, so callers must not change it
 */
public record Tensor(String name, Datatype datatype, long[] shape, ByteBuffer data) {

    public Tensor {
        data = data.slice().order(ByteOrder.LITTLE_ENDIAN);
        long elements = elements(shape);
        if (datatype.fixedWidth()) {
            long want = elements * datatype.bytes();
            if (data.remaining() != want) {
                throw new IllegalArgumentException(name + ": " + data.remaining() + " bytes but shape "
                        + Arrays.toString(shape) + " of " + datatype + " needs " + want);
            }
        } else {
            long found = ByteStrings.count(data);
            if (found != elements) {
                throw new IllegalArgumentException(name + ": " + (found < 0 ? "bytes that are not length-prefixed "
                        + "strings" : found + " strings") + " but shape " + Arrays.toString(shape) + " needs "
                        + elements);
            }
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

    /**
     * Every element as a double: exact for all but INT64 and UINT64 beyond 2^53; BOOL as 0 or 1. BYTES has no
     * numeric value.
     */
    public double[] toDoubles() {
        if (!datatype.fixedWidth()) {
            throw new UnsupportedOperationException(name + ": BYTES elements are not numbers");
        }
        int n = Math.toIntExact(elements());
        double[] out = new double[n];
        ByteBuffer b = data.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            out[i] = Elements.doubleAt(b, datatype, i);
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
