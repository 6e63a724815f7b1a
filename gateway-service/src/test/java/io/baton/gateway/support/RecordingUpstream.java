package io.baton.gateway.support;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpExchange;

/**
 * A stand-in for a service behind the admin routes (the profiler, the scheduler): records every call and answers
 * 200 with {@code {"upstream": name, "method", "uri", "body"}}; {@code .../missing} is a 404 problem naming a field,
 * {@code .../slow} answers only after {@link #SLOW_MS}.
 */
public class RecordingUpstream extends StubHttp {

    public static final long SLOW_MS = 3_000;

    public record Seen(String method, String uri, String contentType, String apiKeyHeader, String body) {
    }

    public final List<Seen> seen = new CopyOnWriteArrayList<>();
    private final String name;

    public RecordingUpstream(String name) {
        this.name = name;
    }

    public Seen last() {
        return seen.get(seen.size() - 1);
    }

    @Override
    protected void handle(HttpExchange exchange) throws Exception {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String uri = exchange.getRequestURI().toString();
        seen.add(new Seen(exchange.getRequestMethod(), uri, exchange.getRequestHeaders().getFirst("Content-Type"),
                exchange.getRequestHeaders().getFirst("X-API-Key"), body));
        if (exchange.getRequestURI().getPath().endsWith("/missing")) {
            problem(exchange, 404, "not-found", "no such thing in " + name, "\"field\":\"id\"");
            return;
        }
        if (exchange.getRequestURI().getPath().endsWith("/slow")) {
            Thread.sleep(SLOW_MS);
        }
        json(exchange, 200, "{\"upstream\":\"" + name + "\",\"method\":\"" + exchange.getRequestMethod()
                + "\",\"uri\":\"" + uri + "\",\"body\":\"" + body.replace("\"", "\\\"") + "\"}");
    }
}
