package io.baton.commons.tensor;

/**
 * The two 16-bit floating-point formats OIP names, to and from {@code float}: IEEE 754 binary16 ({@code FP16}) and
 * bfloat16 ({@code BF16}, the upper half of a binary32). Java 17 has neither conversion (binary16 arrived in Java
 * 20). Both round to nearest, ties to even; NaN stays NaN and a value beyond the largest finite one becomes an
 * infinity, as a cast would.
 */
public final class HalfFloats {

    /** The largest finite FP16 value, 65504. */
    public static final float FP16_MAX = 65504f;
    /** The largest finite BF16 value, about 3.39e38. */
    public static final float BF16_MAX = Float.intBitsToFloat(0x7F7F0000);

    private HalfFloats() {
    }

    public static float fp16ToFloat(short half) {
        int h = half & 0xFFFF;
        int sign = (h & 0x8000) << 16;
        int exponent = (h >>> 10) & 0x1F;
        int mantissa = h & 0x3FF;
        if (exponent == 0x1F) {
            return Float.intBitsToFloat(sign | 0x7F800000 | (mantissa << 13));
        }
        if (exponent == 0) {
            // Subnormal (or zero): mantissa * 2^-24, exact in a float.
            float magnitude = mantissa * 0x1p-24f;
            return sign == 0 ? magnitude : -magnitude;
        }
        return Float.intBitsToFloat(sign | ((exponent + 112) << 23) | (mantissa << 13));
    }

    public static short floatToFp16(float value) {
        int bits = Float.floatToRawIntBits(value);
        int sign = (bits >>> 16) & 0x8000;
        int exponent = (bits >>> 23) & 0xFF;
        int mantissa = bits & 0x7FFFFF;
        if (exponent == 0xFF) {
            // Infinity keeps a zero mantissa; NaN keeps a quiet bit so that it stays NaN.
            return (short) (sign | 0x7C00 | (mantissa == 0 ? 0 : 0x200 | (mantissa >>> 13)));
        }
        int e = exponent - 127 + 15;
        if (e >= 0x1F) {
            return (short) (sign | 0x7C00);
        }
        if (e <= 0) {
            if (e < -10) {
                return (short) sign;
            }
            // Subnormal: shift the full significand (with its implicit 1) into place, rounding to nearest even.
            int significand = mantissa | 0x800000;
            int shift = 14 - e;
            int rounded = roundShift(significand, shift);
            return (short) (sign | rounded);
        }
        int rounded = roundShift((e << 23) | mantissa, 13);
        // A carry out of the mantissa moves to the exponent; past the largest exponent it is infinity, as wanted.
        return (short) (sign | rounded);
    }

    public static float bf16ToFloat(short bf16) {
        return Float.intBitsToFloat((bf16 & 0xFFFF) << 16);
    }

    public static short floatToBf16(float value) {
        int bits = Float.floatToRawIntBits(value);
        if (Float.isNaN(value)) {
            return (short) ((bits >>> 16) | 0x0040);
        }
        return (short) (roundShift(bits & 0x7FFFFFFF, 16) | ((bits >>> 16) & 0x8000));
    }

    /** {@code value >>> shift}, rounded to nearest, ties to even. */
    private static int roundShift(int value, int shift) {
        int kept = value >>> shift;
        int rest = value & ((1 << shift) - 1);
        int half = 1 << (shift - 1);
        if (rest > half || rest == half && (kept & 1) == 1) {
            kept++;
        }
        return kept;
    }
}
