package io.baton.core.onnx;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The protocol-buffers wire format, just enough to write ONNX messages: varints (wire type 0),
 * length-delimited bytes, strings and sub-messages (type 2) and 32-bit floats (type 5). Field
 * numbers are the caller's; see the constants in {@link OnnxModel}. Repeated scalars are written
 * unpacked, as proto2 (onnx.proto's syntax) does; every protobuf parser accepts that form.
 */
final class ProtoWriter {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    private void tag(int field, int wireType) {
        varint(((long) field << 3) | wireType);
    }

    private void varint(long v) {
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
    }

    /** An int32/int64/enum field (negative numbers take ten bytes, as protobuf specifies). */
    ProtoWriter int64(int field, long v) {
        tag(field, 0);
        varint(v);
        return this;
    }

    ProtoWriter float32(int field, float v) {
        tag(field, 5);
        int bits = Float.floatToRawIntBits(v);
        for (int i = 0; i < 4; i++) out.write(bits >>> (8 * i));
        return this;
    }

    ProtoWriter bytes(int field, byte[] b) {
        tag(field, 2);
        varint(b.length);
        out.write(b, 0, b.length);
        return this;
    }

    ProtoWriter string(int field, String s) {
        return bytes(field, s.getBytes(StandardCharsets.UTF_8));
    }

    ProtoWriter message(int field, ProtoWriter m) {
        return bytes(field, m.toBytes());
    }

    /** Bytes as they are (a field copied whole, tag included: {@link ProtoReader#rawField}). */
    ProtoWriter raw(byte[] bytes) {
        out.write(bytes, 0, bytes.length);
        return this;
    }

    byte[] toBytes() {
        return out.toByteArray();
    }
}
