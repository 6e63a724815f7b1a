package io.baton.cli.twin;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.cli.suite.SuiteException;
import io.baton.core.domain.LatencyProfile;

/**
 * The world in force, read from a running suite through its gateway's {@code /v1} routes: the live workers
 * ({@code GET /v1/workers}) and each application of the trace ({@code GET /v1/applications/{name}}) with the profile the
 * scheduler plans with: of the variant the trace says it ran (else its first), the profile for the first live worker's
 * device kind and provider, else one of the same kind, else any; its p50 per batch size, fitted linearly; its batch
 * cap the least of the variant's {@code maxBatchSize}, the largest batch profiled and the scheduler's default
 * {@code max-batch} (64). Every call is bounded (10 s); a refusal or an unreachable gateway is a {@link SuiteException}
 * naming the route.
 */
public final class SuiteWorld {

    static final int SCHEDULER_MAX_BATCH = 64;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final int MAX_BODY = 16 << 20;

    private final URI gateway;
    private final String apiKey;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

    public SuiteWorld(URI gateway, String apiKey) {
        this.gateway = gateway;
        this.apiKey = apiKey;
    }

    /** @param variants per application, the variant the trace says it ran most (null: none named) */
    public World read(Map<String, String> variants) {
        JsonNode workers = get("/v1/workers");
        List<JsonNode> live = new ArrayList<>();
        for (JsonNode w : workers) if ("LIVE".equals(w.path("state").asText())) live.add(w);
        if (live.isEmpty()) throw new SuiteException("the suite at " + gateway + " has no live worker (GET /v1/workers)");
        live.sort(Comparator.comparing(w -> w.path("workerId").asText()));
        String kind = live.get(0).path("device").path("kind").asText("cpu");
        String provider = live.get(0).path("device").path("provider").asText("cpu");
        Map<String, World.Model> models = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : variants.entrySet()) {
            JsonNode app = get("/v1/applications/" + URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8));
            models.put(e.getKey(), model(app, e.getValue(), kind, provider));
        }
        return new World(live.size(), models);
    }

    static World.Model model(JsonNode app, String variantName, String deviceKind, String provider) {
        String name = app.path("name").asText();
        JsonNode variant = null;
        for (JsonNode v : app.path("variants")) {
            if (variant == null || v.path("name").asText().equals(variantName)) variant = v;
            if (v.path("name").asText().equals(variantName)) break;
        }
        if (variant == null) throw new SuiteException("application '" + name + "' has no variants");
        JsonNode profile = null;
        int best = Integer.MAX_VALUE;
        for (JsonNode p : variant.path("profiles")) {
            if (!p.path("latency").isArray() || p.path("latency").isEmpty()) continue;
            int distance = (p.path("deviceKind").asText().equals(deviceKind) ? 0 : 2)
                    + (p.path("executionProvider").asText().equals(provider) ? 0 : 1);
            if (distance < best) {
                best = distance;
                profile = p;
            }
        }
        if (profile == null) {
            throw new SuiteException("variant '" + variant.path("name").asText() + "' of application '" + name
                    + "' has no latency profile: the twin plans as the scheduler does, with a profile");
        }
        Map<Integer, Double> points = new TreeMap<>();
        for (JsonNode pt : profile.path("latency")) points.put(pt.path("batchSize").asInt(), pt.path("p50Ms").asDouble());
        int largest = ((TreeMap<Integer, Double>) points).lastKey();
        JsonNode declared = variant.path("maxBatchSize");
        int cap = Math.min(SCHEDULER_MAX_BATCH, largest);
        if (declared.isNumber()) cap = declared.asInt() == 0 ? 1 : Math.min(cap, declared.asInt());
        return new World.Model(name, app.path("kind").asText("single"),
                LatencyProfile.measured(points, LatencyProfile.Fit.LINEAR), app.path("sloMs").asDouble(), Math.max(1, cap));
    }

    private JsonNode get(String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(gateway.resolve(path)).timeout(TIMEOUT).GET();
        if (apiKey != null) b.header("X-API-Key", apiKey);
        HttpResponse<byte[]> r;
        try {
            r = http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new SuiteException("GET " + gateway.resolve(path) + ": " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : " (" + e.getMessage() + ")"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SuiteException("GET " + gateway.resolve(path) + ": interrupted");
        }
        if (r.statusCode() != 200) {
            String body = new String(r.body(), 0, Math.min(r.body().length, 300), StandardCharsets.UTF_8).replaceAll("\\s+", " ");
            throw new SuiteException("GET " + gateway.resolve(path) + " answered " + r.statusCode()
                    + (r.statusCode() == 401 ? " (give an API key: --api-key or BATON_API_KEY)" : "") + ": " + body);
        }
        if (r.body().length > MAX_BODY) throw new SuiteException("GET " + gateway.resolve(path) + ": answer too large");
        try {
            return JSON.readTree(r.body());
        } catch (IOException e) {
            throw new SuiteException("GET " + gateway.resolve(path) + ": not JSON: " + e.getMessage());
        }
    }
}
