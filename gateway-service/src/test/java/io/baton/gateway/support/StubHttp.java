package io.baton.gateway.support;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/** A small HTTP server on a free local port for the stand-ins of other services. */
public abstract class StubHttp implements AutoCloseable {

    static {
        // As Tomcat does for the real services: without it a response's header and body segments meet the client's
        // delayed ACK (Nagle), and every call of a keep-alive connection waits about 40 ms.
        System.setProperty("sun.net.httpserver.nodelay", "true");
    }

    protected final HttpServer server;
    /** The client port of every exchange, in arrival order: one port for calls that shared a connection. */
    public final java.util.List<Integer> clientPorts = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** The suite's internal secret as every exchange carried it ("none" when absent), in arrival order. */
    public final java.util.List<String> internalSecrets = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** The {@code traceparent} header as every exchange carried it ("none" when absent), in arrival order. */
    public final java.util.List<String> traceparents = new java.util.concurrent.CopyOnWriteArrayList<>();

    protected StubHttp() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        server.setExecutor(Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, getClass().getSimpleName());
            t.setDaemon(true);
            return t;
        }));
        server.createContext("/", exchange -> {
            try (exchange) {
                clientPorts.add(exchange.getRemoteAddress().getPort());
                String secret = exchange.getRequestHeaders().getFirst(io.baton.core.security.InternalAuth.HEADER);
                internalSecrets.add(secret == null ? "none" : secret);
                String traceparent = exchange.getRequestHeaders().getFirst("traceparent");
                traceparents.add(traceparent == null ? "none" : traceparent);
                handle(exchange);
            } catch (Exception e) {
                e.printStackTrace();
                send(exchange, 500, "text/plain", String.valueOf(e).getBytes(StandardCharsets.UTF_8));
            }
        });
        server.start();
    }

    protected abstract void handle(HttpExchange exchange) throws Exception;

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }

    protected static void send(HttpExchange exchange, int status, String contentType, byte[] body) throws IOException {
        if (contentType != null) {
            exchange.getResponseHeaders().set("Content-Type", contentType);
        }
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    protected static void json(HttpExchange exchange, int status, String body) throws IOException {
        send(exchange, status, "application/json", body.getBytes(StandardCharsets.UTF_8));
    }

    protected static void problem(HttpExchange exchange, int status, String slug, String detail, String extra)
            throws IOException {
        String body = "{\"type\":\"urn:baton:problem:" + slug + "\",\"title\":\"" + slug + "\",\"status\":" + status
                + ",\"detail\":\"" + detail.replace("\"", "\\\"") + "\"" + (extra == null ? "" : "," + extra) + "}";
        send(exchange, status, "application/problem+json", body.getBytes(StandardCharsets.UTF_8));
    }
}
