package io.baton.cli.models;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPInputStream;

/**
 * Reads the named regular files out of a gzip-compressed tar archive (what npm packs): ustar headers, with the long
 * names of POSIX pax ({@code path=}) and GNU ({@code ././@LongLink}) headers. Nothing is written anywhere: the caller
 * gets the bytes and decides where they go, so no name in the archive can point outside a directory. An entry wanted
 * but larger than {@code maxEntryBytes}, a header whose checksum is wrong or an archive cut short is refused.
 */
public final class TarGz {
    private static final int BLOCK = 512;
    /** Pax headers and GNU long names are small; a larger one is not a tarball npm wrote. */
    private static final long MAX_META_BYTES = 1 << 20;

    private TarGz() {}

    /** The wanted entries found, by name; a name not in the archive is simply absent. */
    public static Map<String, byte[]> read(InputStream gzipped, Set<String> wanted, long maxEntryBytes) throws IOException {
        if (maxEntryBytes < 0 || maxEntryBytes > Integer.MAX_VALUE - 8) throw new IllegalArgumentException("maxEntryBytes out of range: " + maxEntryBytes);
        Map<String, byte[]> found = new LinkedHashMap<>();
        InputStream in = new GZIPInputStream(gzipped, 1 << 16);
        byte[] header = new byte[BLOCK];
        String longName = null;
        while (found.size() < wanted.size()) {
            if (!readBlock(in, header)) break; // end of stream without the two zero blocks: tolerated, as tar does
            if (isZero(header)) break;
            checkChecksum(header);
            long size = size(header);
            char type = (char) header[156];
            String name = longName != null ? longName : name(header);
            longName = null;
            switch (type) {
                case 'x', 'L' -> {
                    if (size > MAX_META_BYTES) throw new IOException("a " + (type == 'x' ? "pax" : "long-name") + " header of " + size + " bytes");
                    byte[] meta = readEntry(in, size);
                    longName = type == 'L' ? cString(meta, 0, meta.length) : paxPath(meta);
                }
                case '0', '\0', '7' -> {
                    if (wanted.contains(name) && !found.containsKey(name)) {
                        if (size > maxEntryBytes) {
                            throw new IOException(name + " is " + size + " bytes, more than the " + maxEntryBytes + " allowed");
                        }
                        found.put(name, readEntry(in, size));
                    } else {
                        skipEntry(in, size);
                    }
                }
                default -> skipEntry(in, size); // directories, links, global pax headers: nothing to read
            }
        }
        return found;
    }

    private static boolean readBlock(InputStream in, byte[] block) throws IOException {
        int n = in.readNBytes(block, 0, BLOCK);
        if (n == 0) return false;
        if (n < BLOCK) throw new EOFException("the archive ends inside a header");
        return true;
    }

    private static byte[] readEntry(InputStream in, long size) throws IOException {
        byte[] data = in.readNBytes((int) size);
        if (data.length < size) throw new EOFException("the archive ends inside an entry");
        skipPadding(in, size);
        return data;
    }

    private static void skipEntry(InputStream in, long size) throws IOException {
        long padded = (size + BLOCK - 1) / BLOCK * BLOCK;
        in.skipNBytes(padded);
    }

    private static void skipPadding(InputStream in, long size) throws IOException {
        long pad = (BLOCK - size % BLOCK) % BLOCK;
        in.skipNBytes(pad);
    }

    private static boolean isZero(byte[] block) {
        for (byte b : block) if (b != 0) return false;
        return true;
    }

    /** The header's checksum: the sum of its bytes with the checksum field counted as spaces. */
    private static void checkChecksum(byte[] h) throws IOException {
        long stored = octal(h, 148, 8), sum = 0;
        for (int i = 0; i < BLOCK; i++) sum += (i >= 148 && i < 156) ? ' ' : (h[i] & 0xff);
        if (sum != stored) throw new IOException("a tar header's checksum is wrong (not a tar archive, or damaged)");
    }

    /** ustar name, with its prefix field when there is one. */
    private static String name(byte[] h) {
        String name = cString(h, 0, 100);
        boolean ustar = new String(h, 257, 5, StandardCharsets.US_ASCII).equals("ustar");
        String prefix = ustar ? cString(h, 345, 155) : "";
        return prefix.isEmpty() ? name : prefix + "/" + name;
    }

    /** The size field: octal, or GNU's base-256 when its first byte has the high bit set. */
    private static long size(byte[] h) throws IOException {
        if ((h[124] & 0x80) != 0) {
            long v = 0;
            for (int i = 125; i < 136; i++) v = (v << 8) | (h[i] & 0xff);
            if (v < 0) throw new IOException("a tar entry's size is out of range");
            return v;
        }
        return octal(h, 124, 12);
    }

    private static long octal(byte[] h, int offset, int length) throws IOException {
        long v = 0;
        for (int i = offset; i < offset + length; i++) {
            int c = h[i];
            if (c == 0 || c == ' ') {
                if (v > 0) break;
                continue;
            }
            if (c < '0' || c > '7') throw new IOException("a tar header holds a malformed number");
            v = v * 8 + (c - '0');
            if (v > (1L << 40)) throw new IOException("a tar header's number is out of range");
        }
        return v;
    }

    private static String cString(byte[] b, int offset, int length) {
        int end = offset;
        while (end < offset + length && b[end] != 0) end++;
        return new String(b, offset, end - offset, StandardCharsets.UTF_8);
    }

    /** The {@code path} record of a pax header ("LEN path=VALUE\n" records), or null. */
    private static String paxPath(byte[] meta) throws IOException {
        int i = 0;
        while (i < meta.length) {
            int space = i;
            while (space < meta.length && meta[space] != ' ') space++;
            int len;
            try {
                len = Integer.parseInt(new String(meta, i, space - i, StandardCharsets.US_ASCII));
            } catch (NumberFormatException e) {
                throw new IOException("a pax header is malformed");
            }
            if (len <= space - i || i + len > meta.length) throw new IOException("a pax header is malformed");
            String record = new String(meta, space + 1, i + len - space - 2, StandardCharsets.UTF_8);
            if (record.startsWith("path=")) return record.substring(5);
            i += len;
        }
        return null;
    }
}
