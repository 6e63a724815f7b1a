package io.baton.gateway.oip;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.Tensor;
import io.baton.commons.tensor.TensorException;
import io.baton.gateway.GatewayException;

/** The OIP request reader and response writer: JSON and binary tensor data, and every refusal naming its tensor. */
class OipCodecTest {

    final ObjectMapper json = new ObjectMapper();
    final OipRequestReader reader = new OipRequestReader(json);
    final OipResponseWriter writer = new OipResponseWriter(json);

    OipRequest read(String body) {
        return reader.read(body.getBytes(StandardCharsets.UTF_8), null);
    }

    @Test
    void jsonTensorsOfEveryServedDatatypeFlatOrNested() {
        OipRequest r = read("""
                {"id": "7", "parameters": {"timeout": 1500, "priority": 2, "binary_data_output": true},
                 "inputs": [
                   {"name": "f", "shape": [2, 2], "datatype": "FP32", "data": [[1.5, -2], [3, 4.25]]},
                   {"name": "d", "shape": [1, 3], "datatype": "FP64", "data": [0.1, 1e300, -7]},
                   {"name": "i", "shape": [3], "datatype": "INT32", "data": [1, -2147483648, 2147483647]},
                   {"name": "l", "shape": [1, 1, 2], "datatype": "INT64", "data": [[[9007199254740993, -1]]]}],
                 "outputs": [{"name": "y", "parameters": {"binary_data": false}}, {"name": "z"}]}""");
        assertThat(r.id()).isEqualTo("7");
        assertThat(r.timeoutUs()).isEqualTo(1500);
        assertThat(r.priority()).isEqualTo(2);
        assertThat(r.outputNames()).containsExactly("y", "z");
        assertThat(r.binary("y")).isFalse();
        assertThat(r.binary("z")).isTrue(); // binary_data_output applies where the output does not say
        Tensor f = r.inputs().get(0);
        assertThat(f.datatype()).isEqualTo(Datatype.FP32);
        assertThat(f.shape()).containsExactly(2, 2);
        assertThat(f.toDoubles()).containsExactly(1.5, -2, 3, 4.25);
        assertThat(r.inputs().get(1).toDoubles()).containsExactly(0.1, 1e300, -7);
        assertThat(r.inputs().get(2).toDoubles()).containsExactly(1, -2147483648, 2147483647);
        ByteBuffer l = r.inputs().get(3).data().duplicate().order(ByteOrder.LITTLE_ENDIAN);
        assertThat(l.getLong(0)).isEqualTo(9007199254740993L); // exact beyond 2^53
        assertThat(l.getLong(8)).isEqualTo(-1L);
    }

    @Test
    void binaryInputsAreReadAfterTheJsonHeaderInOrder() {
        String header = """
                {"inputs": [
                  {"name": "a", "shape": [1, 2], "datatype": "FP32", "parameters": {"binary_data_size": 8}},
                  {"name": "b", "shape": [1], "datatype": "INT64", "data": [5]},
                  {"name": "c", "shape": [2], "datatype": "INT32", "parameters": {"binary_data_size": 8}}]}""";
        byte[] h = header.getBytes(StandardCharsets.UTF_8);
        ByteBuffer body = ByteBuffer.allocate(h.length + 16).order(ByteOrder.LITTLE_ENDIAN);
        body.put(h).putFloat(0.25f).putFloat(-8f).putInt(3).putInt(-4);
        OipRequest r = reader.read(body.array(), String.valueOf(h.length));
        assertThat(r.inputs().get(0).toDoubles()).containsExactly(0.25, -8);
        assertThat(r.inputs().get(1).toDoubles()).containsExactly(5);
        assertThat(r.inputs().get(2).toDoubles()).containsExactly(3, -4);
    }

    @Test
    void everyTensorErrorNamesTheTensor() {
        assertTensorError("""
                {"inputs": [{"name": "x", "shape": [1, 2], "datatype": "FP8", "data": [1, 2]}]}""",
                "input 'x'", "datatype 'FP8' is not an OIP datatype");
        assertTensorError("""
                {"inputs": [{"name": "x", "shape": [1, 2], "data": [1, 2]}]}""", "input 'x'", "datatype is missing");
        assertTensorError("""
                {"inputs": [{"name": "x", "datatype": "FP32", "data": [1, 2]}]}""", "input 'x'", "shape is missing");
        assertTensorError("""
                {"inputs": [{"name": "x", "shape": [1, -2], "datatype": "FP32", "data": [1, 2]}]}""",
                "input 'x'", "dimension 1");
        assertTensorError("""
                {"inputs": [{"name": "x", "shape": [1, 3], "datatype": "FP32", "data": [1, 2]}]}""",
                "input 'x'", "data has 2 values but shape [1, 3] needs 3");
        assertTensorError("""
                {"inputs": [{"name": "x", "shape": [1, 1], "datatype": "FP32", "data": [1, 2]}]}""",
                "input 'x'", "data has 2 values");
        // Red-team: 80 bytes claiming 10^8 elements were allocated before the count was compared (OutOfMemoryError).
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        assertTensorError("""
                {"inputs": [{"name": "x", "shape": [100000000, 1], "datatype": "FP32", "data": [1]}]}""",
                "input 'x'", "data has 1 values but shape [100000000, 1] needs 100000000");
        assertThat(threads.getCurrentThreadAllocatedBytes() - before).as("bytes allocated refusing it").isLessThan(16L << 20);
        assertTensorError("""
                {"inputs": [{"name": "x", "shape": [2], "datatype": "INT32", "data": [1, 2.5]}]}""",
                "input 'x'", "data[1] is 2.5, not a 32-bit integer");
        assertTensorError("""
                {"inputs": [{"name": "x", "shape": [1], "datatype": "INT32", "data": [4294967296]}]}""",
                "input 'x'", "not a 32-bit integer");
        assertTensorError("""
                {"inputs": [{"name": "x", "shape": [1], "datatype": "FP32", "data": ["one"]}]}""",
                "input 'x'", "not a number");
        assertTensorError("""
                {"inputs": [{"name": "x", "shape": [1], "datatype": "FP32", "data": 1}]}""",
                "input 'x'", "must be a JSON array");
        assertTensorError("""
                {"inputs": [{"name": "x", "shape": [1], "datatype": "FP32"}]}""", "input 'x'", "has no data");
        assertTensorError("""
                {"inputs": [{"shape": [1], "datatype": "FP32", "data": [1]}]}""", "inputs[0]", "name is missing");
        assertTensorError("""
                {"inputs": [{"name": "x", "shape": [1], "datatype": "FP32", "data": [1],
                             "parameters": {"binary_data_size": 4}}]}""", "input 'x'", "both data and");
        assertTensorError("""
                {"inputs": [{"name": "x", "shape": [1], "datatype": "FP32", "parameters": {"binary_data_size": 4}}]}""",
                "input 'x'", "no binary data");
        assertTensorError("""
                {"inputs": [{"name": "x", "shape": [1], "datatype": "FP32", "data": [1]}],
                 "outputs": [{"name": "y"}, {"name": "y"}]}""", "output 'y'", "asked for twice");
        assertTensorError("""
                {"inputs": [{"name": "x", "shape": [1], "datatype": "FP32", "data": [1]}],
                 "outputs": [{"name": "y", "parameters": {"binary_data": "yes"}}]}""", "output 'y'", "true or false");
    }

    @Test
    void binaryErrorsNameTheTensorOrTheHeader() {
        String header = """
                {"inputs": [{"name": "a", "shape": [1, 2], "datatype": "FP32", "parameters": {"binary_data_size": 4}}]}""";
        byte[] h = header.getBytes(StandardCharsets.UTF_8);
        byte[] body = Arrays.copyOf(h, h.length + 8);
        assertThatThrownBy(() -> reader.read(body, String.valueOf(h.length)))
                .isInstanceOfSatisfying(TensorException.class, e -> assertThat(e.tensor()).isEqualTo("input 'a'"))
                .hasMessageContaining("binary_data_size is 4 bytes but shape [1, 2] of FP32 needs 8");

        String ok = header.replace("\"binary_data_size\": 4", "\"binary_data_size\": 8");
        byte[] h2 = ok.getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> reader.read(Arrays.copyOf(h2, h2.length + 4), String.valueOf(h2.length)))
                .isInstanceOfSatisfying(TensorException.class, e -> assertThat(e.tensor()).isEqualTo("input 'a'"))
                .hasMessageContaining("needs 8 bytes of binary data but only 4 remain");
        assertThatThrownBy(() -> reader.read(Arrays.copyOf(h2, h2.length + 12), String.valueOf(h2.length)))
                .isInstanceOf(GatewayException.class).hasMessageContaining("12 bytes of binary data")
                .hasMessageContaining("add up to 8");
        assertThatThrownBy(() -> reader.read(h2, "999999"))
                .isInstanceOf(GatewayException.class).hasMessageContaining("Inference-Header-Content-Length is 999999");
        assertThatThrownBy(() -> reader.read(h2, "ten"))
                .isInstanceOf(GatewayException.class).hasMessageContaining("Inference-Header-Content-Length");
    }

    @Test
    void requestLevelRefusals() {
        assertThatThrownBy(() -> read("{\"inputs\": []}")).isInstanceOf(GatewayException.class)
                .hasMessageContaining("inputs must be a non-empty array");
        assertThatThrownBy(() -> read("[1]")).isInstanceOf(GatewayException.class).hasMessageContaining("JSON object");
        assertThatThrownBy(() -> read("{\"inputs\": [}")).isInstanceOf(GatewayException.class)
                .hasMessageStartingWith("malformed JSON");
        assertThatThrownBy(() -> read("""
                {"parameters": {"priority": 1.5}, "inputs": [{"name": "x", "shape": [1], "datatype": "FP32", "data": [1]}]}"""))
                .isInstanceOf(GatewayException.class).hasMessageContaining("parameters.priority");
        assertThatThrownBy(() -> read("""
                {"parameters": {"timeout": "soon"}, "inputs": [{"name": "x", "shape": [1], "datatype": "FP32", "data": [1]}]}"""))
                .isInstanceOf(GatewayException.class).hasMessageContaining("parameters.timeout");
    }

    @Test
    void jsonResponseRoundTrip() throws Exception {
        OipRequest request = read("""
                {"inputs": [{"name": "x", "shape": [1], "datatype": "FP32", "data": [1]}]}""");
        Tensor y = Tensor.ofFloats("y", new long[] {1, 3}, 0.1f, 2.5f, -3f);
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("variant", "v");
        params.put("batch_size", 4);
        OipResponseWriter.Encoded e = writer.write("m", "v", "id-1", params, List.of(y), request);
        assertThat(e.contentType()).isEqualTo(MediaType.APPLICATION_JSON);
        assertThat(e.headerLength()).isNull();
        JsonNode body = json.readTree(e.body());
        assertThat(body.get("model_name").asText()).isEqualTo("m");
        assertThat(body.get("model_version").asText()).isEqualTo("v");
        assertThat(body.get("id").asText()).isEqualTo("id-1");
        assertThat(body.at("/parameters/batch_size").asInt()).isEqualTo(4);
        assertThat(body.at("/outputs/0/shape").toString()).isEqualTo("[1,3]");
        assertThat(body.at("/outputs/0/data").toString()).isEqualTo("[0.1,2.5,-3.0]");
        // and back through the reader, as a client would send it again
        OipRequest again = read("{\"inputs\": [{\"name\": \"y\", \"shape\": [1, 3], \"datatype\": \"FP32\", \"data\": "
                + body.at("/outputs/0/data") + "}]}");
        assertThat(again.inputs().get(0).data()).isEqualTo(y.data());
    }

    @Test
    void binaryResponseRoundTrip() throws Exception {
        OipRequest request = read("""
                {"inputs": [{"name": "x", "shape": [1], "datatype": "FP32", "data": [1]}],
                 "outputs": [{"name": "a", "parameters": {"binary_data": true}}, {"name": "b"},
                             {"name": "c", "parameters": {"binary_data": true}}]}""");
        Tensor a = Tensor.ofFloats("a", new long[] {2}, 1f, -1f);
        ByteBuffer lb = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putLong(Long.MAX_VALUE).putLong(-3);
        Tensor b = new Tensor("b", Datatype.INT64, new long[] {1, 2}, lb.flip());
        ByteBuffer db = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble(Math.PI);
        Tensor c = new Tensor("c", Datatype.FP64, new long[] {1}, db.flip());
        OipResponseWriter.Encoded e = writer.write("m", null, null, Map.of(), List.of(a, b, c), request);
        assertThat(e.contentType()).isEqualTo(MediaType.APPLICATION_OCTET_STREAM);
        JsonNode header = json.readTree(Arrays.copyOf(e.body(), e.headerLength()));
        assertThat(header.has("model_version")).isFalse();
        assertThat(header.at("/outputs/0/parameters/binary_data_size").asInt()).isEqualTo(8);
        assertThat(header.at("/outputs/1/data").toString()).isEqualTo("[9223372036854775807,-3]");
        assertThat(header.at("/outputs/2/parameters/binary_data_size").asInt()).isEqualTo(8);
        assertThat(e.body()).hasSize(e.headerLength() + 16);
        ByteBuffer tail = ByteBuffer.wrap(e.body(), e.headerLength(), 16).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(tail.getFloat()).isEqualTo(1f);
        assertThat(tail.getFloat()).isEqualTo(-1f);
        assertThat(tail.getDouble()).isEqualTo(Math.PI);

        // The binary response's header and bytes read back as a binary request carrying the same tensors.
        String asRequest = "{\"inputs\": [" + header.at("/outputs/0").toString() + ","
                + header.at("/outputs/2").toString() + "]}";
        byte[] h = asRequest.getBytes(StandardCharsets.UTF_8);
        byte[] body = new byte[h.length + 16];
        System.arraycopy(h, 0, body, 0, h.length);
        System.arraycopy(e.body(), e.headerLength(), body, h.length, 16);
        OipRequest back = reader.read(body, String.valueOf(h.length));
        assertThat(back.inputs().get(0).data()).isEqualTo(a.data());
        assertThat(back.inputs().get(1).data()).isEqualTo(c.data());
    }

    /**
     * Red-team: one 30 MB body of one-value arrays ([[0],[0],…]) made Jackson's tree outgrow a 512 MB gateway
     * (OutOfMemoryError), as did two 60 MB bodies of "0,". The tree's cost is counted on the bytes first.
     */
    @Test
    void jsonWhoseTreeWouldOutgrowTheBoundIsRefusedBeforeItIsBuilt() {
        int rows = 1_000_000; // 5 million units: past the 4 million bound, a 4 MB body
        StringBuilder body = new StringBuilder(rows * 4 + 100)
                .append("{\"inputs\": [{\"name\": \"x\", \"shape\": [").append(rows).append(", 1], \"datatype\": \"FP32\", \"data\": [");
        for (int i = 0; i < rows; i++) body.append(i == 0 ? "[0]" : ",[0]");
        String nested = body.append("]}]}").toString();
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        byte[] bytes = nested.getBytes(StandardCharsets.UTF_8);
        long before = threads.getCurrentThreadAllocatedBytes();
        assertThatThrownBy(() -> reader.read(bytes, null)).isInstanceOfSatisfying(GatewayException.class, e -> {
            assertThat(e.status()).isEqualTo(413);
            assertThat(e.reason()).isEqualTo("json-too-large");
        }).hasMessageContaining("holds about 5000024 values and arrays, more than the 4194304")
                .hasMessageContaining("send large tensors as binary data");
        assertThat(threads.getCurrentThreadAllocatedBytes() - before).as("bytes allocated refusing it").isLessThan(1L << 20);

        // commas and brackets inside strings are not values
        byte[] strings = "{\"id\": \"[,[,\\\",\"}".getBytes(StandardCharsets.UTF_8);
        assertThat(OipRequestReader.jsonUnits(strings, strings.length)).isEqualTo(5);
        // all requests being decoded at once share a second bound: with none of it left, a request is a 503
        OipRequestReader small = new OipRequestReader(json, 40, 40);
        assertThat(small.read("{\"inputs\": [{\"name\": \"x\", \"shape\": [2], \"datatype\": \"FP32\", \"data\": [1, 2]}]}"
                .getBytes(StandardCharsets.UTF_8), null).inputs()).hasSize(1);
        assertThatThrownBy(() -> small.read(("{\"inputs\": [{\"name\": \"x\", \"shape\": [41], \"datatype\": \"FP32\", \"data\": ["
                + "0,".repeat(40) + "0]}]}").getBytes(StandardCharsets.UTF_8), null))
                .isInstanceOfSatisfying(GatewayException.class, e -> assertThat(e.status()).isEqualTo(413));
    }

    private void assertTensorError(String body, String tensor, String message) {
        assertThatThrownBy(() -> read(body))
                .isInstanceOfSatisfying(TensorException.class, e -> assertThat(e.tensor()).isEqualTo(tensor))
                .hasMessageStartingWith(tensor + ": ")
                .hasMessageContaining(message);
    }
}
