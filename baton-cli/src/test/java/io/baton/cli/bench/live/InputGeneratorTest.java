package io.baton.cli.bench.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.baton.cli.suite.JsonHttp;
import io.baton.core.plan.InputException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Request inputs generated from declared specs: every OIP datatype's values and sizes, scalars, the batch axis of a
 * batchable variant against a non-batching one's tensors as declared, dimensions fixed by the variant or the
 * application, and a free dimension nobody declares refused with its input and position named.
 */
class InputGeneratorTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final List<String> DATATYPES = List.of("BOOL", "UINT8", "UINT16", "UINT32", "UINT64", "INT8", "INT16", "INT32", "INT64",
            "FP16", "BF16", "FP32", "FP64", "BYTES");

    static DeclaredInput input(String name, String datatype, long... shape) {
        return new DeclaredInput(name, name, datatype, shape);
    }

    @Test
    void everyDatatypeGetsValuesOfItsTypeInTheBinaryForm() {
        List<DeclaredInput> inputs = DATATYPES.stream().map(t -> input("in_" + t, t, -1, 3, 5)).toList();
        List<List<GeneratedTensor>> requests = InputGenerator.generate(new DeclaredInputs("v", inputs, null), 4, 7);
        assertThat(requests).hasSize(4);
        for (List<GeneratedTensor> request : requests) {
            assertThat(request).extracting(GeneratedTensor::name).containsExactlyElementsOf(inputs.stream().map(DeclaredInput::name).toList());
            for (GeneratedTensor t : request) {
                assertThat(t.shape()).as(t.name()).containsExactly(1, 3, 5);
                assertThat(t.elements()).isEqualTo(15);
                ByteBuffer b = ByteBuffer.wrap(t.data()).order(ByteOrder.LITTLE_ENDIAN);
                for (int i = 0; i < 15; i++) {
                    double v = switch (t.datatype()) {
                        case "BOOL", "UINT8", "INT8" -> b.get();
                        case "UINT16", "INT16" -> b.getShort();
                        case "UINT32", "INT32" -> b.getInt();
                        case "UINT64", "INT64" -> b.getLong();
                        case "FP16" -> half(b.getShort());
                        case "BF16" -> Float.intBitsToFloat((b.getShort() & 0xffff) << 16);
                        case "FP32" -> b.getFloat();
                        case "FP64" -> b.getDouble();
                        default -> 0.5; // BYTES: below
                    };
                    switch (t.datatype()) {
                        case "BOOL" -> assertThat(v).isIn(0.0, 1.0);
                        case "FP16", "BF16" -> assertThat(v).isGreaterThanOrEqualTo(1.0 / 16).isLessThan(1.0);
                        case "FP32", "FP64", "BYTES" -> assertThat(v).isGreaterThanOrEqualTo(0.0).isLessThan(1.0);
                        default -> assertThat(v).as(t.datatype()).isIn(0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0);
                    }
                }
                if (!t.datatype().equals("BYTES")) {
                    assertThat(b.remaining()).as(t.datatype() + ": every byte read").isZero();
                } else {
                    assertThat(t.strings()).hasSize(15).allMatch(s -> s.matches("[a-z]{1,8}"));
                }
            }
        }
        assertThat(InputGenerator.generate(new DeclaredInputs("v", inputs, null), 4, 7)).as("seeded").isEqualTo(requests);
        assertThat(InputGenerator.generate(new DeclaredInputs("v", inputs, null), 4, 8)).isNotEqualTo(requests);
        assertThat(requests.get(0)).as("requests differ from each other").isNotEqualTo(requests.get(1));
    }

    @Test
    void aVariantThatDoesNotBatchGetsItsTensorsAsDeclaredScalarsIncluded() {
        DeclaredInputs vad = new DeclaredInputs("v", List.of(input("input", "FP32", 1, 512), input("state", "FP32", 2, 1, 128),
                input("sr", "INT64")), 0);
        assertThat(vad.batchable()).isFalse();
        List<GeneratedTensor> request = InputGenerator.generate(vad, 1, 1).get(0);
        assertThat(request.get(0).shape()).containsExactly(1, 512);
        assertThat(request.get(1).shape()).containsExactly(2, 1, 128);
        assertThat(request.get(2).shape()).isEmpty();
        assertThat(request.get(2).elements()).isEqualTo(1);
        assertThat(request.get(2).data()).hasSize(8);
    }

    @Test
    void theVariantsInputValuesAreTheDefaultsTheCommandLineOverrides() {
        JsonNode application = JsonHttp.JSON.createObjectNode().put("name", "vad");
        ObjectNode variant = JsonHttp.JSON.createObjectNode().put("name", "v").put("maxBatchSize", 0);
        variant.putArray("inputs").add(spec("input", "FP32", 1, 4)).add(spec("sr", "INT64"));
        variant.putObject("inputValues").put("sr", 16_000.0);
        DeclaredInputs vad = DeclaredInputs.of(application, variant);
        assertThat(vad.inputValues()).containsExactly(Map.entry("sr", "16000"));

        List<GeneratedTensor> request = InputGenerator.generate(vad, 1, 1).get(0);
        assertThat(ByteBuffer.wrap(request.get(1).data()).order(ByteOrder.LITTLE_ENDIAN).getLong()).isEqualTo(16_000L);
        List<GeneratedTensor> overridden = InputGenerator.generate(vad, 1, 1, Map.of("sr", "8000")).get(0);
        assertThat(ByteBuffer.wrap(overridden.get(1).data()).order(ByteOrder.LITTLE_ENDIAN).getLong()).isEqualTo(8_000L);
        assertThat(overridden.get(0)).as("the other input's values are unchanged").isEqualTo(request.get(0));
    }

    private static ObjectNode spec(String name, String datatype, long... shape) {
        ObjectNode s = JsonHttp.JSON.createObjectNode().put("name", name).put("datatype", datatype);
        for (long d : shape) s.withArray("shape").add(d);
        if (shape.length == 0) s.putArray("shape");
        return s;
    }

    @Test
    void aBatchableVariantSendsOneExamplePerRequestAndFixedDimensionsAsDeclared() {
        assertThat(InputGenerator.requestShape(input("x", "FP32", -1, 3, 48, 320), true)).containsExactly(1, 3, 48, 320);
        assertThat(new DeclaredInputs("v", List.of(), null).batchable()).as("no maxBatchSize stated: batchable").isTrue();
        assertThat(new DeclaredInputs("v", List.of(), 8).batchable()).isTrue();
    }

    @Test
    void aFreeDimensionNoSpecDeclaresIsRefusedNamingTheInputAndTheDimension() {
        assertThatThrownBy(() -> InputGenerator.generate(new DeclaredInputs("v", List.of(input("x", "FP32", -1, 3, 48, -1)), 64), 1, 1))
                .isInstanceOf(InputException.class).hasMessageContaining("input x").hasMessageContaining("dimension 3 is free");
        // Axis 0 of a model that does not batch is an ordinary dimension: it needs a size too.
        assertThatThrownBy(() -> InputGenerator.requestShape(input("audio", "FP32", -1, 512), false))
                .isInstanceOf(InputException.class).hasMessageContaining("input audio").hasMessageContaining("dimension 0 is free");
        assertThatThrownBy(() -> InputGenerator.generate(new DeclaredInputs("v", List.of(input("m", "MAP")), 0), 1, 1))
                .isInstanceOf(InputException.class).hasMessageContaining("input m is MAP");
    }

    @Test
    void specsComeFromTheVariantWithTheApplicationFixingWhatItLeavesFreeAndTheApplicationsNames() throws Exception {
        JsonNode app = JSON.readTree("""
                {"name": "ocr", "inputs": [{"name": "image", "datatype": "FP32", "shape": [-1, 3, 48, 320]}],
                 "variants": []}""");
        JsonNode variant = JSON.readTree("""
                {"name": "rec", "maxBatchSize": 16, "inputs": [{"name": "x", "datatype": "FP32", "shape": [-1, 3, -1, -1]}]}""");
        DeclaredInputs d = DeclaredInputs.of(app, variant);
        assertThat(d.maxBatchSize()).isEqualTo(16);
        assertThat(d.inputs()).containsExactly(new DeclaredInput("image", "x", "FP32", new long[] {-1, 3, 48, 320}));

        JsonNode variantFixes = JSON.readTree("""
                {"name": "det", "inputs": [{"name": "x", "datatype": "FP32", "shape": [-1, 3, 320, 320]}]}""");
        JsonNode bare = JSON.readTree("{\"name\": \"det\", \"inputs\": []}");
        DeclaredInputs own = DeclaredInputs.of(JSON.readTree("{\"name\": \"det\", \"inputs\": []}"), variantFixes);
        assertThat(own.maxBatchSize()).as("an older registry's variant: no field").isNull();
        assertThat(own.inputs()).containsExactly(new DeclaredInput("x", "x", "FP32", new long[] {-1, 3, 320, 320}));
        assertThatThrownBy(() -> DeclaredInputs.of(bare, bare)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--app");
    }

    @Test
    void batchesJoinRequestsAlongTheFirstAxis() {
        DeclaredInputs d = new DeclaredInputs("v", List.of(input("x", "FP32", -1, 2), input("s", "BYTES", -1)), null);
        List<List<GeneratedTensor>> r = InputGenerator.generate(d, 2, 3);
        List<GeneratedTensor> batch = RawOrt.batchOf(r, 3, true);
        assertThat(batch.get(0).shape()).containsExactly(3, 2);
        ByteBuffer expected = ByteBuffer.allocate(24).put(r.get(0).get(0).data()).put(r.get(1).get(0).data()).put(r.get(0).get(0).data());
        assertThat(batch.get(0).data()).containsExactly(expected.array());
        assertThat(batch.get(1).strings()).containsExactly(r.get(0).get(1).strings()[0], r.get(1).get(1).strings()[0], r.get(0).get(1).strings()[0]);
        assertThat(RawOrt.batchOf(r, 1, false)).isEqualTo(r.get(0));
    }

    @Test
    void aBinaryRequestIsItsJsonHeaderThenEveryInputsBytesInOrder() throws Exception {
        DeclaredInputs d = new DeclaredInputs("v", List.of(input("x", "FP32", -1, 2), input("n", "INT64"), input("s", "BYTES", -1)), null);
        List<GeneratedTensor> request = InputGenerator.generate(d, 1, 3).get(0);
        BinaryInferRequest b = BinaryInferRequest.of(request);
        JsonNode header = JSON.readTree(new String(b.body(), 0, b.headerLength(), java.nio.charset.StandardCharsets.UTF_8));
        assertThat(header.at("/parameters/binary_data_output").asBoolean()).isTrue();
        int offset = b.headerLength();
        for (int i = 0; i < request.size(); i++) {
            JsonNode in = header.path("inputs").get(i);
            GeneratedTensor t = request.get(i);
            assertThat(in.path("name").asText()).isEqualTo(t.name());
            assertThat(in.path("datatype").asText()).isEqualTo(t.datatype());
            assertThat(JSON.convertValue(in.path("shape"), long[].class)).containsExactly(t.shape());
            int size = in.at("/parameters/binary_data_size").asInt();
            assertThat(java.util.Arrays.copyOfRange(b.body(), offset, offset + size)).containsExactly(t.data());
            offset += size;
        }
        assertThat(offset).isEqualTo(b.body().length);
        assertThat(header.path("inputs").get(1).path("shape")).isEmpty();
    }

    @Test
    void inputsGivenAValueGetItInEveryElementInTheirDatatype() {
        DeclaredInputs d = new DeclaredInputs("v", List.of(input("sr", "INT64"), input("on", "BOOL", -1, 2), input("h", "FP16", -1, 1),
                input("b", "BF16", -1, 1), input("s", "BYTES", -1, 2), input("u", "UINT8", -1, 1), input("x", "FP32", -1, 3)), null);
        java.util.Map<String, String> values = FixedValues.parse("sr=16000,on=true,h=0.5,b=-2,s=héllo,u=255");
        List<GeneratedTensor> r = InputGenerator.generate(d, 2, 1, values).get(1);
        assertThat(ByteBuffer.wrap(r.get(0).data()).order(ByteOrder.LITTLE_ENDIAN).getLong()).isEqualTo(16_000);
        assertThat(r.get(0).shape()).isEmpty();
        assertThat(r.get(1).data()).containsExactly(1, 1);
        assertThat(half(ByteBuffer.wrap(r.get(2).data()).order(ByteOrder.LITTLE_ENDIAN).getShort())).isEqualTo(0.5);
        assertThat(Float.intBitsToFloat((ByteBuffer.wrap(r.get(3).data()).order(ByteOrder.LITTLE_ENDIAN).getShort() & 0xffff) << 16)).isEqualTo(-2f);
        assertThat(r.get(4).strings()).containsExactly("héllo", "héllo");
        assertThat(r.get(5).data()).containsExactly((byte) 255);
        assertThat(r.get(6).data()).as("the others stay random").isEqualTo(InputGenerator.generate(d, 2, 1).get(1).get(6).data());
        for (float f : new float[] {1f, -3.25f, 65504f, 1e-4f, 0f}) {
            assertThat((float) half(FixedValues.half(f))).as("%s", f).isCloseTo(f, org.assertj.core.data.Percentage.withPercentage(0.1));
        }
        assertThat(half(FixedValues.half(1e-5f))).as("a subnormal half: steps of 2^-24").isCloseTo(1e-5, org.assertj.core.data.Offset.offset(6e-8));

        assertThatThrownBy(() -> InputGenerator.generate(d, 1, 1, FixedValues.parse("u=256"))).isInstanceOf(InputException.class)
                .hasMessageContaining("u is UINT8");
        assertThatThrownBy(() -> InputGenerator.generate(d, 1, 1, FixedValues.parse("on=maybe"))).isInstanceOf(InputException.class)
                .hasMessageContaining("on is BOOL");
        assertThatThrownBy(() -> InputGenerator.generate(d, 1, 1, FixedValues.parse("rate=8000"))).isInstanceOf(InputException.class)
                .hasMessageContaining("no input 'rate'");
        assertThatThrownBy(() -> FixedValues.parse("sr")).isInstanceOf(InputException.class).hasMessageContaining("NAME=VALUE");
        assertThatThrownBy(() -> FixedValues.parse("sr=1,sr=2")).isInstanceOf(InputException.class).hasMessageContaining("twice");
    }

    /** IEEE half to double. */
    static double half(short bits) {
        int exponent = (bits >> 10) & 0x1f, mantissa = bits & 0x3ff;
        if (exponent == 0) return mantissa * Math.pow(2, -24);
        return (1 + mantissa / 1024.0) * Math.pow(2, exponent - 15) * ((bits & 0x8000) != 0 ? -1 : 1);
    }
}
