package io.baton.cli.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.baton.oip.grpc.ModelInferRequest;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class GrpcInferRequestTest {

    @Test
    void eachInputTravelsAsLittleEndianRawBytesWithItsNameDatatypeAndShape() {
        ModelInferRequest r = GrpcInferRequest.of("vad", "{\"id\":\"q\",\"inputs\":["
                + "{\"name\":\"audio\",\"datatype\":\"FP32\",\"shape\":[1,3],\"data\":[0.25,-2,3]},"
                + "{\"name\":\"sr\",\"datatype\":\"INT64\",\"shape\":[],\"data\":[16000]},"
                + "{\"name\":\"text\",\"datatype\":\"BYTES\",\"shape\":[2],\"data\":[\"ab\",\"\"]},"
                + "{\"name\":\"mask\",\"datatype\":\"BOOL\",\"shape\":[2],\"data\":[true,false]}]}");

        assertThat(r.getModelName()).isEqualTo("vad");
        assertThat(r.getId()).isEqualTo("q");
        assertThat(r.getInputsList()).extracting(ModelInferRequest.InferInputTensor::getName).containsExactly("audio", "sr", "text", "mask");
        assertThat(r.getInputs(1).getShapeList()).isEmpty();
        ByteBuffer audio = r.getRawInputContents(0).asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        assertThat(new float[] {audio.getFloat(), audio.getFloat(), audio.getFloat()}).containsExactly(0.25f, -2f, 3f);
        assertThat(r.getRawInputContents(1).asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN).getLong()).isEqualTo(16000L);
        ByteBuffer text = r.getRawInputContents(2).asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        assertThat(text.getInt()).isEqualTo(2);
        byte[] ab = new byte[2];
        text.get(ab);
        assertThat(new String(ab, StandardCharsets.UTF_8)).isEqualTo("ab");
        assertThat(text.getInt()).isZero();
        assertThat(text.hasRemaining()).isFalse();
        assertThat(r.getRawInputContents(3).toByteArray()).containsExactly(1, 0);
    }

    @Test
    void nestedDataIsFlattenedInRowMajorOrder() {
        ModelInferRequest r = GrpcInferRequest.of("m", "{\"inputs\":[{\"name\":\"x\",\"datatype\":\"INT32\",\"shape\":[2,2],"
                + "\"data\":[[1,2],[3,4]]}]}");
        ByteBuffer b = r.getRawInputContents(0).asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        assertThat(new int[] {b.getInt(), b.getInt(), b.getInt(), b.getInt()}).containsExactly(1, 2, 3, 4);
    }

    @Test
    void aRequestThatCannotBeSentSaysWhichInputAndWhy() {
        assertThatThrownBy(() -> GrpcInferRequest.of("m", "{\"inputs\":[{\"name\":\"x\",\"datatype\":\"FP32\",\"shape\":[3],\"data\":[1,2]}]}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("input x holds 2 values but its shape needs 3");
        assertThatThrownBy(() -> GrpcInferRequest.of("m", "{\"inputs\":[{\"name\":\"x\",\"datatype\":\"FP16\",\"shape\":[1],\"data\":[1]}]}"))
                .hasMessageStartingWith("input x is FP16: only");
        assertThatThrownBy(() -> GrpcInferRequest.of("m", "{\"inputs\":[{\"name\":\"x\",\"datatype\":\"FP32\",\"shape\":[1],\"data\":[\"a\"]}]}"))
                .hasMessage("input x is FP32 but holds \"a\"");
        assertThatThrownBy(() -> GrpcInferRequest.of("m", "{\"inputs\":[{\"name\":\"x\",\"datatype\":\"FP32\",\"data\":[1]}]}"))
                .hasMessage("input x has no shape array");
        assertThatThrownBy(() -> GrpcInferRequest.of("m", "{\"outputs\":[]}")).hasMessage("the request has no \"inputs\" array");
        assertThatThrownBy(() -> GrpcInferRequest.of("m", "{not json")).hasMessageStartingWith("the request is not JSON");
    }
}
