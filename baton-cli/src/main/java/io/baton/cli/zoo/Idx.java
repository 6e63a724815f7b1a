package io.baton.cli.zoo;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * The IDX format of (Fashion-)MNIST, gzipped: a big-endian header (two zero bytes, the element type
 * 0x08 = unsigned byte, the number of dimensions d), d big-endian int32 sizes, then the bytes row-major.
 */
public final class Idx {
    private Idx() {}

    /** An unsigned-byte IDX array: its dimensions and its data (values 0..255). */
    public record Array(int[] dims, byte[] data) {
        public int count() {
            return dims[0];
        }

        /** Elements per item: the product of the dimensions after the first. */
        public int itemSize() {
            int s = 1;
            for (int i = 1; i < dims.length; i++) s *= dims[i];
            return s;
        }
    }

    public static Array read(Path gz) throws IOException {
        try (InputStream in = new GZIPInputStream(new BufferedInputStream(Files.newInputStream(gz)))) {
            return read(in, gz.toString());
        }
    }

    static Array read(InputStream raw, String what) throws IOException {
        DataInputStream in = new DataInputStream(raw);
        int magic = in.readInt();
        if ((magic >>> 16) != 0 || ((magic >>> 8) & 0xFF) != 0x08) {
            throw new IOException(what + ": not an unsigned-byte IDX file (magic 0x" + Integer.toHexString(magic) + ")");
        }
        int d = magic & 0xFF;
        if (d < 1 || d > 4) throw new IOException(what + ": " + d + " dimensions, expected 1 to 4");
        int[] dims = new int[d];
        long n = 1;
        for (int i = 0; i < d; i++) {
            dims[i] = in.readInt();
            if (dims[i] < 0) throw new IOException(what + ": negative dimension " + dims[i]);
            n *= dims[i];
        }
        if (n > Integer.MAX_VALUE - 8) throw new IOException(what + ": too large (" + n + " elements)");
        byte[] data = new byte[(int) n];
        try {
            in.readFully(data);
        } catch (EOFException e) {
            throw new IOException(what + ": truncated, expected " + n + " data bytes");
        }
        return new Array(dims, data);
    }
}
