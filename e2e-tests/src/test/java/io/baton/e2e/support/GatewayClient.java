package io.baton.e2e.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.baton.cli.suite.JsonHttp;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a user does with the gateway: registers models through its {@code /v1} (artifact upload, application, variant;
 * with the bootstrap API key) and infers through {@code /v2/models/{m}/infer}, in JSON or with the binary extension
 * (inputs as bytes after an {@code Inference-Header-Content-Length} JSON header; outputs likewise when asked for).
 */
public final class GatewayClient {
    private static final String HEADER_LENGTH = "Inference-Header-Content-Length";
    private final URI gateway;
    private final String key;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();

    public GatewayClient(URI gateway, String key) {
        this.gateway = gateway;
        this.key = key;
    }

    /** A status, the JSON (or the binary response's JSON header) and each output by name. */
    public record Answer(int status, JsonNode json, String body, Map<String, NamedTensor> outputs) {
        public String detail() {
            for (String f : new String[] {"detail", "error", "title"}) {
                if (json.hasNonNull(f)) return json.get(f).asText();
            }
            return body;
        }
    }

    public JsonHttp.Response uploadOnnx(byte[] model) {
        return send(admin("/v1/artifacts?type=onnx").header("Content-Type", "application/octet-stream")
                .POST(HttpRequest.BodyPublishers.ofByteArray(model)));
    }

    public JsonHttp.Response postJson(String path, Object body) {
        try {
            String json = body instanceof String s ? s : JsonHttp.JSON.writeValueAsString(body);
            return send(admin(path).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private HttpRequest.Builder admin(String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(gateway.resolve(path)).timeout(Duration.ofSeconds(60));
        return key == null ? b : b.header("X-API-Key", key);
    }

    private JsonHttp.Response send(HttpRequest.Builder b) {
        try {
            HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
            return new JsonHttp.Response(r.statusCode(), r.body());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** JSON in, JSON out. */
    public Answer inferJson(String model, List<NamedTensor> inputs) {
        ObjectNode body = JsonHttp.JSON.createObjectNode().put("id", "e2e-" + model);
        ArrayNode in = body.putArray("inputs");
        inputs.forEach(t -> in.add(t.json()));
        try {
            HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(gateway.resolve("/v2/models/" + model + "/infer")).timeout(Duration.ofSeconds(60))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            return answer(r);
        } catch (Exception e) {
            throw new IllegalStateException("POST /v2/models/" + model + "/infer: " + e, e);
        }
    }

    /** Every input as binary data, every output asked for as binary data. */
    public Answer inferBinary(String model, List<NamedTensor> inputs) {
        ObjectNode header = JsonHttp.JSON.createObjectNode().put("id", "e2e-binary-" + model);
        header.putObject("parameters").put("binary_data_output", true);
        ArrayNode in = header.putArray("inputs");
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        for (NamedTensor t : inputs) {
            ObjectNode j = in.addObject().put("name", t.name()).put("datatype", t.datatype());
            ArrayNode s = j.putArray("shape");
            for (long d : t.shape()) s.add(d);
            byte[] bytes = t.bytes();
            j.putObject("parameters").put("binary_data_size", bytes.length);
            data.writeBytes(bytes);
        }
        byte[] json = header.toString().getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(json);
        body.writeBytes(data.toByteArray());
        try {
            HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(gateway.resolve("/v2/models/" + model + "/infer")).timeout(Duration.ofSeconds(60))
                    .header("Content-Type", "application/octet-stream").header(HEADER_LENGTH, Integer.toString(json.length))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())).build(), HttpResponse.BodyHandlers.ofByteArray());
            return answer(r);
        } catch (Exception e) {
            throw new IllegalStateException("POST /v2/models/" + model + "/infer (binary): " + e, e);
        }
    }

    private static Answer answer(HttpResponse<byte[]> r) throws java.io.IOException {
        byte[] body = r.body();
        int jsonLength = r.headers().firstValue(HEADER_LENGTH).map(Integer::parseInt).orElse(body.length);
        String text = new String(body, 0, jsonLength, StandardCharsets.UTF_8);
        JsonNode json = text.isBlank() ? JsonHttp.JSON.createObjectNode() : JsonHttp.JSON.readTree(text);
        Map<String, NamedTensor> outputs = new LinkedHashMap<>();
        int offset = jsonLength;
        for (JsonNode o : json.path("outputs")) {
            JsonNode size = o.path("parameters").get("binary_data_size");
            if (size != null) {
                outputs.put(o.path("name").asText(), NamedTensor.fromBytes(o, ByteBuffer.wrap(body, offset, size.asInt()).slice()));
                offset += size.asInt();
            } else {
                outputs.put(o.path("name").asText(), NamedTensor.fromJson(o));
            }
        }
        return new Answer(r.statusCode(), json, text, outputs);
    }
}
