package io.baton.cli.models;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPOutputStream;

/** Writes small gzip-compressed tar archives for the tests: ustar entries, pax and GNU long names, damage on request. */
final class TarWriter {
    private final ByteArrayOutputStream tar = new ByteArrayOutputStream();

    TarWriter file(String name, byte[] data) {
        return entry(name, '0', data, false);
    }

    TarWriter directory(String name) {
        return entry(name, '5', new byte[0], false);
    }

    /** A pax header carrying {@code path}, then the file under a short placeholder name. */
    TarWriter paxFile(String path, byte[] data) {
        String record = " path=" + path + "\n";
        int len = record.length() + 1;
        while (Integer.toString(len).length() + record.length() != len) len++;
        entry("PaxHeaders/x", 'x', (len + record).getBytes(StandardCharsets.UTF_8), false);
        return file("placeholder", data);
    }

    /** A GNU long-name entry, then the file under a truncated name. */
    TarWriter gnuLongFile(String path, byte[] data) {
        entry("././@LongLink", 'L', (path + "\0").getBytes(StandardCharsets.UTF_8), false);
        return file(path.substring(0, Math.min(99, path.length())), data);
    }

    /** A file whose header checksum is wrong. */
    TarWriter damagedFile(String name, byte[] data) {
        return entry(name, '0', data, true);
    }

    private TarWriter entry(String name, char type, byte[] data, boolean damage) {
        byte[] h = new byte[512];
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(n, 0, h, 0, Math.min(100, n.length));
        put(h, 100, String.format("%07o", 0644));
        put(h, 108, String.format("%07o", 0));
        put(h, 116, String.format("%07o", 0));
        put(h, 124, String.format("%011o", data.length));
        put(h, 136, String.format("%011o", 0));
        h[156] = (byte) type;
        put(h, 257, "ustar");
        put(h, 263, "00");
        for (int i = 148; i < 156; i++) h[i] = ' ';
        long sum = 0;
        for (byte b : h) sum += b & 0xff;
        put(h, 148, String.format("%06o", sum + (damage ? 1 : 0)));
        h[154] = 0;
        tar.writeBytes(h);
        tar.writeBytes(data);
        tar.writeBytes(new byte[(512 - data.length % 512) % 512]);
        return this;
    }

    private static void put(byte[] h, int offset, String s) {
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(b, 0, h, offset, b.length);
    }

    /** The archive, ended by two zero blocks, gzip-compressed. */
    byte[] gzipped() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(tar.toByteArray());
            gz.write(new byte[1024]);
        }
        return out.toByteArray();
    }
}
