package io.baton.scheduler.leader;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * The registry's lease routes as registry-service answers them (its rules: held by the holder, free once lapsed, 409
 * naming the holder otherwise; the epoch grows on a change of holder), kept in memory; {@link #failing} makes every
 * call a 500, as a registry that cannot reach its database answers, and {@link #assign} hands a lease to someone else
 * as another replica's acquire would.
 */
final class LeaseRegistryStub implements AutoCloseable {

    record Row(String holder, String holderUrl, long epoch, long expiresAtMillis) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    final Map<String, Row> leases = new ConcurrentHashMap<>();
    final AtomicInteger releases = new AtomicInteger();
    volatile boolean failing;

    LeaseRegistryStub() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/internal/v1/leases/", this::handle);
        server.start();
    }

    URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    void assign(String name, String holder, String holderUrl, long ttlMillis) {
        Row before = leases.get(name);
        leases.put(name, new Row(holder, holderUrl, before == null ? 1 : before.epoch() + 1,
                System.currentTimeMillis() + ttlMillis));
    }

    private synchronized void handle(HttpExchange exchange) throws IOException {
        String name = exchange.getRequestURI().getPath().substring("/internal/v1/leases/".length());
        if (failing) {
            send(exchange, 500, "{\"type\":\"urn:baton:problem:internal\",\"status\":500,\"detail\":\"database down\"}");
            return;
        }
        long now = System.currentTimeMillis();
        Row row = leases.get(name);
        switch (exchange.getRequestMethod()) {
            case "PUT" -> {
                JsonNode body = JSON.readTree(exchange.getRequestBody());
                String holder = body.get("holder").asText();
                if (row == null || row.holder().equals(holder) || row.expiresAtMillis() < now) {
                    long epoch = row == null ? 1 : row.holder().equals(holder) ? row.epoch() : row.epoch() + 1;
                    Row next = new Row(holder, body.path("holderUrl").asText(null), epoch,
                            now + body.get("ttlMillis").asLong());
                    leases.put(name, next);
                    send(exchange, 200, json(name, next));
                } else {
                    send(exchange, 409, json(name, row).replace("{", "{\"type\":\"urn:baton:problem:lease-held\",\"status\":409,"));
                }
            }
            case "DELETE" -> {
                String holder = exchange.getRequestURI().getQuery().substring("holder=".length());
                if (row != null && row.holder().equals(holder)) {
                    leases.put(name, new Row(row.holder(), row.holderUrl(), row.epoch(), now - 1));
                    releases.incrementAndGet();
                }
                exchange.sendResponseHeaders(204, -1);
                exchange.close();
            }
            default -> send(exchange, 405, "{}");
        }
    }

    private static String json(String name, Row row) {
        return JSON.createObjectNode().put("name", name).put("holder", row.holder()).put("holderUrl", row.holderUrl())
                .put("epoch", row.epoch()).toString();
    }

    private static void send(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", status == 200 ? "application/json" : "application/problem+json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
