package io.baton.worker;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A real HTTP server standing in for the two services a worker calls: registry-service's artifact route
 * ({@code GET /v1/artifacts/{sha256}/content}, the bytes) and scheduler-service's membership routes ({@code POST /internal/v1/workers},
 * {@code POST /internal/v1/workers/{id}/heartbeat}). It records what it receives and answers as told.
 */
final class FakeControlPlane implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    final Map<String, byte[]> artifacts = new ConcurrentHashMap<>();
    final List<JsonNode> registrations = new CopyOnWriteArrayList<>();
    final List<JsonNode> heartbeats = new CopyOnWriteArrayList<>();
    final java.util.Set<String> knownWorkers = ConcurrentHashMap.newKeySet();
    volatile int schedulerStatus = 200; // what the scheduler answers; 503 plays a scheduler in trouble
    private final HttpServer server;

    FakeControlPlane() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/v1/artifacts/", this::artifact);
        server.createContext("/internal/v1/workers", this::membership);
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private void artifact(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath().substring("/v1/artifacts/".length());
        // Only the bytes route: the registry answers metadata (JSON) on /v1/artifacts/{digest} itself.
        byte[] body = path.endsWith("/content") ? artifacts.get(path.substring(0, path.length() - "/content".length())) : null;
        if (body == null) {
            send(exchange, 404, "{\"status\":404}".getBytes(StandardCharsets.UTF_8));
        } else {
            send(exchange, 200, body);
        }
    }

    private void membership(HttpExchange exchange) throws IOException {
        JsonNode body = JSON.readTree(exchange.getRequestBody());
        String path = exchange.getRequestURI().getPath();
        if (schedulerStatus != 200) {
            send(exchange, schedulerStatus, new byte[0]);
        } else if (path.equals("/internal/v1/workers")) {
            registrations.add(body);
            knownWorkers.add(body.get("workerId").asText());
            send(exchange, 200, new byte[0]);
        } else {
            String id = path.substring("/internal/v1/workers/".length(), path.length() - "/heartbeat".length());
            if (!knownWorkers.contains(id)) {
                send(exchange, 404, new byte[0]);
                return;
            }
            heartbeats.add(body);
            send(exchange, 200, new byte[0]);
        }
    }

    private static void send(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            exchange.getResponseBody().write(body);
        }
        exchange.close();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
