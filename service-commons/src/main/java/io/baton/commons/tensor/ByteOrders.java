package io.baton.commons.tensor;

import java.nio.ByteOrder;

/**
 * Element bytes between the little-endian order of the wire and the machine's own, which ONNX Runtime reads and
 * writes. On every machine the suite runs on the two are the same and the bytes are copied as they are.
 */
public final class ByteOrders {

    private ByteOrders() {
    }

    /**
     * {@code length} bytes of {@code source} from {@code offset}, elements of {@code width} bytes, turned from little
     * endian to native order or back (the same swap both ways).
     */
    public static byte[] reorder(byte[] source, int offset, int length, int width) {
        byte[] out = new byte[length];
        if (ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN || width == 1) {
            System.arraycopy(source, offset, out, 0, length);
            return out;
        }
        for (int e = 0; e < length; e += width) {
            for (int k = 0; k < width; k++) {
                out[e + k] = source[offset + e + width - 1 - k];
            }
        }
        return out;
    }
}
