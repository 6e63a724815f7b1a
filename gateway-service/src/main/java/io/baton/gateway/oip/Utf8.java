package io.baton.gateway.oip;

/**
 * Strict UTF-8, as RFC 8259 requires of JSON between systems. Jackson's parser decodes what it is given without
 * checking each sequence: an overlong form ({@code C0 AF} for '/'), an encoded surrogate ({@code ED A0 80}) or a
 * sequence cut short inside a string would reach the model's id or a tensor name as some other text.
 */
final class Utf8 {

    private Utf8() {
    }

    /** The offset of the first byte in {@code bytes[0, length)} that does not begin a well-formed sequence, or -1. */
    static int firstInvalid(byte[] bytes, int length) {
        int i = 0;
        while (i < length) {
            int b = bytes[i] & 0xff;
            if (b < 0x80) {
                i++;
                continue;
            }
            int more;
            if (b >= 0xC2 && b <= 0xDF) {
                more = 1;
            } else if (b >= 0xE0 && b <= 0xEF) {
                more = 2;
            } else if (b >= 0xF0 && b <= 0xF4) {
                more = 3;
            } else {
                return i; // a continuation byte first, an overlong 2-byte lead (C0, C1), or past U+10FFFF (F5..FF)
            }
            if (i + more >= length) {
                return i;
            }
            int second = bytes[i + 1] & 0xff;
            if (b == 0xE0 && second < 0xA0 || b == 0xED && second > 0x9F || b == 0xF0 && second < 0x90
                    || b == 0xF4 && second > 0x8F) {
                return i; // overlong, a surrogate, or past U+10FFFF
            }
            for (int k = 1; k <= more; k++) {
                if ((bytes[i + k] & 0xC0) != 0x80) {
                    return i;
                }
            }
            i += more + 1;
        }
        return -1;
    }

    /** Where {@code offset} is, as the JSON parser's messages say it: {@code line L, column C} (both from 1, in bytes). */
    static String position(byte[] bytes, int offset) {
        int line = 1, lineStart = 0;
        for (int i = 0; i < offset; i++) {
            if (bytes[i] == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return "line " + line + ", column " + (offset - lineStart + 1);
    }
}
