package io.baton.cli.zoo;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The zoo's validation set file (what the profiler measures accuracy and per-class recall on). Format,
 * every number little-endian:
 * <pre>
 *   8 bytes   magic "BATONVS1" (ASCII)
 *   int32     n, the number of examples
 *   int32     r, the rank of one example, then r int32 dimensions (1, 28, 28 for the zoo)
 *   int32     the number of classes
 *   n × Π dims float32   the examples, row-major, one after another (pixels / 255)
 *   n int32   the labels, 0 .. classes − 1
 * </pre>
 */
public record ValidationSet(int[] dims, int classes, float[] examples, int[] labels) {
    public static final String MAGIC = "BATONVS1";

    public ValidationSet {
        int size = Arrays.stream(dims).reduce(1, (a, b) -> a * b);
        if (examples.length != labels.length * size) throw new IllegalArgumentException("examples do not fit " + labels.length + " × " + Arrays.toString(dims));
    }

    public int size() {
        return labels.length;
    }

    public void write(Path file) throws IOException {
        try (OutputStream os = new BufferedOutputStream(Files.newOutputStream(file))) {
            ByteBuffer head = ByteBuffer.allocate(8 + 4 * (3 + dims.length)).order(ByteOrder.LITTLE_ENDIAN);
            head.put(MAGIC.getBytes(java.nio.charset.StandardCharsets.US_ASCII)).putInt(size()).putInt(dims.length);
            for (int d : dims) head.putInt(d);
            head.putInt(classes);
            os.write(head.array());
            ByteBuffer body = ByteBuffer.allocate(4 * (examples.length + labels.length)).order(ByteOrder.LITTLE_ENDIAN);
            body.asFloatBuffer().put(examples);
            body.position(4 * examples.length);
            body.slice().order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().put(labels);
            os.write(body.array());
        }
    }

    public static ValidationSet read(Path file) throws IOException {
        try (InputStream is = new BufferedInputStream(Files.newInputStream(file))) {
            DataInputStream in = new DataInputStream(is);
            byte[] magic = new byte[8];
            in.readFully(magic);
            if (!MAGIC.equals(new String(magic, java.nio.charset.StandardCharsets.US_ASCII))) throw new IOException(file + ": not a Baton validation set (magic)");
            int n = Integer.reverseBytes(in.readInt()), r = Integer.reverseBytes(in.readInt());
            if (n < 0 || r < 1 || r > 8) throw new IOException(file + ": bad header (n " + n + ", rank " + r + ")");
            int[] dims = new int[r];
            long size = 1;
            for (int i = 0; i < r; i++) size *= dims[i] = Integer.reverseBytes(in.readInt());
            int classes = Integer.reverseBytes(in.readInt());
            byte[] body = in.readNBytes((int) (4 * (n * size + n)));
            if (body.length != 4 * (n * size + n)) throw new IOException(file + ": truncated");
            ByteBuffer b = ByteBuffer.wrap(body).order(ByteOrder.LITTLE_ENDIAN);
            float[] x = new float[(int) (n * size)];
            b.asFloatBuffer().get(x);
            b.position(4 * x.length);
            int[] y = new int[n];
            b.slice().order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(y);
            return new ValidationSet(dims, classes, x, y);
        }
    }
}
