package io.baton.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.baton.core.onnx.Dim;
import io.baton.core.onnx.GraphBuilder;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stand-in for a running suite on one port, answering what {@code bench live} calls, as the services' READMEs
 * describe it: the registry's application (one profiled variant, a real ONNX artifact 784 → 10), dataset and
 * artifact routes; the scheduler's worker list; the gateway's readiness and OIP inference (every {@code refuseEvery}-th
 * request refused with 503 and an OIP error; with {@code silent}, inference never answers). Beside the zoo's
 * {@code fashion-single}, two applications without a dataset: {@code vad} (a variant that does not batch, with an
 * INT64 scalar input, every dimension declared) and {@code ocr} (a batchable variant whose width no spec declares).
 */
final class FakeSuite implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();
    static final int IMAGES = 4, PIXELS = 784;

    final HttpServer server;
    final Map<String, JsonNode> created = new ConcurrentHashMap<>();
    final Map<String, JsonNode> profiles = new ConcurrentHashMap<>();
    final Map<String, JsonNode> variants = new ConcurrentHashMap<>();
    /** The last inference request: its body and its Inference-Header-Content-Length (null for JSON). */
    volatile byte[] lastInferBody;
    volatile String lastInferHeaderLength;
    final AtomicInteger inferences = new AtomicInteger();
    final int refuseEvery;
    final boolean silent;
    final byte[] onnx = model();

    FakeSuite(int refuseEvery, boolean silent) throws IOException {
        this.refuseEvery = refuseEvery;
        this.silent = silent;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", this::handle);
        server.start();
    }

    URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    static byte[] model() {
        GraphBuilder g = new GraphBuilder("fake");
        String x = g.input("input", Dim.BATCH, Dim.of(1), Dim.of(28), Dim.of(28));
        float[] w = new float[PIXELS * 10];
        for (int i = 0; i < w.length; i++) w[i] = (i % 7) / 100f;
        String logits = g.gemm(g.reshape(x, 0, PIXELS), g.weights("w", new long[] {PIXELS, 10}, w), g.weights("b", new long[] {10}, new float[10]));
        g.output(g.softmax(logits, 1), "probabilities", Dim.BATCH, Dim.of(10));
        return g.build().toBytes();
    }

    /** audio FP32 [-1,-1] → relu, sr INT64 [] → cast to float: a model that runs as sent, one request at a time. */
    static byte[] nonBatchingModel() {
        GraphBuilder g = new GraphBuilder("stateful");
        String audio = g.input("audio", Dim.symbolic("a"), Dim.symbolic("b"));
        String sr = g.int64Input("sr");
        g.output(g.relu(audio), "out", Dim.symbolic("a"), Dim.symbolic("b"));
        g.output(g.op("Cast", List.of(sr), io.baton.core.onnx.Attribute.of("to", 1L)), "srf");
        return g.build().toBytes();
    }

    static ObjectNode vadApplication() throws IOException {
        return (ObjectNode) JSON.readTree("""
                {"name": "vad", "kind": "single", "policy": "work-conserving", "sloMs": 200.0, "version": 0, "inputs": [], "outputs": [],
                 "classes": [], "variants": [{"name": "stateful", "stage": 0, "artifactDigest": "d-stateful", "maxBatchSize": 0,
                   "inputValues": {"sr": 16000},
                   "inputs": [{"name": "audio", "datatype": "FP32", "shape": [1, 64]}, {"name": "sr", "datatype": "INT64", "shape": []}],
                   "outputs": [{"name": "out", "datatype": "FP32", "shape": [1, 64]}, {"name": "srf", "datatype": "FP32", "shape": []}],
                   "profiles": [{"deviceKind": "cpu", "executionProvider": "cpu", "version": 1,
                                 "latency": [{"batchSize": 1, "p50Ms": 1.0, "p99Ms": 1.5}]}]}]}""");
    }

    static ObjectNode ocrApplication() throws IOException {
        return (ObjectNode) JSON.readTree("""
                {"name": "ocr", "kind": "single", "policy": "symphony", "sloMs": 200.0, "version": 0,
                 "inputs": [{"name": "image", "datatype": "FP32", "shape": [-1, 3, 8, -1]}], "outputs": [], "classes": [],
                 "variants": [{"name": "rec", "stage": 0, "artifactDigest": "d-rec", "maxBatchSize": 8,
                   "inputs": [{"name": "x", "datatype": "FP32", "shape": [-1, 3, -1, -1]}], "outputs": [],
                   "profiles": [{"deviceKind": "cpu", "executionProvider": "cpu", "version": 1,
                                 "latency": [{"batchSize": 1, "p50Ms": 2.0, "p99Ms": 3.0}]}]}]}""");
    }

    static ObjectNode sourceApplication() {
        ObjectNode app = JSON.createObjectNode();
        app.put("name", "fashion-single").put("kind", "single").put("policy", "symphony").put("sloMs", 100.0).put("version", 0);
        app.putArray("inputs").addObject().put("name", "input").put("datatype", "FP32").set("shape", JSON.valueToTree(List.of(-1, 1, 28, 28)));
        app.putArray("outputs").addObject().put("name", "probabilities").put("datatype", "FP32").set("shape", JSON.valueToTree(List.of(-1, 10)));
        app.set("classes", JSON.valueToTree(List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j")));
        ArrayNode variants = app.putArray("variants");
        for (String[] v : new String[][] {{"slow", "5.0"}, {"fast", "0.5"}}) {
            ObjectNode variant = variants.addObject().put("name", v[0]).put("stage", 0).put("artifactDigest", "d-" + v[0]);
            ObjectNode profile = variant.putArray("profiles").addObject().put("deviceKind", "cpu").put("executionProvider", "cpu")
                    .put("alphaMs", 0.1).put("betaMs", 0.4).put("version", 3).put("accuracy", 0.8);
            double one = Double.parseDouble(v[1]);
            ArrayNode latency = profile.putArray("latency");
            for (int b : new int[] {1, 2, 4, 8}) latency.addObject().put("batchSize", b).put("p50Ms", one + 0.1 * (b - 1)).put("p99Ms", one + 0.2 * b);
        }
        return app;
    }

    private void handle(HttpExchange ex) throws IOException {
        String path = ex.getRequestURI().getPath(), method = ex.getRequestMethod();
        byte[] body = ex.getRequestBody().readAllBytes();
        try {
            if (path.equals("/actuator/health")) {
                send(ex, 200, "{\"status\":\"UP\"}");
            } else if (method.equals("GET") && path.equals("/v1/applications/fashion-single")) {
                send(ex, 200, sourceApplication().toString());
            } else if (method.equals("GET") && path.equals("/v1/applications/vad")) {
                send(ex, 200, vadApplication().toString());
            } else if (method.equals("GET") && path.equals("/v1/applications/ocr")) {
                send(ex, 200, ocrApplication().toString());
            } else if (path.equals("/v1/artifacts/d-stateful/content")) {
                sendBytes(ex, nonBatchingModel());
            } else if (method.equals("POST") && path.equals("/v1/applications")) {
                JsonNode app = JSON.readTree(body);
                JsonNode before = created.putIfAbsent(app.path("name").asText(), app);
                send(ex, before == null ? 201 : 409, before == null ? app.toString() : "{\"type\":\"urn:baton:problem:duplicate\"}");
            } else if (method.equals("GET") && path.startsWith("/v1/applications/") && created.containsKey(path.substring(17))) {
                send(ex, 200, created.get(path.substring(17)).toString());
            } else if (method.equals("PUT") && path.startsWith("/v1/applications/") && path.endsWith("/profiles/cpu/cpu")) {
                profiles.put(path, JSON.readTree(body));
                send(ex, 201, new String(body, StandardCharsets.UTF_8));
            } else if (method.equals("POST") && path.endsWith("/variants")) {
                variants.put(path, JSON.readTree(body));
                send(ex, 201, new String(body, StandardCharsets.UTF_8));
            } else if (path.equals("/v1/applications/fashion-single/datasets")) {
                send(ex, 200, "{\"items\":[{\"name\":\"validation\",\"inputsDigest\":\"in\",\"labelsDigest\":\"lb\",\"sampleCount\":" + IMAGES
                        + ",\"inputSpec\":{\"name\":\"input\",\"datatype\":\"FP32\",\"shape\":[" + IMAGES + ",1,28,28]}}]}");
            } else if (path.equals("/v1/artifacts/in/content")) {
                ByteBuffer b = ByteBuffer.allocate(IMAGES * PIXELS * 4).order(ByteOrder.LITTLE_ENDIAN);
                for (int i = 0; i < IMAGES * PIXELS; i++) b.putFloat((i % 255) / 255f);
                sendBytes(ex, b.array());
            } else if (path.equals("/v1/artifacts/d-fast/content")) {
                sendBytes(ex, onnx);
            } else if (path.equals("/internal/v1/workers")) {
                send(ex, 200, "[{\"workerId\":\"cpu-0\",\"state\":\"LIVE\"},{\"workerId\":\"cpu-1\",\"state\":\"EVICTED\"}]");
            } else if (path.matches("/v2/models/[^/]+/ready")) {
                send(ex, 200, "");
            } else if (method.equals("POST") && path.matches("/v2/models/[^/]+/infer")) {
                if (silent) return; // never answers: the client's timeout must end it
                lastInferBody = body;
                lastInferHeaderLength = ex.getRequestHeaders().getFirst("Inference-Header-Content-Length");
                int n = inferences.incrementAndGet();
                if (refuseEvery > 0 && n % refuseEvery == 0) {
                    send(ex, 503, "{\"error\":\"dropped: DEADLINE_UNMEETABLE\"}");
                } else {
                    send(ex, 200, "{\"model_name\":\"x\",\"outputs\":[{\"name\":\"probabilities\",\"datatype\":\"FP32\",\"shape\":[1,10],"
                            + "\"data\":[0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1]}],\"parameters\":{\"batch_size\":2,\"execution_ms\":0.5}}");
                }
            } else {
                send(ex, 404, "{\"type\":\"urn:baton:problem:not-found\",\"detail\":\"" + method + " " + path + "\"}");
            }
        } catch (RuntimeException e) {
            send(ex, 500, "{\"detail\":\"" + e + "\"}");
        }
    }

    private static void send(HttpExchange ex, int status, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.sendResponseHeaders(status, b.length == 0 ? -1 : b.length);
        if (b.length > 0) ex.getResponseBody().write(b);
        ex.close();
    }

    private static void sendBytes(HttpExchange ex, byte[] b) throws IOException {
        ex.sendResponseHeaders(200, b.length);
        ex.getResponseBody().write(b);
        ex.close();
    }

    @Override
    public void close() {
        server.stop(0);
        ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
    }
}
