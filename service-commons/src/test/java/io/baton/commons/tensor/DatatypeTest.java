package io.baton.commons.tensor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DatatypeTest {

    @Test
    void everyOipDatatypeHasItsWidthAndOnnxElementType() {
        assertThat(Datatype.values()).extracting(Datatype::name).containsExactly("BOOL", "UINT8", "UINT16", "UINT32",
                "UINT64", "INT8", "INT16", "INT32", "INT64", "FP16", "BF16", "FP32", "FP64", "BYTES");
        assertThat(Datatype.FP16.bytes()).isEqualTo(2);
        assertThat(Datatype.UINT64.bytes()).isEqualTo(8);
        assertThat(Datatype.BOOL.bytes()).isEqualTo(1);
        assertThatThrownBy(Datatype.BYTES::bytes).isInstanceOf(UnsupportedOperationException.class);
        assertThat(Datatype.BYTES.minBytes()).isEqualTo(4);
        // ONNX's TensorProto.DataType numbers
        assertThat(Datatype.FP32.onnxElementType()).isEqualTo(1);
        assertThat(Datatype.BF16.onnxElementType()).isEqualTo(16);
        assertThat(Datatype.BYTES.onnxElementType()).isEqualTo(8);
        for (Datatype d : Datatype.values()) {
            assertThat(Datatype.ofOnnxElementType(d.onnxElementType())).isEqualTo(d);
            assertThat(Datatype.named(d.name())).isEqualTo(d);
        }
        assertThat(Datatype.ofOnnxElementType(14)).as("COMPLEX64 has no OIP name").isNull();
        assertThat(Datatype.named("fp32")).isNull();
    }

    @Test
    void everyDatatypeIsServedAndAnUnknownNameIsRefusedListingThem() {
        assertThat(Datatype.SERVED).containsExactly(Datatype.values());
        assertThat(Datatype.servedNames()).isEqualTo(
                "[BOOL, UINT8, UINT16, UINT32, UINT64, INT8, INT16, INT32, INT64, FP16, BF16, FP32, FP64, BYTES]");
        assertThat(Datatype.BOOL.served()).isTrue();
        assertThat(Datatype.BYTES.served()).isTrue();
        assertThat(Datatype.served("input 'x'", "INT32")).isEqualTo(Datatype.INT32);
        assertThat(Datatype.served("input 'x'", "FP16")).isEqualTo(Datatype.FP16);
        assertThatThrownBy(() -> Datatype.served("input 'x'", "COMPLEX64")).isInstanceOf(TensorException.class)
                .hasMessage("input 'x': datatype 'COMPLEX64' is not served by Baton (it serves " + Datatype.servedNames()
                        + ")");
        assertThatThrownBy(() -> Datatype.served("input 'x'", " ")).isInstanceOf(TensorException.class)
                .hasMessage("input 'x': datatype is missing (one of " + Datatype.servedNames() + ")");
    }
}
