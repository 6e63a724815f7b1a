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
 * an unknown name), the page {@code GET /v1/applications?page=&size=}, readiness, the key store the gateway asks
 * ({@code POST /internal/v1/api-keys/verify}: 200 with id, name, prefix and scopes, or a 401 problem;
 * {@code GET /internal/v1/api-keys/summary}; {@code DELETE /v1/api-keys/{id}} revokes, 204), ensemble profiles and
 * artifact bytes registered here (404 problems otherwise); any other {@code /v1}
 * call is recorded and answered 201 with a {@code Location}, echoing its body, so the admin proxy can be checked.
 */
public final class StubRegistry extends StubHttp {

    /** One request the proxy forwarded. */
    public record Seen(String method, String uri, String contentType, String apiKeyHeader, String authorization,
                       byte[] body) {
    }

    /** An issued key, as the registry keeps it (here by the key itself: this is a test). */
    record Key(long id, String name, List<String> scopes) {
    }

    private final Map<String, String> applications = new ConcurrentHashMap<>();
    private final Map<String, Key> keys = new ConcurrentHashMap<>();
    private final AtomicInteger keyIds = new AtomicInteger();
    private final java.security.SecureRandom random = new java.security.SecureRandom();
    private final Map<String, String> ensembleProfiles = new ConcurrentHashMap<>();
    private final Map<String, byte[]> artifacts = new ConcurrentHashMap<>();
    public final Map<String, AtomicInteger> ensembleProfileReads = new ConcurrentHashMap<>();
    public final List<Seen> seen = new CopyOnWriteArrayList<>();
    public final AtomicInteger hotReads = new AtomicInteger();
    /** How many times the key store was asked to verify a key. */
    public final AtomicInteger keyChecks = new AtomicInteger();
    /** When set, the key store answers 500: the registry is there but cannot check keys. */
    public volatile boolean keyStoreFailing;

    /** Issues a key of the registry's form with these scopes; answers the key. */
    public String issueKey(String name, String... scopes) {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        String key = "bk_" + java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        keys.put(key, new Key(keyIds.incrementAndGet(), name, List.of(scopes)));
        return key;
    }

    /** The id the key was issued under. */
    public long idOf(String key) {
        return keys.get(key).id();
    }

    /** Revokes every key (as if an operator had, straight in the registry). */
    public void revokeAll() {
        keys.clear();
    }

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
        if (path.startsWith("/internal/v1/api-keys/")) {
            keyStore(exchange, method, path);
            return;
        }
        if (method.equals("DELETE") && path.startsWith("/v1/api-keys/")) {
            long id = Long.parseLong(path.substring("/v1/api-keys/".length()));
            keys.values().removeIf(k -> k.id() == id);
            send(exchange, 204, null, new byte[0]);
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
                exchange.getRequestHeaders().getFirst("X-API-Key"),
                exchange.getRequestHeaders().getFirst("Authorization"), body));
        exchange.getResponseHeaders().set("Location", "/v1/echo/1");
        send(exchange, method.equals("POST") ? 201 : 200, "application/json",
                body.length > 0 ? body : "{}".getBytes(StandardCharsets.UTF_8));
    }

    private void keyStore(HttpExchange exchange, String method, String path) throws Exception {
        if (keyStoreFailing) {
            problem(exchange, 500, "internal", "the key store is failing", null);
            return;
        }
        if (method.equals("GET") && path.equals("/internal/v1/api-keys/summary")) {
            json(exchange, 200, "{\"active\":" + keys.size() + "}");
            return;
        }
        if (method.equals("POST") && path.equals("/internal/v1/api-keys/verify")) {
            keyChecks.incrementAndGet();
            String key = new com.fasterxml.jackson.databind.ObjectMapper().readTree(exchange.getRequestBody())
                    .path("key").asText();
            Key k = keys.get(key);
            if (k == null) {
                problem(exchange, 401, "unauthorized", "the API key is unknown or revoked", "\"field\":\"key\"");
                return;
            }
            StringBuilder scopes = new StringBuilder();
            for (String s : k.scopes()) {
                scopes.append(scopes.length() == 0 ? "" : ",").append('"').append(s).append('"');
            }
            json(exchange, 200, "{\"id\":" + k.id() + ",\"name\":\"" + k.name() + "\",\"prefix\":\""
                    + key.substring(0, 11) + "\",\"scopes\":[" + scopes + "]}");
            return;
        }
        problem(exchange, 404, "not-found", "no route " + method + " " + path, null);
    }
}
