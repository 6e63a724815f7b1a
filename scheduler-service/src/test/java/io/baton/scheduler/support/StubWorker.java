package io.baton.scheduler.support;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;

/**
 * A worker that runs nothing: it registers with the scheduler under test, records every batch body the scheduler sends
 * ({@code POST /internal/v1/batches}) and answers, one batch at a time after {@code executionMs}, with output
 * {@code y} = each part of the first input echoed back (one part per request, {@code split} unless the batch said
 * {@code "batched": false}). For tests whose subject is what the scheduler sends, not what a model computes.
 */
public final class StubWorker implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final String id;
    private final long executionMs;
    private final java.util.Set<String> resident = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /**
     * The execution time reported (not slept) for the first batch of a variant whose digest starts with
     * {@code sha-cold}: the batch that made it resident, on a cold ONNX Runtime session.
     */
    public volatile double coldFirstRunMs = 600_000;
    /** Every batch body received, in arrival order. */
    public final List<JsonNode> batches = new CopyOnWriteArrayList<>();
    /** The {@code traceparent} header of every batch call ("none" when absent), in arrival order. */
    public final List<String> traceparents = new CopyOnWriteArrayList<>();

    public StubWorker(String id, long executionMs) throws IOException {
        this.id = id;
        this.executionMs = executionMs;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/internal/v1/models/", exchange -> {
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.createContext("/internal/v1/batches", exchange -> {
            JsonNode body = JSON.readTree(exchange.getRequestBody().readAllBytes());
            String traceparent = exchange.getRequestHeaders().getFirst("traceparent");
            traceparents.add(traceparent == null ? "none" : traceparent);
            batches.add(body);
            try {
                Thread.sleep(executionMs);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] bytes = JSON.writeValueAsBytes(answer(body));
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.start(); // one thread: batches run one at a time, as a worker's FIFO runs them
    }

    private ObjectNode answer(JsonNode body) {
        JsonNode first = body.path("inputs").path(0);
        boolean batched = body.path("batched").asBoolean(true);
        ObjectNode a = JSON.createObjectNode();
        a.put("variant", body.path("variant").asText());
        a.put("deviceId", id);
        a.put("batchSize", first.path("parts").size());
        ArrayNode outputs = a.putArray("outputs");
        ObjectNode y = outputs.addObject();
        y.put("name", "y");
        y.put("datatype", first.path("datatype").asText());
        y.put("split", batched);
        ArrayNode parts = y.putArray("parts");
        for (JsonNode part : first.path("parts")) {
            ObjectNode p = parts.addObject();
            p.set("shape", part.path("shape"));
            if (part.has("base64")) p.set("base64", part.get("base64"));
            else p.set("data", part.path("data"));
        }
        String variant = body.path("variant").asText();
        boolean cold = variant.startsWith("sha-cold") && resident.add(variant);
        if (cold) {
            a.putObject("load").put("alreadyLoaded", false);
        }
        ObjectNode timing = a.putObject("timing");
        timing.put("executionMs", cold ? coldFirstRunMs : (double) executionMs);
        timing.put("queueMs", 0.0);
        timing.put("loadMs", 0.0);
        timing.put("totalMs", (double) executionMs);
        return a;
    }

    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** Registers with the scheduler at {@code scheduler}, as worker-service does on start. */
    public void register(URI scheduler) throws Exception {
        String registration = """
                {"workerId":"%s","url":"%s","device":{"deviceId":"%s","kind":"cpu","provider":"cpu","cores":2,\
                "cpuModel":"stub","gpuName":null,"gpuIndex":null,"memoryBytes":8589934592,\
                "memoryBudgetBytes":1073741824,"intraOpThreads":1,"maxConcurrentBatches":1,\
                "onnxRuntimeVersion":"1.23.2","availableProviders":["CPU"]},"models":[]}""".formatted(id, url(), id);
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                scheduler.resolve("/internal/v1/workers")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(registration)).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) throw new IllegalStateException("registering " + id + ": " + r.statusCode() + " " + r.body());
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
