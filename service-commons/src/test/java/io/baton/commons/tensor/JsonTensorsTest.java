package io.baton.commons.tensor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class JsonTensorsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Decodes {@code data} as a {@code type} tensor of shape [n], writes it back, and returns the written JSON. */
    private static String roundTrip(Datatype type, String data) throws IOException {
        JsonNode node = JSON.readTree(data);
        Tensor t = JsonTensors.decode("input 'x'", "x", type, new long[] {node.size()}, node);
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.getFactory().createGenerator(out)) {
            JsonTensors.write(g, t);
        }
        assertThat(JSON.writeValueAsString(JsonTensors.toArray(type, t.data(), 0, node.size())))
                .as("the node form agrees with the streamed form").isEqualTo(out.toString());
        assertThat(JSON.writeValueAsString(JsonTensors.toArray(type, t.data())))
                .as("the whole data, its element count read from the bytes").isEqualTo(out.toString());
        return out.toString();
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
            "BOOL   | [true,false,true]",
            "UINT8  | [0,1,255]",
            "UINT16 | [0,65535]",
            "UINT32 | [0,2147483648,4294967295]",
            "UINT64 | [0,9223372036854775807,9223372036854775808,18446744073709551615]",
            "INT8   | [-128,0,127]",
            "INT16  | [-32768,32767]",
            "INT32  | [-2147483648,2147483647]",
            "INT64  | [-9223372036854775808,9223372036854775807]",
            "FP16   | [0.0,-0.0,1.5,-2.0,65504.0,6.1035156E-5,5.9604645E-8]",
            "BF16   | [0.0,-0.0,1.0,-2.5,3.3895314E38,1.0010069E-38]",
            "FP32   | [0.0,-0.0,0.1,1.0E38,1.4E-45]",
            "FP64   | [0.0,-0.0,0.1,1.7976931348623157E308,4.9E-324]",
            "BYTES  | [\"\",\"a\",\"h\u00e9llo\"]"})
    void everyDatatypeRoundTripsThroughItsBytes(Datatype type, String data) throws IOException {
        assertThat(roundTrip(type, data)).isEqualTo(data);
    }

    @Test
    void theBytesAreLittleEndianAndUnsignedTypesKeepTheirTopBit() throws IOException {
        Tensor t = JsonTensors.decode("x", "x", Datatype.UINT64, new long[] {1}, JSON.readTree("[18446744073709551615]"));
        assertThat(t.data().order(ByteOrder.LITTLE_ENDIAN).getLong(0)).isEqualTo(-1L);
        assertThat(t.toDoubles()).containsExactly(1.8446744073709552E19);
        Tensor u16 = JsonTensors.decode("x", "x", Datatype.UINT16, new long[] {1}, JSON.readTree("[258]"));
        assertThat(u16.bytes()).containsExactly(2, 1);
        Tensor bytes = JsonTensors.decode("x", "x", Datatype.BYTES, new long[] {2}, JSON.readTree("[\"ab\",\"\"]"));
        assertThat(bytes.bytes()).containsExactly(2, 0, 0, 0, 'a', 'b', 0, 0, 0, 0);
        assertThat(JsonTensors.toArray(Datatype.BYTES, bytes.data(), 1, 2).toString()).isEqualTo("[\"\"]");
        assertThat(ByteStrings.join(ByteStrings.split(bytes.data(), 2), 0, 2)).containsExactly(bytes.bytes());
        assertThat(ByteStrings.join(ByteStrings.split(bytes.data(), 2), 0, 1)).containsExactly(2, 0, 0, 0, 'a', 'b');
        Tensor bool = JsonTensors.decode("x", "x", Datatype.BOOL, new long[] {2}, JSON.readTree("[true,false]"));
        assertThat(bool.bytes()).containsExactly(1, 0);
        assertThat(bool.toDoubles()).containsExactly(1, 0);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
            "BOOL   | [1]                      | input 'x': data[0] is 1, not true or false",
            "UINT8  | [256]                    | input 'x': data[0] is 256, not an unsigned 8-bit integer",
            "UINT8  | [-1]                     | input 'x': data[0] is -1, not an unsigned 8-bit integer",
            "UINT16 | [65536]                  | input 'x': data[0] is 65536, not an unsigned 16-bit integer",
            "UINT32 | [4294967296]             | input 'x': data[0] is 4294967296, not an unsigned 32-bit integer",
            "UINT64 | [18446744073709551616]   | input 'x': data[0] is 18446744073709551616, not an unsigned 64-bit integer",
            "UINT64 | [-1]                     | input 'x': data[0] is -1, not an unsigned 64-bit integer",
            "INT8   | [128]                    | input 'x': data[0] is 128, not an 8-bit integer",
            "INT16  | [-32769]                 | input 'x': data[0] is -32769, not a 16-bit integer",
            "INT32  | [2147483648]             | input 'x': data[0] is 2147483648, not a 32-bit integer",
            "INT32  | [1.5]                    | input 'x': data[0] is 1.5, not a 32-bit integer",
            "INT64  | [9223372036854775808]    | input 'x': data[0] is 9223372036854775808, not a 64-bit integer",
            "FP16   | [65520]                  | input 'x': data[0] is 65520, outside the range of FP16 (JSON tensor data must be finite numbers that fit the datatype)",
            "BF16   | [1e39]                   | input 'x': data[0] is 1.0E39, outside the range of BF16 (JSON tensor data must be finite numbers that fit the datatype)",
            "FP32   | [1e39]                   | input 'x': data[0] is 1.0E39, outside the range of FP32 (JSON tensor data must be finite numbers that fit the datatype)",
            "FP64   | [1e999]                  | input 'x': data[0] is Infinity, outside the range of FP64 (JSON tensor data must be finite numbers that fit the datatype)",
            "FP32   | [\"a\"]                  | input 'x': data[0] is \"a\", not a number",
            "BYTES  | [1]                      | input 'x': data[0] is 1, not a string"})
    void aValueThatDoesNotFitItsDatatypeIsRefusedByIndex(Datatype type, String data, String message) throws IOException {
        JsonNode node = JSON.readTree(data);
        assertThatThrownBy(() -> JsonTensors.decode("input 'x'", "x", type, new long[] {1}, node))
                .isInstanceOf(TensorException.class).hasMessage(message);
    }

    @Test
    void shapesAreCheckedBeforeAnyValue() throws IOException {
        assertThatThrownBy(() -> JsonTensors.decode("input 'x'", "x", Datatype.BYTES, new long[] {3},
                JSON.readTree("[\"a\"]"))).hasMessage("input 'x': data has 1 values but shape [3] needs 3");
        assertThatThrownBy(() -> JsonTensors.decode("input 'x'", "x", Datatype.UINT8, new long[] {2, 2},
                JSON.readTree("[[1,2],[3]]"))).hasMessage("input 'x': data[1] has 1 entries but shape [2, 2] has 2 in dimension 1");
        assertThatThrownBy(() -> JsonTensors.decode("input 'x'", "x", Datatype.BOOL, new long[] {1L << 40},
                JSON.readTree("[true]"))).hasMessage("input 'x': shape [1099511627776] is too large");
        Tensor nested = JsonTensors.decode("x", "x", Datatype.BF16, new long[] {2, 1}, JSON.readTree("[[1],[2]]"));
        assertThat(nested.toDoubles()).containsExactly(1, 2);
    }

    @Test
    void withoutTheRangeCheckAFloatOverflowsAsACastWould() throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(6).order(ByteOrder.LITTLE_ENDIAN);
        long n = JsonTensors.put(buffer, JSON.readTree("[1e39,[70000],2]"), Datatype.FP16, 3, 0, false);
        assertThat(n).isEqualTo(3);
        assertThat(Tensor.of("x", Datatype.FP16, new long[] {3}, buffer.array()).toDoubles())
                .containsExactly(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, 2);
        assertThatThrownBy(() -> JsonTensors.put(ByteBuffer.allocate(8), JSON.readTree("[1,true]"), Datatype.INT32, 7, 5, false))
                .isInstanceOfSatisfying(ElementException.class, e -> {
                    assertThat(e.index()).isEqualTo(6);
                    assertThat(e.problem()).isEqualTo("is true, not a 32-bit integer");
                });
    }

    @Test
    void aNonFiniteOutputCannotBeWrittenAsJson() {
        for (Datatype type : new Datatype[] {Datatype.FP16, Datatype.BF16, Datatype.FP32, Datatype.FP64}) {
            ByteBuffer b = ByteBuffer.allocate(2 * type.bytes()).order(ByteOrder.LITTLE_ENDIAN);
            switch (type) {
                case FP16 -> b.putShort((short) 0x3C00).putShort((short) 0x7E00);
                case BF16 -> b.putShort((short) 0x3F80).putShort((short) 0xFF80);
                case FP32 -> b.putFloat(1).putFloat(Float.NaN);
                default -> b.putDouble(1).putDouble(Double.NEGATIVE_INFINITY);
            }
            Tensor t = Tensor.of("y", type, new long[] {2}, b.array());
            assertThatThrownBy(() -> JsonTensors.write(JSON.getFactory().createGenerator(new StringWriter()), t))
                    .as("%s", type).isInstanceOf(NonFiniteOutputException.class)
                    .hasMessageContaining("in output 'y' at element 1");
        }
    }

    @Test
    void aBytesTensorMustHoldExactlyItsStrings() {
        assertThatThrownBy(() -> Tensor.of("s", Datatype.BYTES, new long[] {2}, new byte[] {1, 0, 0, 0, 'a'}))
                .hasMessage("s: 1 strings but shape [2] needs 2");
        assertThatThrownBy(() -> Tensor.of("s", Datatype.BYTES, new long[] {1}, new byte[] {9, 0, 0, 0, 'a'}))
                .hasMessage("s: bytes that are not length-prefixed strings but shape [1] needs 1");
        assertThatThrownBy(() -> Tensor.of("f", Datatype.FP16, new long[] {2}, new byte[2]))
                .hasMessage("f: 2 bytes but shape [2] of FP16 needs 4");
    }
}
