package io.baton.cli.bench.live;

import io.baton.core.plan.InputException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Values given on the command line for inputs whose meaning random values would miss ({@code --input-values
 * sr=16000,flag=true}): parsed, and one element's binary form made, per the input's datatype. A value the datatype
 * cannot hold is an {@link InputException} naming the input.
 */
public final class FixedValues {
    private FixedValues() {}

    /** {@code NAME=VALUE[,NAME=VALUE…]} as a map, in order; null or blank: none. */
    public static Map<String, String> parse(String option) {
        Map<String, String> values = new LinkedHashMap<>();
        if (option == null || option.isBlank()) return values;
        for (String pair : option.split(",", -1)) {
            int eq = pair.indexOf('=');
            if (eq < 1) throw new InputException("--input-values must be NAME=VALUE pairs separated by commas, got '" + pair + "'");
            if (values.put(pair.substring(0, eq).strip(), pair.substring(eq + 1)) != null) {
                throw new InputException("--input-values names " + pair.substring(0, eq).strip() + " twice");
            }
        }
        return values;
    }

    /** One element of {@code input} holding {@code value}, in the OIP binary form. */
    static byte[] element(DeclaredInput input, String value) {
        String type = input.datatype(), v = value.strip();
        try {
            return switch (type) {
                case "BYTES" -> {
                    byte[] s = value.getBytes(StandardCharsets.UTF_8);
                    yield ByteBuffer.allocate(4 + s.length).order(ByteOrder.LITTLE_ENDIAN).putInt(s.length).put(s).array();
                }
                case "BOOL" -> new byte[] {(byte) (bool(v) ? 1 : 0)};
                case "UINT8" -> new byte[] {(byte) integer(v, 0, 255)};
                case "INT8" -> new byte[] {(byte) integer(v, Byte.MIN_VALUE, Byte.MAX_VALUE)};
                case "UINT16" -> le(2).putShort((short) integer(v, 0, 65_535)).array();
                case "INT16" -> le(2).putShort((short) integer(v, Short.MIN_VALUE, Short.MAX_VALUE)).array();
                case "UINT32" -> le(4).putInt((int) integer(v, 0, 0xffff_ffffL)).array();
                case "INT32" -> le(4).putInt((int) integer(v, Integer.MIN_VALUE, Integer.MAX_VALUE)).array();
                case "UINT64" -> le(8).putLong(Long.parseUnsignedLong(v)).array();
                case "INT64" -> le(8).putLong(Long.parseLong(v)).array();
                case "FP16" -> le(2).putShort(half(Float.parseFloat(v))).array();
                case "BF16" -> le(2).putShort((short) (Float.floatToIntBits(Float.parseFloat(v)) >>> 16)).array();
                case "FP32" -> le(4).putFloat(Float.parseFloat(v)).array();
                case "FP64" -> le(8).putDouble(Double.parseDouble(v)).array();
                default -> throw new InputException("--input-values: input " + input.name() + " is " + type + ", which takes no value");
            };
        } catch (NumberFormatException e) {
            throw new InputException("--input-values: " + input.name() + " is " + type + ", and '" + value + "' is not one");
        }
    }

    private static ByteBuffer le(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static boolean bool(String v) {
        return switch (v.toLowerCase(java.util.Locale.ROOT)) {
            case "true", "1" -> true;
            case "false", "0" -> false;
            default -> throw new NumberFormatException(v);
        };
    }

    private static long integer(String v, long min, long max) {
        long n = Long.parseLong(v);
        if (n < min || n > max) throw new NumberFormatException(v);
        return n;
    }

    /** IEEE half nearest below-or-at {@code f} in magnitude (truncated mantissa); too large: infinity; too small: zero. */
    static short half(float f) {
        int bits = Float.floatToIntBits(f);
        int sign = (bits >>> 16) & 0x8000;
        int exponent = ((bits >>> 23) & 0xff) - 127 + 15;
        int mantissa = bits & 0x7f_ffff;
        if (Float.isNaN(f)) return (short) 0x7e00;
        if (exponent >= 0x1f) return (short) (sign | 0x7c00);
        if (exponent <= 0) {
            if (exponent < -10) return (short) sign;
            return (short) (sign | ((mantissa | 0x80_0000) >> (14 - exponent)));
        }
        return (short) (sign | exponent << 10 | mantissa >> 13);
    }
}
