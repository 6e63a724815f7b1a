package io.baton.commons.tensor;

import java.util.List;

/**
 * Every Open Inference Protocol v2 datatype, with its width in bytes (binary tensors are little-endian, row-major)
 * and the ONNX element type it maps to ({@code TensorProto.DataType}, as ONNX Runtime's C API numbers them too; its
 * Java API's {@code TensorInfo.OnnxTensorType.value} numbers them differently). The numbers keep this enum free of
 * ONNX Runtime's classes, so the gateway and the scheduler can use it without carrying the runtime, and a worker
 * built against the CUDA runtime can too.
 *
 * <p>{@code BYTES} has no fixed width: in binary form each element is a 4-byte little-endian length followed by that
 * many bytes, as the protocol's binary extension lays it out.
 */
public enum Datatype {
    BOOL(1, 9),
    UINT8(1, 2),
    UINT16(2, 4),
    UINT32(4, 12),
    UINT64(8, 13),
    INT8(1, 3),
    INT16(2, 5),
    INT32(4, 6),
    INT64(8, 7),
    FP16(2, 10),
    BF16(2, 16),
    FP32(4, 1),
    FP64(8, 11),
    BYTES(-1, 8);

    /**
     * The datatypes Baton serves end to end: what a worker runs, what the scheduler passes on and what the gateway
     * admits. Every OIP datatype: a model a user brings may take or give any of them (token ids as INT64, masks as
     * BOOL, images as UINT8, half-precision models, string tensors). A name outside the list is refused like an
     * unknown one.
     */
    public static final List<Datatype> SERVED = List.of(values());
    /** Every datatype, read on each request's tensors: {@code values()} would copy its array each time. */
    private static final Datatype[] ALL = values();

    private final int bytes;
    private final int onnxElementType;

    Datatype(int bytes, int onnxElementType) {
        this.bytes = bytes;
        this.onnxElementType = onnxElementType;
    }

    /** Bytes per element; {@link #BYTES} has none fixed (check {@link #fixedWidth()} first). */
    public int bytes() {
        if (bytes < 0) {
            throw new UnsupportedOperationException("BYTES elements have no fixed width");
        }
        return bytes;
    }

    public boolean fixedWidth() {
        return bytes > 0;
    }

    /** The smallest number of bytes an element takes: its width, or the 4-byte length prefix of a BYTES element. */
    public int minBytes() {
        return fixedWidth() ? bytes : 4;
    }

    /** ONNX's {@code TensorProto.DataType} number for this datatype. */
    public int onnxElementType() {
        return onnxElementType;
    }

    public boolean floating() {
        return this == FP16 || this == BF16 || this == FP32 || this == FP64;
    }

    public boolean served() {
        return SERVED.contains(this);
    }

    /** The datatype spelt exactly {@code name} (OIP spells them upper-case), or null. */
    public static Datatype named(String name) {
        if (name == null) {
            return null;
        }
        for (Datatype d : ALL) {
            if (d.name().equals(name)) {
                return d;
            }
        }
        return null;
    }

    /**
     * The served datatype spelt exactly {@code name}, or a {@link TensorException} naming {@code tensor} that lists
     * the served ones (a datatype the codec handles but Baton does not serve is refused like an unknown one).
     */
    public static Datatype served(String tensor, String name) {
        if (name == null || name.isBlank()) {
            throw new TensorException(tensor, "datatype is missing (one of " + servedNames() + ")");
        }
        Datatype d = named(name);
        if (d == null || !d.served()) {
            throw new TensorException(tensor, "datatype '" + name + "' is not served by Baton (it serves "
                    + servedNames() + ")");
        }
        return d;
    }

    /** The datatype of ONNX element type {@code onnxElementType}, or null (ONNX has types OIP does not name). */
    public static Datatype ofOnnxElementType(int onnxElementType) {
        for (Datatype d : ALL) {
            if (d.onnxElementType == onnxElementType) {
                return d;
            }
        }
        return null;
    }

    /** {@code [BOOL, UINT8, ..., FP64, BYTES]}: how messages list {@link #SERVED}. */
    public static String servedNames() {
        return SERVED.toString();
    }
}
