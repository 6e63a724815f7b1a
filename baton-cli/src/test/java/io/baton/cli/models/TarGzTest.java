package io.baton.cli.models;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TarGzTest {
    static final byte[] MODEL = bytes(1500, 7), OTHER = bytes(600, 3);

    static byte[] bytes(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) b[i] = (byte) (i * 31 + seed);
        return b;
    }

    static Map<String, byte[]> read(byte[] archive, Set<String> wanted, long max) throws IOException {
        return TarGz.read(new ByteArrayInputStream(archive), wanted, max);
    }

    @Test
    void readsOnlyTheNamedFilesAndSkipsTheRest() throws IOException {
        byte[] archive = new TarWriter().directory("package/").file("package/README.md", OTHER).file("package/assets/m.onnx", MODEL)
                .file("package/assets/other.onnx", OTHER).gzipped();
        Map<String, byte[]> found = read(archive, Set.of("package/assets/m.onnx", "package/missing.onnx"), 1 << 20);
        assertThat(found).containsOnlyKeys("package/assets/m.onnx");
        assertThat(found.get("package/assets/m.onnx")).isEqualTo(MODEL);
    }

    @Test
    void readsPaxAndGnuLongNames() throws IOException {
        String longPath = "package/" + "d".repeat(120) + "/model.onnx";
        String gnuPath = "package/" + "g".repeat(110) + "/other.onnx";
        byte[] archive = new TarWriter().paxFile(longPath, MODEL).gnuLongFile(gnuPath, OTHER).file("placeholder-not-this", OTHER).gzipped();
        Map<String, byte[]> found = read(archive, Set.of(longPath, gnuPath), 1 << 20);
        assertThat(found.get(longPath)).isEqualTo(MODEL);
        assertThat(found.get(gnuPath)).isEqualTo(OTHER);
    }

    @Test
    void anEntryNamedToClimbOutIsNeverReturnedUnlessAskedForByThatExactName() throws IOException {
        byte[] archive = new TarWriter().file("../../etc/evil", OTHER).file("package/m.onnx", MODEL).gzipped();
        assertThat(read(archive, Set.of("package/m.onnx"), 1 << 20)).containsOnlyKeys("package/m.onnx");
    }

    @Test
    void refusesAWantedEntryLargerThanAllowed() throws IOException {
        byte[] archive = new TarWriter().file("package/m.onnx", MODEL).gzipped();
        assertThatThrownBy(() -> read(archive, Set.of("package/m.onnx"), 1000)).isInstanceOf(IOException.class)
                .hasMessageContaining("package/m.onnx is 1500 bytes, more than the 1000 allowed");
        assertThat(read(archive, Set.of("package/other"), 1000)).isEmpty(); // a large entry not wanted is skipped
    }

    @Test
    void refusesADamagedHeaderAnArchiveCutShortAndWhatIsNotGzip() throws IOException {
        byte[] damaged = new TarWriter().damagedFile("package/m.onnx", MODEL).gzipped();
        assertThatThrownBy(() -> read(damaged, Set.of("package/m.onnx"), 1 << 20)).hasMessageContaining("checksum is wrong");

        byte[] whole = new TarWriter().file("package/m.onnx", MODEL).gzipped();
        byte[] raw = new java.util.zip.GZIPInputStream(new ByteArrayInputStream(whole)).readAllBytes();
        java.io.ByteArrayOutputStream cut = new java.io.ByteArrayOutputStream();
        try (var gz = new java.util.zip.GZIPOutputStream(cut)) {
            gz.write(Arrays.copyOf(raw, 512 + 700));
        }
        assertThatThrownBy(() -> read(cut.toByteArray(), Set.of("package/m.onnx"), 1 << 20)).hasMessageContaining("ends inside an entry");

        assertThatThrownBy(() -> read("not gzip".getBytes(StandardCharsets.UTF_8), Set.of("x"), 10)).isInstanceOf(IOException.class);
    }
}
