package io.baton.core.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;

/**
 * An archive is unpacked into a private directory only when every location of its model is one of its own data
 * files, within bounds; links, special files, climbing or absolute names, duplicates and bombs are refused, and a
 * refusal leaves nothing behind.
 */
class ModelArchiveTest {

    @TempDir
    Path parent;

    static final float[] WEIGHTS = {1.5f, -2f, 3.25f, 4f};

    /** y = x + w, with w's 16 bytes at offset 8 of weights/w.bin. */
    static byte[] model(ExternalData where) {
        GraphBuilder g = new GraphBuilder("main");
        String x = g.input("x", Dim.BATCH, Dim.of(4));
        g.output(g.add(x, g.externalWeights("w", new long[] {4}, where)), "y", Dim.BATCH, Dim.of(4));
        return g.build().toBytes();
    }

    static byte[] weightsFile() {
        ByteBuffer b = ByteBuffer.allocate(8 + 16).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(0x1234_5678L);
        for (float w : WEIGHTS) b.putFloat(w);
        return b.array();
    }

    static byte[] zip(Map<String, byte[]> entries) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                if (e.getValue() != null) zip.write(e.getValue());
                zip.closeEntry();
            }
        }
        return bytes.toByteArray();
    }

    static Map<String, byte[]> valid() {
        Map<String, byte[]> e = new LinkedHashMap<>();
        e.put("net.onnx", model(ExternalData.at("weights/w.bin", 8, 16)));
        e.put("weights/", null);
        e.put("weights/w.bin", weightsFile());
        return e;
    }

    @Test
    void aValidArchiveRunsInOnnxRuntimeFromItsPrivateDirectory() throws Exception {
        assertThat(ModelArchive.isArchive(zip(valid()))).isTrue();
        assertThat(ModelArchive.isArchive(model(ExternalData.at("w.bin", 0, 16)))).isFalse();
        try (ModelDirectory dir = ModelArchive.extract(zip(valid()), parent, ModelArchive.Limits.DEFAULT)) {
            if (Files.getFileStore(dir.path()).supportsFileAttributeView("posix")) {
                assertThat(Files.getPosixFilePermissions(dir.path())).containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ,
                        PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE);
                assertThat(Files.getPosixFilePermissions(dir.model())).containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ,
                        PosixFilePermission.OWNER_WRITE);
            }
            try (Stream<Path> files = Files.walk(dir.path())) {
                assertThat(files.map(p -> dir.path().relativize(p).toString())).containsExactlyInAnyOrder("", "model.onnx", "weights",
                        "weights/w.bin");
            }
            OrtEnvironment env = OrtEnvironment.getEnvironment();
            try (OrtSession session = env.createSession(dir.model().toString(), new OrtSession.SessionOptions());
                 OnnxTensor x = OnnxTensor.createTensor(env, new float[][] {{1, 1, 1, 1}});
                 OrtSession.Result r = session.run(Map.of("x", x))) {
                assertThat(((float[][]) r.get(0).getValue())[0]).containsExactly(2.5f, -1f, 4.25f, 5f);
            }
            Path where = dir.path();
            dir.close();
            assertThat(where).doesNotExist();
        }
    }

    @Test
    void climbingAbsoluteDuplicateAndOddNamesAreRefused() throws Exception {
        Map<String, String> names = new LinkedHashMap<>();
        names.put("../evil.bin", "climbs out with '..'");
        names.put("weights/../../evil.bin", "climbs out with '..'");
        names.put("/etc/passwd", "is an absolute path");
        names.put("weights//w2.bin", "is not a normalised path");
        names.put("./w2.bin", "is not a normalised path");
        names.put("C:/w2.bin", "is an absolute path");
        names.put("a\\..\\b", "has a name other than");
        names.put("*/_ORT_MEM_ADDR_/*", "has a name other than");
        for (Map.Entry<String, String> n : names.entrySet()) {
            Map<String, byte[]> entries = valid();
            entries.put(n.getKey(), new byte[4]);
            assertRefused(zip(entries), "entry '" + n.getKey() + "' " + n.getValue());
        }
        Map<String, byte[]> twice = valid();
        twice.put("WEIGHTS/w.bin", new byte[4]);
        assertRefused(zip(twice), "entry 'WEIGHTS/w.bin' appears twice");
        Map<String, byte[]> two = valid();
        two.put("other.onnx", model(ExternalData.at("weights/w.bin", 8, 16)));
        assertRefused(zip(two), "it holds two models");
        Map<String, byte[]> none = valid();
        none.remove("net.onnx");
        assertRefused(zip(none), "it holds no .onnx file at its top level");
        Map<String, byte[]> fileAsDirectory = valid();
        fileAsDirectory.put("net.onnx/x.bin", new byte[4]);
        assertRefused(zip(fileAsDirectory), "is inside 'net.onnx', which is a file");
    }

    @Test
    void locationsOutsideTheArchiveOrPastAFileAreRefusedNamingTheTensor() throws Exception {
        Map<ExternalData, String> bad = new LinkedHashMap<>();
        bad.put(ExternalData.at("/etc/passwd", 0, 16), "location '/etc/passwd' is an absolute path");
        bad.put(ExternalData.at("../../../../etc/passwd", 0, 16), "location '../../../../etc/passwd' climbs out with '..'");
        bad.put(ExternalData.at("weights/missing.bin", 0, 16), "location 'weights/missing.bin' is not a data file of the archive");
        bad.put(ExternalData.at("weights", 0, 16), "location 'weights' is not a data file of the archive");
        bad.put(ExternalData.at("model.onnx", 0, 16), "location 'model.onnx' is not a data file of the archive");
        bad.put(ExternalData.at("weights/w.bin", 16, 16), "offset 16 and length 16 lie past the end of 'weights/w.bin' (24 bytes)");
        bad.put(ExternalData.at("weights/w.bin", 25, -1), "offset 25 and length 0 lie past the end");
        bad.put(ExternalData.at("weights/w.bin", 8, 999_999_999_999_999_999L), "offset 8 and length 999999999999999999 lie past the end");
        bad.put(ExternalData.at("weights/w.bin", 8, Long.MAX_VALUE), "length '9223372036854775807' is not a whole number");
        bad.put(ExternalData.locationOnly(), "it has external data but no location");
        bad.put(new ExternalData(java.util.List.of(Map.entry("location", "weights/w.bin"), Map.entry("offset", "-8")), 1),
                "offset '-8' is not a whole number");
        for (Map.Entry<ExternalData, String> b : bad.entrySet()) {
            Map<String, byte[]> entries = valid();
            entries.put("net.onnx", model(b.getKey()));
            assertRefused(zip(entries), "graph 'main' initializer 'w': " + b.getValue());
        }
    }

    /**
     * ONNX Runtime keeps the last {@code location} of a tensor's entries. Red-team finding: a location of the archive
     * followed by sixteen {@code offset} entries and then {@code /etc/passwd} was accepted (the scanner keeps the first
     * sixteen entries), and ONNX Runtime served the host's /etc/passwd as the tensor.
     */
    @Test
    void aLocationPastTheKeptEntriesOrRepeatedIsRefused() throws Exception {
        java.util.List<Map.Entry<String, String>> many = new java.util.ArrayList<>();
        many.add(Map.entry("location", "weights/w.bin"));
        for (int i = 0; i < 16; i++) many.add(Map.entry("offset", "8"));
        many.add(Map.entry("location", "/etc/passwd"));
        many.add(Map.entry("length", "16"));
        Map<String, byte[]> entries = valid();
        entries.put("net.onnx", model(new ExternalData(many, ExternalData.EXTERNAL)));
        assertRefused(zip(entries), "graph 'main' initializer 'w': it has 19 external_data entries; at most 16 are accepted");

        Map<String, byte[]> twice = valid();
        twice.put("net.onnx", model(new ExternalData(java.util.List.of(Map.entry("location", "weights/w.bin"),
                Map.entry("offset", "8"), Map.entry("length", "16"), Map.entry("location", "weights/w.bin")), ExternalData.EXTERNAL)));
        assertRefused(zip(twice), "graph 'main' initializer 'w': external_data key 'location' appears more than once");
    }

    @Test
    void symbolicLinksAndSpecialFilesAreRefused() throws Exception {
        byte[] link = unixMode(zip(valid()), "weights/w.bin", 0120777);
        assertRefused(link, "entry 'weights/w.bin' is a symbolic link");
        byte[] fifo = unixMode(zip(valid()), "weights/w.bin", 0010644);
        assertRefused(fifo, "entry 'weights/w.bin' is a special file");
        byte[] regular = unixMode(zip(valid()), "weights/w.bin", 0100644);
        try (ModelDirectory dir = ModelArchive.extract(regular, parent, ModelArchive.Limits.DEFAULT)) {
            assertThat(dir.path().resolve("weights/w.bin")).isRegularFile();
        }
    }

    @Test
    void bombsAreStoppedByCountAndByUnpackedSizeWhateverTheArchiveDeclares() throws Exception {
        Map<String, byte[]> many = valid();
        for (int i = 0; i < 20; i++) many.put("f" + i, new byte[1]);
        assertRefused(zip(many), new ModelArchive.Limits(10, 1 << 20, 10), "it has 23 entries; at most 10 are accepted");
        Map<String, byte[]> big = valid();
        big.put("zeros.bin", new byte[10 << 20]); // deflates to about 10 kB
        byte[] bomb = zip(big);
        assertThat(bomb.length).isLessThan(100_000);
        assertRefused(bomb, new ModelArchive.Limits(100, 1 << 20, 10), "it unpacks to more than 1048576 bytes");
    }

    @Test
    void malformedArchivesAreAClearRefusal() throws Exception {
        assertRefused("PK\u0003\u0004 not really".getBytes(), "not a zip archive");
        byte[] valid = zip(valid());
        byte[] cut = java.util.Arrays.copyOf(valid, valid.length - 10);
        assertThatThrownBy(() -> ModelArchive.extract(cut, parent, ModelArchive.Limits.DEFAULT))
                .isInstanceOf(ModelArchiveException.class).hasMessageStartingWith("the model archive is refused: ");
        Map<String, byte[]> garbage = valid();
        garbage.put("net.onnx", new byte[] {0x3a, 0x7f});
        assertRefused(zip(garbage), "its model: not a well-formed ONNX model");
    }

    private void assertRefused(byte[] zip, String why) {
        assertRefused(zip, ModelArchive.Limits.DEFAULT, why);
    }

    private void assertRefused(byte[] zip, ModelArchive.Limits limits, String why) {
        assertThatThrownBy(() -> ModelArchive.extract(zip, parent, limits)).isInstanceOf(ModelArchiveException.class)
                .hasMessageStartingWith("the model archive is refused: ").hasMessageContaining(why);
        try (Stream<Path> left = Files.list(parent)) {
            assertThat(left).as("nothing left behind").isEmpty();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Marks the central-directory entry {@code name} as made on Unix with file mode {@code mode} (as Info-ZIP writes links). */
    static byte[] unixMode(byte[] zip, String name, int mode) {
        ByteBuffer b = ByteBuffer.wrap(zip.clone()).order(ByteOrder.LITTLE_ENDIAN);
        byte[] wanted = name.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        for (int p = 0; p + 46 < zip.length; p++) {
            if (b.getInt(p) != 0x02014b50) continue;
            int length = Short.toUnsignedInt(b.getShort(p + 28));
            if (length == wanted.length && java.util.Arrays.equals(zip, p + 46, p + 46 + length, wanted, 0, length)) {
                b.putShort(p + 4, (short) (3 << 8 | 20));
                b.putInt(p + 38, mode << 16);
                return b.array();
            }
        }
        throw new IllegalArgumentException("no entry " + name);
    }

    @Test
    void inliningGivesOneSelfContainedModelThatComputesTheSame() throws Exception {
        // y = x + w + c, w an initializer and c a Constant's value, both from weights/w.bin
        GraphBuilder g = new GraphBuilder("main");
        String x = g.input("x", Dim.BATCH, Dim.of(4));
        String c = g.constant(Initializer.external("c", new long[] {4}, ExternalData.at("weights/w.bin", 8, 16)));
        g.output(g.add(g.add(x, g.externalWeights("w", new long[] {4}, ExternalData.at("weights/w.bin", 8, 16))), c),
                "y", Dim.BATCH, Dim.of(4));
        Map<String, byte[]> entries = valid();
        entries.put("net.onnx", g.build().toBytes());
        try (ModelDirectory dir = ModelArchive.extract(zip(entries), parent, ModelArchive.Limits.DEFAULT)) {
            byte[] inlined = ExternalDataInliner.inline(dir);
            assertThat(ExternalDataScanner.scan(inlined).pointsOutside()).isFalse();
            OrtEnvironment env = OrtEnvironment.getEnvironment();
            try (OrtSession fromFiles = env.createSession(dir.model().toString(), new OrtSession.SessionOptions());
                 OrtSession fromBytes = env.createSession(inlined, new OrtSession.SessionOptions());
                 OnnxTensor in = OnnxTensor.createTensor(env, new float[][] {{1, 2, 3, 4}});
                 OrtSession.Result a = fromFiles.run(Map.of("x", in));
                 OrtSession.Result b = fromBytes.run(Map.of("x", in))) {
                float[] expected = {1 + 2 * 1.5f, 2 + 2 * -2f, 3 + 2 * 3.25f, 4 + 2 * 4f};
                assertThat(((float[][]) a.get(0).getValue())[0]).containsExactly(expected);
                assertThat(((float[][]) b.get(0).getValue())[0]).containsExactly(expected);
            }
        }
    }

    @Test
    void aPlainModelDirectoryHoldsOnlyItsFileAndGoesAway() throws Exception {
        byte[] model = model(ExternalData.at("w.bin", 0, 16));
        Path where;
        try (ModelDirectory dir = ModelDirectory.of(model, parent)) {
            where = dir.path();
            assertThat(Files.readAllBytes(dir.model())).isEqualTo(model);
            try (Stream<Path> files = Files.list(dir.path())) {
                assertThat(files.map(p -> p.getFileName().toString())).containsExactly("model.onnx");
            }
        }
        assertThat(where).doesNotExist();
    }
}
