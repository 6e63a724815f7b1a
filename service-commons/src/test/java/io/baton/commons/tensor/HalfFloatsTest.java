package io.baton.commons.tensor;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HalfFloatsTest {

    @Test
    void fp16SpecialValuesSurviveTheRoundTrip() {
        float[] values = {0f, -0f, 1f, -2.5f, 65504f, -65504f, 0x1p-14f, 0x1p-24f, 0x1.ff8p-15f,
                Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY};
        for (float v : values) {
            assertThat(HalfFloats.fp16ToFloat(HalfFloats.floatToFp16(v))).as("%s", v).isEqualTo(v);
        }
        assertThat(Float.floatToRawIntBits(HalfFloats.fp16ToFloat(HalfFloats.floatToFp16(-0f)))).isEqualTo(0x80000000);
        assertThat(HalfFloats.fp16ToFloat(HalfFloats.floatToFp16(Float.NaN))).isNaN();
    }

    @Test
    void fp16BitsAreIeeeBinary16() {
        assertThat(HalfFloats.floatToFp16(1f)).isEqualTo((short) 0x3C00);
        assertThat(HalfFloats.floatToFp16(-2f)).isEqualTo((short) 0xC000);
        assertThat(HalfFloats.floatToFp16(65504f)).isEqualTo((short) 0x7BFF);
        assertThat(HalfFloats.floatToFp16(0x1p-24f)).isEqualTo((short) 0x0001);
        assertThat(HalfFloats.floatToFp16(Float.POSITIVE_INFINITY)).isEqualTo((short) 0x7C00);
        assertThat(HalfFloats.floatToFp16(1e6f)).as("overflow").isEqualTo((short) 0x7C00);
        assertThat(HalfFloats.floatToFp16(0x1p-26f)).as("underflow").isEqualTo((short) 0);
        // 1 + 2^-11 lies halfway between 1 and the next FP16 (1 + 2^-10): ties go to the even one, 1.
        assertThat(HalfFloats.floatToFp16(1f + 0x1p-11f)).isEqualTo((short) 0x3C00);
        assertThat(HalfFloats.floatToFp16(1f + 0x1p-11f + 0x1p-20f)).isEqualTo((short) 0x3C01);
    }

    @Test
    void everyFp16BitPatternButNaNConvertsBackToItself() {
        for (int bits = 0; bits <= 0xFFFF; bits++) {
            float f = HalfFloats.fp16ToFloat((short) bits);
            if (Float.isNaN(f)) {
                assertThat(HalfFloats.fp16ToFloat(HalfFloats.floatToFp16(f))).isNaN();
            } else {
                assertThat(HalfFloats.floatToFp16(f) & 0xFFFF).as("0x%04x", bits).isEqualTo(bits);
            }
        }
    }

    @Test
    void bf16IsTheUpperHalfOfAFloatRoundedToNearestEven() {
        assertThat(HalfFloats.floatToBf16(1f)).isEqualTo((short) 0x3F80);
        assertThat(HalfFloats.bf16ToFloat((short) 0x3F80)).isEqualTo(1f);
        assertThat(HalfFloats.bf16ToFloat(HalfFloats.floatToBf16(HalfFloats.BF16_MAX))).isEqualTo(HalfFloats.BF16_MAX);
        assertThat(HalfFloats.bf16ToFloat(HalfFloats.floatToBf16(Float.MAX_VALUE))).isInfinite();
        assertThat(HalfFloats.bf16ToFloat(HalfFloats.floatToBf16(Float.NEGATIVE_INFINITY))).isEqualTo(Float.NEGATIVE_INFINITY);
        assertThat(HalfFloats.bf16ToFloat(HalfFloats.floatToBf16(Float.NaN))).isNaN();
        assertThat(HalfFloats.bf16ToFloat(HalfFloats.floatToBf16(Float.intBitsToFloat(0x7F800001)))).as("a signalling NaN").isNaN();
        assertThat(HalfFloats.floatToBf16(Float.intBitsToFloat(0x3F808000))).as("tie to even").isEqualTo((short) 0x3F80);
        assertThat(HalfFloats.floatToBf16(Float.intBitsToFloat(0x3F818000))).as("tie to even").isEqualTo((short) 0x3F82);
        assertThat(HalfFloats.floatToBf16(-0f)).isEqualTo((short) 0x8000);
        for (int bits = 0; bits <= 0xFFFF; bits++) {
            float f = HalfFloats.bf16ToFloat((short) bits);
            if (!Float.isNaN(f)) {
                assertThat(HalfFloats.floatToBf16(f) & 0xFFFF).as("0x%04x", bits).isEqualTo(bits);
            }
        }
    }
}
