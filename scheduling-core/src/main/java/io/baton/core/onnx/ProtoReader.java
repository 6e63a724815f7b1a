package io.baton.core.onnx;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Reads one protobuf message from a window of a buffer, field by field, trusting nothing: every length is checked
 * against what is left of the window before it is used, varints are at most ten bytes, groups and unknown wire types
 * are refused, and nothing is allocated in proportion to a length the bytes claim (sub-messages are windows on the
 * same buffer; strings are copied only up to a cap). Errors are {@link MalformedModelException}s naming the byte.
 * Nesting is the caller's to bound: a reader never recurses.
 */
final class ProtoReader {
    static final int VARINT = 0, FIXED64 = 1, LENGTH_DELIMITED = 2, FIXED32 = 5;

    private final ByteBuffer buffer;
    private final int start;
    private final int end;
    private int pos;
    private int fieldStart;
    private int field;
    private int wireType;

    private ProtoReader(ByteBuffer buffer, int start, int end) {
        this.buffer = buffer;
        this.start = start;
        this.pos = start;
        this.end = end;
    }

    /** The whole buffer (from 0 to its limit) as one message. */
    static ProtoReader of(ByteBuffer buffer) {
        return new ProtoReader(buffer, 0, buffer.limit());
    }

    /** A fresh reader of the same message, from its first field. */
    ProtoReader restart() {
        return new ProtoReader(buffer, start, end);
    }

    /** Advances to the next field; false at the end of the message. */
    boolean next() {
        if (pos >= end) return false;
        int at = pos;
        fieldStart = pos;
        long key = varint();
        long number = key >>> 3;
        wireType = (int) (key & 7);
        if (number == 0 || number > 536_870_911L) throw malformed("field number " + number + " at byte " + at);
        if (wireType != VARINT && wireType != FIXED64 && wireType != LENGTH_DELIMITED && wireType != FIXED32) {
            throw malformed("wire type " + wireType + " (field " + number + ") at byte " + at);
        }
        field = (int) number;
        return true;
    }

    /** Advances to the next length-delimited field (a message, string or bytes), skipping the others; false at the end. */
    boolean nextLengthDelimited() {
        while (next()) {
            if (wireType == LENGTH_DELIMITED) return true;
            skip();
        }
        return false;
    }

    int field() {
        return field;
    }

    int wireType() {
        return wireType;
    }

    /** The current field whole, tag included, as the buffer holds it (to copy it unchanged); once it is skipped. */
    byte[] rawField() {
        byte[] bytes = new byte[pos - fieldStart];
        buffer.get(fieldStart, bytes, 0, bytes.length);
        return bytes;
    }

    /** Where the current field's value starts (for messages). */
    int position() {
        return pos;
    }

    long varint() {
        long value = 0;
        for (int shift = 0; shift < 70; shift += 7) {
            if (pos >= end) throw malformed("truncated varint at byte " + pos);
            byte b = buffer.get(pos++);
            if (shift == 63 && (b & 0x7e) != 0) throw malformed("varint longer than 64 bits at byte " + (pos - 1));
            value |= (long) (b & 0x7f) << shift;
            if (b >= 0) return value;
        }
        throw malformed("varint longer than ten bytes at byte " + pos);
    }

    /** The current length-delimited field as a reader of its own. */
    ProtoReader message() {
        int length = length();
        ProtoReader sub = new ProtoReader(buffer, pos, pos + length);
        pos += length;
        return sub;
    }

    /**
     * The current length-delimited field as UTF-8 text, at most {@code maxBytes} of it (invalid UTF-8 becomes U+FFFD);
     * a longer value is cut there and marked with its length.
     */
    String string(int maxBytes) {
        int length = length();
        int take = Math.min(length, maxBytes);
        byte[] bytes = new byte[take];
        buffer.get(pos, bytes, 0, take);
        pos += length;
        String text = new String(bytes, StandardCharsets.UTF_8);
        return take == length ? text : text + "…(" + length + " bytes)";
    }

    /** Skips the current field's value, whatever its wire type. */
    void skip() {
        switch (wireType) {
            case VARINT -> varint();
            case FIXED64 -> advance(8);
            case FIXED32 -> advance(4);
            case LENGTH_DELIMITED -> advance(length());
            default -> throw new IllegalStateException("wire type checked in next()");
        }
    }

    private int length() {
        if (wireType != LENGTH_DELIMITED) throw malformed("field " + field + " is not length-delimited (wire type " + wireType + ")");
        int at = pos;
        long length = varint();
        if (length < 0 || length > end - pos) {
            throw malformed("field " + field + " at byte " + at + " claims " + Long.toUnsignedString(length)
                    + " bytes, " + (end - pos) + " are left");
        }
        return (int) length;
    }

    private void advance(int n) {
        if (n > end - pos) throw malformed("field " + field + " at byte " + pos + " needs " + n + " bytes, " + (end - pos) + " are left");
        pos += n;
    }

    private static MalformedModelException malformed(String what) {
        return new MalformedModelException("not a well-formed ONNX model: " + what);
    }
}
