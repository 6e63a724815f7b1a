package io.baton.cli.zoo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** IDX parsing on tiny hand-made files, and their conversion to Fashion-MNIST splits. */
class IdxTest {
    @TempDir
    Path dir;

    static byte[] idx(int[] dims, byte[] data) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(0);
        b.write(0);
        b.write(0x08);
        b.write(dims.length);
        for (int d : dims) {
            b.write(d >>> 24);
            b.write(d >>> 16);
            b.write(d >>> 8);
            b.write(d);
        }
        b.writeBytes(data);
        return b.toByteArray();
    }

    Path gz(String name, byte[] bytes) throws IOException {
        Path p = dir.resolve(name);
        try (OutputStream os = new GZIPOutputStream(Files.newOutputStream(p))) {
            os.write(bytes);
        }
        return p;
    }

    @Test
    void readsDimensionsAndUnsignedBytes() throws IOException {
        Idx.Array a = Idx.read(gz("a.gz", idx(new int[] {2, 2, 3}, new byte[] {0, 1, 2, 3, 4, 5, (byte) 255, 7, 8, 9, 10, 11})));
        assertThat(a.dims()).containsExactly(2, 2, 3);
        assertThat(a.count()).isEqualTo(2);
        assertThat(a.itemSize()).isEqualTo(6);
        assertThat(a.data()[6] & 0xFF).isEqualTo(255);
    }

    @Test
    void rejectsWrongMagicAndTruncatedData() throws IOException {
        byte[] bad = idx(new int[] {3}, new byte[] {1, 2, 3});
        bad[2] = 0x0D; // float elements: not what (Fashion-)MNIST uses
        assertThatThrownBy(() -> Idx.read(gz("bad.gz", bad))).isInstanceOf(IOException.class).hasMessageContaining("magic");
        assertThatThrownBy(() -> Idx.read(gz("short.gz", idx(new int[] {4}, new byte[] {1, 2}))))
                .isInstanceOf(IOException.class).hasMessageContaining("truncated");
    }

    @Test
    void aHandMadeDatasetLoadsScaledToUnitInterval() throws IOException {
        byte[] pixels = new byte[2 * 28 * 28];
        pixels[0] = (byte) 255;
        pixels[28 * 28 + 5] = (byte) 51;
        for (String split : new String[] {"train", "t10k"}) {
            gz(split + "-images-idx3-ubyte.gz", idx(new int[] {2, 28, 28}, pixels));
            gz(split + "-labels-idx1-ubyte.gz", idx(new int[] {2}, new byte[] {9, 3}));
        }
        assertThat(FashionMnist.missingFile(dir)).isNull();
        FashionMnist.Data d = FashionMnist.load(dir);
        assertThat(d.test().labels()).containsExactly(9, 3);
        assertThat(d.train().images()[0]).isEqualTo(1f);
        assertThat(d.train().images()[28 * 28 + 5]).isEqualTo(0.2f);
        assertThat(d.train().head(1).size()).isEqualTo(1);
    }

    @Test
    void labelsOutOfRangeOrCountsThatDisagreeAreRejected() throws IOException {
        gz("train-images-idx3-ubyte.gz", idx(new int[] {1, 28, 28}, new byte[28 * 28]));
        gz("train-labels-idx1-ubyte.gz", idx(new int[] {1}, new byte[] {10}));
        assertThatThrownBy(() -> FashionMnist.split(dir, "train")).hasMessageContaining("label 10");
        gz("train-labels-idx1-ubyte.gz", idx(new int[] {2}, new byte[] {1, 2}));
        assertThatThrownBy(() -> FashionMnist.split(dir, "train")).hasMessageContaining("expected 1 labels");
        assertThat(FashionMnist.missingFile(dir)).isEqualTo(dir.resolve("t10k-images-idx3-ubyte.gz"));
    }

    @Test
    void validationSetRoundTrips() throws IOException {
        ValidationSet v = new ValidationSet(new int[] {1, 2, 2}, 10, new float[] {0, 0.5f, 1, 0.25f, 1, 1, 0, 0}, new int[] {3, 7});
        Path f = dir.resolve("v.bin");
        v.write(f);
        assertThat(Files.size(f)).isEqualTo(8 + 4 * 6 + 4 * 8 + 4 * 2);
        ValidationSet r = ValidationSet.read(f);
        assertThat(r.dims()).containsExactly(1, 2, 2);
        assertThat(r.classes()).isEqualTo(10);
        assertThat(r.examples()).containsExactly(v.examples());
        assertThat(r.labels()).containsExactly(3, 7);
    }
}
