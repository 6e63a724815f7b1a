package io.baton.commons.tensor;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The binary layout of {@code BYTES} elements: each a 4-byte little-endian length, then that many bytes. Layouts
 * concatenate: two tensors' bytes one after the other are the layout of their elements in order, which is how parts
 * of a BYTES tensor join along axis 0.
 */
public final class ByteStrings {

    private ByteStrings() {
    }

    /** How many elements {@code data} (from its position) holds, or -1 when it does not end on an element's end. */
    public static long count(ByteBuffer data) {
        ByteBuffer b = data.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        long n = 0;
        while (b.hasRemaining()) {
            if (b.remaining() < 4) {
                return -1;
            }
            int length = b.getInt();
            if (length < 0 || length > b.remaining()) {
                return -1;
            }
            b.position(b.position() + length);
            n++;
        }
        return n;
    }

    /** The elements of {@code data} in order, each as its bytes (the layout must be valid: see {@link #count}). */
    public static byte[][] split(ByteBuffer data, int elements) {
        ByteBuffer b = data.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        byte[][] out = new byte[elements][];
        for (int i = 0; i < elements; i++) {
            out[i] = new byte[b.getInt()];
            b.get(out[i]);
        }
        return out;
    }

    /** The layout of {@code elements} from {@code from} (inclusive) to {@code to} (exclusive). */
    public static byte[] join(byte[][] elements, int from, int to) {
        int size = 0;
        for (int i = from; i < to; i++) {
            size = Math.addExact(size, 4 + elements[i].length);
        }
        ByteBuffer out = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = from; i < to; i++) {
            out.putInt(elements[i].length).put(elements[i]);
        }
        return out.array();
    }
}
