package io.baton.gateway.support;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpExchange;

/**
 * A stand-in for registry-service, by its README: the hot read {@code GET /v1/applications/{name}} (404 problem for
 * an unknown name), the page {@code GET /v1/applications?page=&size=}, readiness, ensemble profiles and artifact
 * bytes registered here (404 problems otherwise); any other {@code /v1} call is recorded and answered 201 with a
 * {@code Location}, echoing its body, so the admin proxy can be checked.
 */
public final class StubRegistry extends StubHttp {

    /** One request the proxy forwarded. */
    public record Seen(String method, String uri, String contentType, String apiKeyHeader, byte[] body) {
    }

    private final Map<String, String> applications = new ConcurrentHashMap<>();
    private final Map<String, String> ensembleProfiles = new ConcurrentHashMap<>();
    private final Map<String, byte[]> artifacts = new ConcurrentHashMap<>();
    public final Map<String, AtomicInteger> ensembleProfileReads = new ConcurrentHashMap<>();
    public final List<Seen> seen = new CopyOnWriteArrayList<>();
    public final AtomicInteger hotReads = new AtomicInteger();

    /** Registers an application's hot-read JSON under its name. */
    public StubRegistry application(String name, String json) {
        applications.put(name, json);
        return this;
    }

    /** Registers an application's ensemble profile JSON. */
    public StubRegistry ensembleProfile(String application, String json) {
        ensembleProfiles.put(application, json);
        return this;
    }

    /** Registers an artifact's bytes under its digest. */
    public StubRegistry artifact(String digest, byte[] bytes) {
        artifacts.put(digest, bytes);
        return this;
    }

    @Override
    protected void handle(HttpExchange exchange) throws Exception {
        String path = exchange.getRequestURI().getPath();
        String method = exchange.getRequestMethod();
        if (method.equals("GET") && path.startsWith("/v1/applications/") && path.endsWith("/ensemble-profile")) {
            String app = path.substring(17, path.length() - "/ensemble-profile".length());
            ensembleProfileReads.computeIfAbsent(app, a -> new AtomicInteger()).incrementAndGet();
            String profile = ensembleProfiles.get(app);
            if (profile == null) {
                problem(exchange, 404, "not-found", "application " + app + " has no ensemble profile", null);
            } else {
                json(exchange, 200, profile);
            }
            return;
        }
        if (method.equals("GET") && path.startsWith("/v1/artifacts/") && path.endsWith("/content")) {
            byte[] bytes = artifacts.get(path.substring(14, path.length() - "/content".length()));
            if (bytes == null) {
                problem(exchange, 404, "not-found", "no artifact", null);
            } else {
                send(exchange, 200, "application/octet-stream", bytes);
            }
            return;
        }
        if (path.equals("/actuator/health/readiness")) {
            json(exchange, 200, "{\"status\":\"UP\"}");
            return;
        }
        if (method.equals("GET") && path.equals("/v1/applications")) {
            Map<String, String> sorted = new TreeMap<>(applications);
            StringBuilder items = new StringBuilder();
            for (String name : sorted.keySet()) {
                items.append(items.length() == 0 ? "" : ",").append("{\"name\":\"").append(name).append("\"}");
            }
            json(exchange, 200, "{\"items\":[" + items + "],\"page\":0,\"size\":200,\"totalItems\":" + sorted.size()
                    + ",\"totalPages\":1}");
            return;
        }
        if (method.equals("GET") && path.startsWith("/v1/applications/") && path.indexOf('/', 17) < 0) {
            hotReads.incrementAndGet();
            String app = applications.get(path.substring(17));
            if (app == null) {
                problem(exchange, 404, "not-found", "no application " + path.substring(17), null);
            } else {
                json(exchange, 200, app);
            }
            return;
        }
        byte[] body = exchange.getRequestBody().readAllBytes();
        seen.add(new Seen(method, exchange.getRequestURI().toString(),
                exchange.getRequestHeaders().getFirst("Content-Type"),
                exchange.getRequestHeaders().getFirst("X-API-Key"), body));
        exchange.getResponseHeaders().set("Location", "/v1/echo/1");
        send(exchange, method.equals("POST") ? 201 : 200, "application/json",
                body.length > 0 ? body : "{}".getBytes(StandardCharsets.UTF_8));
    }
}
