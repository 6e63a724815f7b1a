package io.baton.profiler.support;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The few registry calls the tests make to set it up and to check what the profiler wrote. */
public final class Registry {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final URI url;

    public Registry(URI url) {
        this.url = url;
    }

    public JsonNode post(String path, Object body) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(url.resolve(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build(), 201);
    }

    public JsonNode get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(url.resolve(path)).GET().build(), 200);
    }

    /** An artifact's bytes. */
    public byte[] content(String digest) throws IOException, InterruptedException {
        HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(url.resolve("/v1/artifacts/" + digest + "/content")).GET().build(),
                HttpResponse.BodyHandlers.ofByteArray());
        if (r.statusCode() != 200) throw new IllegalStateException("GET content of " + digest + " → " + r.statusCode());
        return r.body();
    }

    /** Uploads bytes ({@code type} onnx or data) and answers the digest. */
    public String upload(byte[] bytes, String type) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(url.resolve("/v1/artifacts?type=" + type))
                .header("Content-Type", "application/octet-stream").POST(HttpRequest.BodyPublishers.ofByteArray(bytes))
                .build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 201 && r.statusCode() != 200) throw new IllegalStateException(r.statusCode() + " " + r.body());
        return JSON.readTree(r.body()).get("digest").asText();
    }

    private JsonNode send(HttpRequest request, int expected) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != expected) {
            throw new IllegalStateException(request.method() + " " + request.uri() + " → " + r.statusCode() + " " + r.body());
        }
        return JSON.readTree(r.body());
    }

    public static byte[] littleEndian(float[] values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        b.asFloatBuffer().put(values);
        return b.array();
    }

    public static byte[] littleEndian(int[] values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        b.asIntBuffer().put(values);
        return b.array();
    }
}
