package io.baton.commons.tensor;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/**
 * One element at a time, for every datatype: a JSON value into a buffer (in the buffer's byte order), and an element
 * of little-endian bytes out as a double or a JSON value. Unsigned types are held in the signed Java type of their
 * width (UINT64 above {@code Long.MAX_VALUE} is a negative long) and shown as the unsigned number.
 */
final class Elements {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);

    private Elements() {
    }

    /**
     * Puts {@code value} as element {@code index} of a {@code type} tensor. With {@code checkRange}, a floating-point
     * value must be finite and within the datatype's range; without, it is converted as a Java cast would (what a
     * worker has always done). Integers must fit their type either way.
     */
    static void put(ByteBuffer buffer, JsonNode value, Datatype type, long index, boolean checkRange) {
        if (checkRange && value.isNumber() && type.floating()) {
            double d = value.doubleValue();
            if (!Double.isFinite(d) || beyond(type, d)) {
                throw new ElementException(index, "is " + value.asText() + ", outside the range of " + type
                        + " (JSON tensor data must be finite numbers that fit the datatype)");
            }
        }
        if (!fits(value, type)) {
            throw new ElementException(index, "is " + value + ", not " + expected(type));
        }
        switch (type) {
            case BOOL -> buffer.put((byte) (value.booleanValue() ? 1 : 0));
            case UINT8, INT8 -> buffer.put((byte) value.intValue());
            case UINT16, INT16 -> buffer.putShort((short) value.intValue());
            case UINT32 -> buffer.putInt((int) value.longValue());
            case INT32 -> buffer.putInt(value.intValue());
            case UINT64 -> buffer.putLong(value.bigIntegerValue().longValue());
            case INT64 -> buffer.putLong(value.longValue());
            case FP16 -> buffer.putShort(HalfFloats.floatToFp16(value.floatValue()));
            case BF16 -> buffer.putShort(HalfFloats.floatToBf16(value.floatValue()));
            case FP32 -> buffer.putFloat(value.floatValue());
            case FP64 -> buffer.putDouble(value.doubleValue());
            case BYTES -> {
                byte[] bytes = utf8(value);
                buffer.putInt(bytes.length).put(bytes);
            }
        }
    }

    /** The bytes a BYTES element holds: the string's UTF-8. */
    static byte[] utf8(JsonNode value) {
        return value.textValue().getBytes(StandardCharsets.UTF_8);
    }

    private static boolean fits(JsonNode v, Datatype type) {
        return switch (type) {
            case BOOL -> v.isBoolean();
            case UINT8 -> intIn(v, 0, 0xFF);
            case UINT16 -> intIn(v, 0, 0xFFFF);
            case UINT32 -> v.isIntegralNumber() && v.canConvertToLong() && v.longValue() >= 0 && v.longValue() <= 0xFFFFFFFFL;
            case UINT64 -> v.isIntegralNumber() && v.bigIntegerValue().signum() >= 0 && v.bigIntegerValue().bitLength() <= 64;
            case INT8 -> intIn(v, Byte.MIN_VALUE, Byte.MAX_VALUE);
            case INT16 -> intIn(v, Short.MIN_VALUE, Short.MAX_VALUE);
            case INT32 -> v.isIntegralNumber() && v.canConvertToInt();
            case INT64 -> v.isIntegralNumber() && v.canConvertToLong();
            case FP16, BF16, FP32, FP64 -> v.isNumber();
            case BYTES -> v.isTextual();
        };
    }

    private static boolean intIn(JsonNode v, int min, int max) {
        return v.isIntegralNumber() && v.canConvertToInt() && v.intValue() >= min && v.intValue() <= max;
    }

    private static String expected(Datatype type) {
        return switch (type) {
            case BOOL -> "true or false";
            case UINT8 -> "an unsigned 8-bit integer";
            case UINT16 -> "an unsigned 16-bit integer";
            case UINT32 -> "an unsigned 32-bit integer";
            case UINT64 -> "an unsigned 64-bit integer";
            case INT8 -> "an 8-bit integer";
            case INT16 -> "a 16-bit integer";
            case INT32 -> "a 32-bit integer";
            case INT64 -> "a 64-bit integer";
            case FP16, BF16, FP32, FP64 -> "a number";
            case BYTES -> "a string";
        };
    }

    /**
     * True when a finite {@code d} is beyond {@code type}'s range. FP32 compares with its largest value (what the
     * gateway has always done, so {@code 3.4028235E38}, a shade above it, is refused); FP16 and BF16 refuse what
     * rounds to an infinity.
     */
    private static boolean beyond(Datatype type, double d) {
        return switch (type) {
            case FP16 -> Float.isInfinite(HalfFloats.fp16ToFloat(HalfFloats.floatToFp16((float) d)));
            case BF16 -> Float.isInfinite(HalfFloats.bf16ToFloat(HalfFloats.floatToBf16((float) d)));
            case FP32 -> Math.abs(d) > Float.MAX_VALUE;
            default -> false;
        };
    }

    /** Element {@code i} of fixed-width little-endian data as a double (UINT64 as its unsigned value). */
    static double doubleAt(ByteBuffer b, Datatype type, int i) {
        return switch (type) {
            case BOOL -> b.get(i) != 0 ? 1 : 0;
            case UINT8 -> Byte.toUnsignedInt(b.get(i));
            case UINT16 -> Short.toUnsignedInt(b.getShort(i * 2));
            case UINT32 -> Integer.toUnsignedLong(b.getInt(i * 4));
            case UINT64 -> unsigned(b.getLong(i * 8)).doubleValue();
            case INT8 -> b.get(i);
            case INT16 -> b.getShort(i * 2);
            case INT32 -> b.getInt(i * 4);
            case INT64 -> b.getLong(i * 8);
            case FP16 -> HalfFloats.fp16ToFloat(b.getShort(i * 2));
            case BF16 -> HalfFloats.bf16ToFloat(b.getShort(i * 2));
            case FP32 -> b.getFloat(i * 4);
            case FP64 -> b.getDouble(i * 8);
            case BYTES -> throw new UnsupportedOperationException("BYTES elements are not numbers");
        };
    }

    /**
     * Element {@code i} of fixed-width little-endian data as a JSON value: FP32, FP16 and BF16 as floats (so they
     * print as the shortest float, {@code 0.1} rather than {@code 0.10000000149011612}), integers as the smallest
     * node that holds them, BOOL as true or false.
     */
    static JsonNode nodeAt(ByteBuffer b, Datatype type, int i) {
        return switch (type) {
            case BOOL -> NODES.booleanNode(b.get(i) != 0);
            case UINT8 -> NODES.numberNode(Byte.toUnsignedInt(b.get(i)));
            case UINT16 -> NODES.numberNode(Short.toUnsignedInt(b.getShort(i * 2)));
            case UINT32 -> NODES.numberNode(Integer.toUnsignedLong(b.getInt(i * 4)));
            case UINT64 -> {
                long v = b.getLong(i * 8);
                yield v >= 0 ? NODES.numberNode(v) : NODES.numberNode(unsigned(v));
            }
            case INT8 -> NODES.numberNode((int) b.get(i));
            case INT16 -> NODES.numberNode((int) b.getShort(i * 2));
            case INT32 -> NODES.numberNode(b.getInt(i * 4));
            case INT64 -> NODES.numberNode(b.getLong(i * 8));
            case FP16 -> NODES.numberNode(HalfFloats.fp16ToFloat(b.getShort(i * 2)));
            case BF16 -> NODES.numberNode(HalfFloats.bf16ToFloat(b.getShort(i * 2)));
            case FP32 -> NODES.numberNode(b.getFloat(i * 4));
            case FP64 -> NODES.numberNode(b.getDouble(i * 8));
            case BYTES -> throw new UnsupportedOperationException("BYTES elements have no fixed place");
        };
    }

    /** Writes element {@code i} of fixed-width little-endian integer or BOOL data (floats are written by the caller). */
    static void write(JsonGenerator json, ByteBuffer b, Datatype type, int i) throws IOException {
        switch (type) {
            case BOOL -> json.writeBoolean(b.get(i) != 0);
            case UINT8 -> json.writeNumber(Byte.toUnsignedInt(b.get(i)));
            case UINT16 -> json.writeNumber(Short.toUnsignedInt(b.getShort(i * 2)));
            case UINT32 -> json.writeNumber(Integer.toUnsignedLong(b.getInt(i * 4)));
            case UINT64 -> {
                long v = b.getLong(i * 8);
                if (v >= 0) {
                    json.writeNumber(v);
                } else {
                    json.writeNumber(unsigned(v));
                }
            }
            case INT8 -> json.writeNumber((int) b.get(i));
            case INT16 -> json.writeNumber((int) b.getShort(i * 2));
            case INT32 -> json.writeNumber(b.getInt(i * 4));
            case INT64 -> json.writeNumber(b.getLong(i * 8));
            default -> throw new IllegalArgumentException(type + " is not an integer type");
        }
    }

    static BigInteger unsigned(long v) {
        BigInteger big = BigInteger.valueOf(v);
        return v >= 0 ? big : big.add(TWO_TO_64);
    }
}
