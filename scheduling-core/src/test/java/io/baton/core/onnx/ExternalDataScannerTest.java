package io.baton.core.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The scanner finds every way a tensor can point outside its model, says where, and survives hostile bytes:
 * truncated, malformed, random, nested too deep, or claiming lengths they do not have.
 */
class ExternalDataScannerTest {

    static Stream<OutsidePointingModels.Case> absolute() {
        return OutsidePointingModels.all("/etc/passwd").stream();
    }

    static Stream<OutsidePointingModels.Case> climbing() {
        return OutsidePointingModels.all("../../../../etc/passwd").stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource({"absolute", "climbing"})
    void everyWayIsFoundWhereItIs(OutsidePointingModels.Case c) {
        ExternalDataScanner.Result result = ExternalDataScanner.scan(c.model());
        assertThat(result.count()).isEqualTo(1);
        ExternalReference ref = result.references().get(0);
        assertThat(ref.where()).isEqualTo(c.where());
        assertThat(ref.location()).isEqualTo(c.location());
        assertThat(result.describe()).startsWith(c.where() + " points outside the model: ")
                .contains(c.location() == null ? "with no location" : "location '" + c.location() + "'");
    }

    @Test
    void anOrdinaryModelPointsNowhere() {
        GraphBuilder g = new GraphBuilder("mlp");
        String x = g.input("x", Dim.BATCH, Dim.of(4));
        String h = g.relu(g.gemm(x, g.weights("w", new long[] {4, 3}, new float[12]), g.weights("b", new long[] {3}, new float[3])));
        g.output(g.softmax(g.reshape(h, 0, 3), 1), "y", Dim.BATCH, Dim.of(3));
        ExternalDataScanner.Result result = ExternalDataScanner.scan(g.build().toBytes());
        assertThat(result.pointsOutside()).isFalse();
        assertThat(result.describe()).isEmpty();
        assertThat(ExternalDataScanner.scan(new byte[0]).pointsOutside()).isFalse(); // an empty ModelProto
    }

    @Test
    void offsetLengthAndOtherEntriesAreKept() {
        GraphBuilder g = new GraphBuilder("main");
        g.input("x", Dim.of(1));
        g.output(g.externalWeights("w", new long[] {4}, ExternalData.at("weights.bin", 128, 16)), "y", Dim.of(4));
        ExternalReference ref = ExternalDataScanner.scan(g.build().toBytes()).references().get(0);
        assertThat(ref.location()).isEqualTo("weights.bin");
        assertThat(ref.value("offset")).isEqualTo("128");
        assertThat(ref.value("length")).isEqualTo("16");
        assertThat(ref.dataLocation()).isEqualTo(1);
    }

    @Test
    void manyReferencesAreCountedButOnlyTheFirstKept() {
        GraphBuilder g = new GraphBuilder("main");
        g.input("x", Dim.of(1));
        for (int i = 0; i < 1000; i++) g.externalWeights("w" + i, new long[] {1}, ExternalData.at("/etc/passwd", i, 4));
        g.output("x", "y", Dim.of(1));
        ExternalDataScanner.Result result = ExternalDataScanner.scan(g.build().toBytes());
        assertThat(result.count()).isEqualTo(1000);
        assertThat(result.references()).hasSize(ExternalDataScanner.MAX_REPORTED);
        assertThat(result.describe()).endsWith("(and 999 more tensors like it)");
    }

    @Test
    void controlCharactersInNamesAreShownEscaped() {
        GraphBuilder g = new GraphBuilder("main");
        g.input("x", Dim.of(1));
        g.output(g.externalWeights("w\nINFO forged log line", new long[] {1}, ExternalData.at("/etc/\u001b[2Jpasswd", 0, 4)), "y", Dim.of(1));
        String text = ExternalDataScanner.scan(g.build().toBytes()).describe();
        assertThat(text).doesNotContain("\n").doesNotContain("\u001b").contains("w\\u000aINFO").contains("/etc/\\u001b[2Jpasswd");
    }

    @Test
    void everyTruncationIsAClearErrorOrAScanNeverAnotherException() {
        for (OutsidePointingModels.Case c : OutsidePointingModels.all("/etc/passwd")) {
            byte[] model = c.model();
            for (int n = 0; n < model.length; n++) {
                byte[] cut = Arrays.copyOf(model, n);
                try {
                    ExternalDataScanner.scan(cut);
                } catch (MalformedModelException e) {
                    assertThat(e.getMessage()).startsWith("not a well-formed ONNX model: ");
                }
            }
        }
    }

    @Test
    void randomAndFlippedBytesAreAClearErrorOrAScan() {
        SplittableRandom random = new SplittableRandom(22);
        List<byte[]> seeds = OutsidePointingModels.all("/etc/passwd").stream().map(OutsidePointingModels.Case::model).toList();
        for (int i = 0; i < 20_000; i++) {
            byte[] bytes;
            if (i % 2 == 0) {
                bytes = new byte[random.nextInt(1, 200)];
                random.nextBytes(bytes);
            } else {
                bytes = seeds.get(random.nextInt(seeds.size())).clone();
                for (int k = 0; k < 3; k++) bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
            }
            try {
                ExternalDataScanner.scan(bytes);
            } catch (MalformedModelException e) {
                assertThat(e.getMessage()).startsWith("not a well-formed ONNX model: ");
            }
        }
    }

    @Test
    void aLengthPastTheEndIsRefusedWithoutAllocatingIt() {
        // ModelProto.graph claiming 2^31-1 bytes, followed by three.
        byte[] bytes = {0x3a, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07, 1, 2, 3};
        assertThatThrownBy(() -> ExternalDataScanner.scan(bytes)).isInstanceOf(MalformedModelException.class)
                .hasMessage("not a well-formed ONNX model: field 7 at byte 1 claims 2147483647 bytes, 3 are left");
        byte[] huge = {0x3a, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff,
                (byte) 0xff, (byte) 0xff, 0x01};
        assertThatThrownBy(() -> ExternalDataScanner.scan(huge)).isInstanceOf(MalformedModelException.class)
                .hasMessageContaining("claims 18446744073709551615 bytes");
    }

    @Test
    void malformedVarintsWireTypesAndFieldNumbersAreNamed() {
        assertThatThrownBy(() -> ExternalDataScanner.scan(new byte[] {(byte) 0x80, (byte) 0x80})).hasMessage(
                "not a well-formed ONNX model: truncated varint at byte 2");
        byte[] eleven = new byte[12];
        Arrays.fill(eleven, (byte) 0x80);
        assertThatThrownBy(() -> ExternalDataScanner.scan(eleven)).isInstanceOf(MalformedModelException.class)
                .hasMessageContaining("varint longer than");
        assertThatThrownBy(() -> ExternalDataScanner.scan(new byte[] {0x0b})) // field 1, wire type 3 (a group)
                .hasMessage("not a well-formed ONNX model: wire type 3 (field 1) at byte 0");
        assertThatThrownBy(() -> ExternalDataScanner.scan(new byte[] {0x02, 0x00}))
                .hasMessage("not a well-formed ONNX model: field number 0 at byte 0");
        // a tensor whose data_location is length-delimited: ambiguous, so refused rather than guessed
        byte[] tensor = {0x72, 0x01, 0x01};                     // TensorProto.data_location as bytes
        byte[] graph = concat(new byte[] {0x2a, (byte) tensor.length}, tensor); // GraphProto.initializer
        byte[] model = concat(new byte[] {0x3a, (byte) graph.length}, graph);    // ModelProto.graph
        assertThatThrownBy(() -> ExternalDataScanner.scan(model)).isInstanceOf(MalformedModelException.class)
                .hasMessageContaining("has data_location of wire type 2");
    }

    @Test
    void nestingPastTheLimitIsRefusedNotAStackOverflow() {
        // If inside If inside If ...: each level is graph → node → attribute (3 messages).
        Graph g = new Graph("leaf", List.of(), List.of(), List.of(), List.of(), List.of(new ValueInfo("v", List.of())));
        for (int level = 0; level < 40; level++) {
            g = new Graph("g" + level, List.of(new Node("if", "If", List.of("c"), List.of("v"),
                    List.of(Attribute.graph("then_branch", g)))), List.of(), List.of(), List.of(), List.of(new ValueInfo("v", List.of())));
        }
        Graph deep = g;
        byte[] model = new OnnxModel("main", List.of(new Node("if", "If", List.of("x"), List.of("y"),
                List.of(Attribute.graph("then_branch", deep)))), List.of(), List.of(new ValueInfo("x", List.of())),
                List.of(new ValueInfo("y", List.of())), java.util.Map.of(), null).toBytes();
        assertThatThrownBy(() -> ExternalDataScanner.scan(model)).isInstanceOf(MalformedModelException.class)
                .hasMessageStartingWith("not a well-formed ONNX model: messages nested deeper than 100 levels (at graph 'main'");

        // Hand-made: 3000 nested GraphProto.node → NodeProto.attribute → AttributeProto.g → GraphProto.node ...
        // with consistent lengths: the scanner must stop at the limit, not recurse on.
        byte[] bytes = new byte[0];
        int[] fields = {1, 5, 6}; // outside in
        for (int i = 2999; i >= 0; i--) {
            int field = fields[i % 3];
            bytes = concat(concat(new byte[] {(byte) (field << 3 | 2)}, varint(bytes.length)), bytes);
        }
        byte[] wrapped = concat(concat(new byte[] {0x3a}, varint(bytes.length)), bytes);
        assertThatThrownBy(() -> ExternalDataScanner.scan(wrapped)).isInstanceOf(MalformedModelException.class)
                .hasMessageContaining("nested deeper than 100 levels");
    }

    private static byte[] varint(long v) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
        return out.toByteArray();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}
