package io.baton.gateway.grpc;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;

import com.google.protobuf.ByteString;

import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.Tensor;
import io.baton.commons.tensor.TensorException;
import io.baton.oip.grpc.InferTensorContents;

/**
 * An input's typed {@code contents} as the little-endian bytes a {@link Tensor} holds. Each datatype reads the one
 * field the protocol gives it (INT8 to INT32 share {@code int_contents}, UINT8 to UINT32 {@code uint_contents}); a
 * value outside its datatype's range, a count that is not the shape's, or values in another field are refused.
 * FP16 and BF16 have no typed field: they travel in {@code raw_input_contents}.
 */
final class TypedContents {

    private TypedContents() {
    }

    static Tensor decode(String label, String name, Datatype type, long[] shape, InferTensorContents contents) {
        int expected = (int) Tensor.elements(shape);
        int given = count(type, contents);
        if (given < 0) {
            throw new TensorException(label, "contents cannot carry " + type + ": send it in raw_input_contents");
        }
        if (given != total(contents)) {
            throw new TensorException(label, "contents of a " + type + " tensor go in " + field(type)
                    + ", and only there");
        }
        if (given != expected) {
            throw new TensorException(label, "contents hold " + given + " values but shape " + Arrays.toString(shape)
                    + " needs " + expected);
        }
        if (type == Datatype.BYTES) {
            return new Tensor(name, type, shape, ByteBuffer.wrap(lengthPrefixed(contents.getBytesContentsList())));
        }
        ByteBuffer b = ByteBuffer.allocate(expected * type.bytes()).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < expected; i++) {
            put(label, type, contents, i, b);
        }
        return new Tensor(name, type, shape, b.flip());
    }

    private static void put(String label, Datatype type, InferTensorContents c, int i, ByteBuffer b) {
        switch (type) {
            case BOOL -> b.put((byte) (c.getBoolContents(i) ? 1 : 0));
            case INT8 -> b.put((byte) inRange(label, type, c.getIntContents(i), Byte.MIN_VALUE, Byte.MAX_VALUE));
            case INT16 -> b.putShort((short) inRange(label, type, c.getIntContents(i), Short.MIN_VALUE,
                    Short.MAX_VALUE));
            case INT32 -> b.putInt(c.getIntContents(i));
            case INT64 -> b.putLong(c.getInt64Contents(i));
            case UINT8 -> b.put((byte) inRange(label, type, Integer.toUnsignedLong(c.getUintContents(i)), 0, 0xFF));
            case UINT16 -> b.putShort((short) inRange(label, type, Integer.toUnsignedLong(c.getUintContents(i)), 0,
                    0xFFFF));
            case UINT32 -> b.putInt(c.getUintContents(i));
            case UINT64 -> b.putLong(c.getUint64Contents(i));
            case FP32 -> b.putFloat(c.getFp32Contents(i));
            case FP64 -> b.putDouble(c.getFp64Contents(i));
            default -> throw new IllegalStateException(type + " has no typed contents");
        }
    }

    private static long inRange(String label, Datatype type, long v, long min, long max) {
        if (v < min || v > max) {
            throw new TensorException(label, "value " + v + " is outside " + type + "'s range [" + min + ", " + max
                    + "]");
        }
        return v;
    }

    /** How many values the datatype's field holds; -1 for a datatype without one. */
    private static int count(Datatype type, InferTensorContents c) {
        return switch (type) {
            case BOOL -> c.getBoolContentsCount();
            case INT8, INT16, INT32 -> c.getIntContentsCount();
            case INT64 -> c.getInt64ContentsCount();
            case UINT8, UINT16, UINT32 -> c.getUintContentsCount();
            case UINT64 -> c.getUint64ContentsCount();
            case FP32 -> c.getFp32ContentsCount();
            case FP64 -> c.getFp64ContentsCount();
            case BYTES -> c.getBytesContentsCount();
            case FP16, BF16 -> -1;
        };
    }

    private static int total(InferTensorContents c) {
        return c.getBoolContentsCount() + c.getIntContentsCount() + c.getInt64ContentsCount()
                + c.getUintContentsCount() + c.getUint64ContentsCount() + c.getFp32ContentsCount()
                + c.getFp64ContentsCount() + c.getBytesContentsCount();
    }

    private static String field(Datatype type) {
        return switch (type) {
            case BOOL -> "bool_contents";
            case INT8, INT16, INT32 -> "int_contents";
            case INT64 -> "int64_contents";
            case UINT8, UINT16, UINT32 -> "uint_contents";
            case UINT64 -> "uint64_contents";
            case FP32 -> "fp32_contents";
            case FP64 -> "fp64_contents";
            default -> "bytes_contents";
        };
    }

    /** BYTES elements as the tensor holds them: each a 4-byte little-endian length, then its bytes. */
    private static byte[] lengthPrefixed(List<ByteString> elements) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteBuffer length = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
        for (ByteString e : elements) {
            out.write(length.putInt(0, e.size()).array(), 0, 4);
            out.writeBytes(e.toByteArray());
        }
        return out.toByteArray();
    }
}
