package io.baton.scheduler.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;

class BatchOutputsTest {

    private final ObjectMapper json = new ObjectMapper();

    private static PendingRequest request(List<String> outputs, boolean binary) {
        InferJob job = new InferJob("app", null, 0, List.of(), outputs, binary);
        return new PendingRequest(job, 0, 100);
    }

    @Test
    void theBatchAsksForTheUnionAndBase64OnlyWhenEveryoneWantsIt() {
        assertThat(BatchOutputs.union(List.of(request(List.of("a"), true), request(List.of("b", "a"), true))))
                .containsExactly("a", "b");
        assertThat(BatchOutputs.union(List.of(request(List.of("a"), true), request(null, true)))).isNull();
        assertThat(BatchOutputs.allBinary(List.of(request(null, true), request(null, true)))).isTrue();
        assertThat(BatchOutputs.allBinary(List.of(request(null, true), request(null, false)))).isFalse();
    }

    @Test
    void eachRequestGetsItsOwnPartInTheFormItAskedFor() throws Exception {
        JsonNode answer = json.readTree("""
                {"outputs":[
                  {"name":"y","datatype":"FP32","shape":[2,2],"split":true,
                   "parts":[{"shape":[1,2],"data":[1.5,2.5]},{"shape":[1,2],"data":[3.5,-4.0]}]},
                  {"name":"n","datatype":"INT64","shape":[1],"split":false,"parts":[{"shape":[1],"data":[7]}]}]}""");
        List<JsonNode> first = BatchOutputs.slice(answer, 0, request(null, false).job);
        assertThat(first).hasSize(2);
        assertThat(first.get(0).path("data").toString()).isEqualTo("[1.5,2.5]");
        assertThat(first.get(1).path("data").toString()).isEqualTo("[7]");

        List<JsonNode> second = BatchOutputs.slice(answer, 1, request(List.of("y"), true).job);
        assertThat(second).hasSize(1);
        String b64 = second.get(0).path("base64").asText();
        assertThat(BatchOutputs.fromBase64(b64, "FP32").toString()).isEqualTo("[3.5,-4.0]");
    }

    @Test
    void base64AndArraysConvertBothWaysForEveryDatatype() throws Exception {
        for (String type : List.of("FP32", "FP64", "INT32", "INT64")) {
            JsonNode data = json.readTree("[1,-2,300000,0]");
            String b64 = BatchOutputs.toBase64(data, type);
            assertThat(BatchOutputs.fromBase64(b64, type).toString().replace(".0", "")).as(type).isEqualTo("[1,-2,300000,0]");
        }
    }

    @Test
    void bytesOutputsConvertByTheirLengthPrefixes() throws Exception {
        JsonNode strings = json.readTree("[\"ankle boot\",\"\",\"0.9:3:Dress\"]");
        String b64 = BatchOutputs.toBase64(strings, "BYTES");
        assertThat(java.util.Base64.getDecoder().decode(b64)).hasSize(3 * 4 + 10 + 0 + 11);
        assertThat(BatchOutputs.fromBase64(b64, "BYTES")).isEqualTo(strings);
    }
}
