package io.baton.commons.tensor;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** The binary layout of {@code BYTES} elements: each a 4-byte little-endian length, then that many bytes. */
final class ByteStrings {

    private ByteStrings() {
    }

    /** How many elements {@code data} (from its position) holds, or -1 when it does not end on an element's end. */
    static long count(ByteBuffer data) {
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
    static byte[][] split(ByteBuffer data, int elements) {
        ByteBuffer b = data.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        byte[][] out = new byte[elements][];
        for (int i = 0; i < elements; i++) {
            out[i] = new byte[b.getInt()];
            b.get(out[i]);
        }
        return out;
    }
}
