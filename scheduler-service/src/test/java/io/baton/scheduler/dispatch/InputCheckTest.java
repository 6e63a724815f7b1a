package io.baton.scheduler.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.TensorSpec;
import io.baton.scheduler.catalog.CatalogVariant;
import io.baton.scheduler.web.ApiException;
import org.junit.jupiter.api.Test;

/**
 * A request's tensors checked against its variant: every Open Inference Protocol datatype in JSON and in binary form
 * (BYTES as length-prefixed strings), rank-0 scalars only where the variant does not batch, and no more rows than the
 * variant's {@code maxBatchSize}.
 */
class InputCheckTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static CatalogVariant variant(Integer maxBatchSize, TensorSpec... inputs) {
        return new CatalogVariant("v", 0, "sha", List.of(inputs), List.of(new TensorSpec("y", "FP32", List.of(-1L, 1L))),
                List.of(), maxBatchSize);
    }

    private static InferJob.Input json(String name, String datatype, List<Long> shape, String data) throws Exception {
        return new InferJob.Input(name, datatype, shape, JSON.readTree(data), null);
    }

    private static JsonNode noData() {
        return null;
    }

    private static String jsonElements(Datatype type, int n) {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < n; i++) {
            s.append(i == 0 ? "" : ",").append(switch (type) {
                case BYTES -> "\"s" + i + "\"";
                case BOOL -> i % 2 == 0 ? "true" : "false";
                default -> Integer.toString(i);
            });
        }
        return s.append(']').toString();
    }

    private static String binary(Datatype type, int n) {
        if (type.fixedWidth()) return Base64.getEncoder().encodeToString(new byte[n * type.bytes()]);
        ByteBuffer b = ByteBuffer.allocate(n * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            byte[] s = ("s" + i).getBytes(StandardCharsets.UTF_8);
            b.putInt(s.length).put(s);
        }
        byte[] bytes = new byte[b.position()];
        b.flip().get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    @Test
    void everyDatatypeIsAcceptedAsJsonAndAsBinary() throws Exception {
        assertThat(Datatype.values()).hasSize(14);
        for (Datatype type : Datatype.values()) {
            CatalogVariant v = variant(null, new TensorSpec("x", type.name(), List.of(-1L, 3L)));
            List<Long> shape = List.of(2L, 3L);
            assertThat(InputCheck.inputs(List.of(json("x", type.name(), shape, jsonElements(type, 6))), v))
                    .as(type + " as JSON").hasSize(1);
            assertThat(InputCheck.inputs(List.of(new InferJob.Input("x", type.name(), shape, noData(),
                    binary(type, 6))), v)).as(type + " in binary").hasSize(1);
            // one element short, in either form
            assertThatThrownBy(() -> InputCheck.inputs(List.of(json("x", type.name(), shape, jsonElements(type, 5))), v))
                    .as(type.name()).isInstanceOf(ApiException.class).hasMessageContaining("needs 6");
            assertThatThrownBy(() -> InputCheck.inputs(List.of(new InferJob.Input("x", type.name(), shape, noData(),
                    binary(type, 5))), v)).as(type.name()).isInstanceOf(ApiException.class).hasMessageContaining("6");
        }
    }

    @Test
    void jsonElementsHaveTheirDatatypesForm() throws Exception {
        CatalogVariant bools = variant(null, new TensorSpec("x", "BOOL", List.of(-1L, 2L)));
        assertThatThrownBy(() -> InputCheck.inputs(List.of(json("x", "BOOL", List.of(1L, 2L), "[1, 0]")), bools))
                .hasMessageContaining("every BOOL element must be true or false");
        CatalogVariant strings = variant(null, new TensorSpec("x", "BYTES", List.of(-1L, 2L)));
        assertThatThrownBy(() -> InputCheck.inputs(List.of(json("x", "BYTES", List.of(1L, 2L), "[\"a\", 3]")), strings))
                .hasMessageContaining("every BYTES element must be a string");
        CatalogVariant halves = variant(null, new TensorSpec("x", "FP16", List.of(-1L, 2L)));
        assertThat(InputCheck.inputs(List.of(json("x", "FP16", List.of(1L, 2L), "[[0.5, -1.25]]")), halves)).hasSize(1);
        assertThatThrownBy(() -> InputCheck.inputs(List.of(json("x", "FP16", List.of(1L, 2L), "[\"a\", 1]")), halves))
                .hasMessageContaining("must be a number");
    }

    @Test
    void bytesInBinaryFormAreCountedByTheirLengthPrefixes() {
        assertThat(InputCheck.byteStrings(binary(Datatype.BYTES, 3))).isEqualTo(3);
        assertThat(InputCheck.byteStrings("")).isZero();
        // a length that runs past the end
        byte[] bad = ByteBuffer.allocate(6).order(ByteOrder.LITTLE_ENDIAN).putInt(9).put((byte) 'a').put((byte) 'b').array();
        assertThat(InputCheck.byteStrings(Base64.getEncoder().encodeToString(bad))).isEqualTo(-2);
        assertThat(InputCheck.byteStrings("not base64!")).isEqualTo(-1);
        CatalogVariant v = variant(null, new TensorSpec("x", "BYTES", List.of(-1L)));
        assertThatThrownBy(() -> InputCheck.inputs(List.of(new InferJob.Input("x", "BYTES", List.of(1L), noData(),
                Base64.getEncoder().encodeToString(bad))), v)).hasMessageContaining("runs past the end");
    }

    @Test
    void scalarsAreForVariantsThatDoNotBatch() throws Exception {
        // a recurrent model: audio, a state whose batch axis is not the first, and the sample rate as a scalar
        CatalogVariant alone = variant(0, new TensorSpec("input", "FP32", List.of(-1L, -1L)),
                new TensorSpec("state", "FP32", List.of(2L, -1L, 128L)), new TensorSpec("sr", "INT64", List.of()));
        List<InferJob.Input> given = List.of(json("input", "FP32", List.of(1L, 3L), "[0.1, 0.2, 0.3]"),
                new InferJob.Input("state", "FP32", List.of(2L, 1L, 128L), null,
                        Base64.getEncoder().encodeToString(new byte[2 * 128 * 4])),
                json("sr", "INT64", List.of(), "[16000]"));
        assertThat(InputCheck.inputs(given, alone)).hasSize(3);
        // a bare JSON number is a scalar's one element too
        assertThat(InputCheck.inputs(List.of(given.get(0), given.get(1), json("sr", "INT64", List.of(), "16000")), alone))
                .hasSize(3);

        CatalogVariant batchable = variant(8, new TensorSpec("sr", "INT64", List.of()));
        assertThatThrownBy(() -> InputCheck.inputs(List.of(json("sr", "INT64", List.of(), "[16000]")), batchable))
                .isInstanceOf(ApiException.class)
                .hasMessageContaining("input 'sr'").hasMessageContaining("rank-0")
                .hasMessageContaining("cannot batch").hasMessageContaining("batchable");
    }

    @Test
    void rowsPastMaxBatchSizeAreRefusedNamingTheLimit() throws Exception {
        CatalogVariant capped = variant(2, new TensorSpec("x", "FP32", List.of(-1L, 1L)));
        assertThat(InputCheck.inputs(List.of(json("x", "FP32", List.of(2L, 1L), "[1, 2]")), capped)).hasSize(1);
        assertThatThrownBy(() -> InputCheck.inputs(List.of(json("x", "FP32", List.of(3L, 1L), "[1, 2, 3]")), capped))
                .isInstanceOf(ApiException.class).hasMessageContaining("maxBatchSize 2").hasMessageContaining("3 rows");
        assertThat(((ApiException) catchRefusal(capped)).field()).isEqualTo("inputs[0].shape[0]");
    }

    private static RuntimeException catchRefusal(CatalogVariant v) throws Exception {
        InferJob.Input three = json("x", "FP32", List.of(3L, 1L), "[1, 2, 3]");
        try {
            InputCheck.inputs(List.of(three), v);
        } catch (ApiException e) {
            return e;
        }
        throw new AssertionError("not refused");
    }

    @Test
    void rawBytesAreCheckedLikeBase64AndNamedAsTheRawCarrier() {
        CatalogVariant v = variant(null, new TensorSpec("x", "FP32", List.of(-1L, 3L)),
                new TensorSpec("s", "BYTES", List.of(-1L, 2L)));
        byte[] strings = Base64.getDecoder().decode(binary(Datatype.BYTES, 2));
        assertThat(InputCheck.inputs(List.of(new InferJob.Input("x", "FP32", List.of(1L, 3L), null, null, new byte[12]),
                new InferJob.Input("s", "BYTES", List.of(1L, 2L), null, null, strings)), v)).hasSize(2);
        assertThatThrownBy(() -> InputCheck.inputs(List.of(
                new InferJob.Input("x", "FP32", List.of(1L, 3L), null, null, new byte[11]),
                new InferJob.Input("s", "BYTES", List.of(1L, 2L), null, null, strings)), v))
                .isInstanceOf(ApiException.class).hasMessageContaining("needs 12 bytes of FP32, got 11");
        byte[] cut = java.util.Arrays.copyOf(strings, strings.length - 1);
        assertThatThrownBy(() -> InputCheck.inputs(List.of(
                new InferJob.Input("x", "FP32", List.of(1L, 3L), null, null, new byte[12]),
                new InferJob.Input("s", "BYTES", List.of(1L, 2L), null, null, cut)), v))
                .isInstanceOf(ApiException.class).hasMessageContaining("an element runs past the end");
        assertThatThrownBy(() -> InputCheck.inputs(List.of(
                new InferJob.Input("x", "FP32", List.of(1L, 3L), null, "AAAAAAAAAAAAAAAA", new byte[12]),
                new InferJob.Input("s", "BYTES", List.of(1L, 2L), null, null, strings)), v))
                .isInstanceOf(ApiException.class).hasMessageContaining("exactly one of");
    }
}
