package io.baton.gateway.security;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.gateway.UpstreamProperties;

/**
 * The registry's key store, as the gateway asks it: {@code POST /internal/v1/api-keys/verify} with the key in the
 * body (never in the URL, which access logs keep) and {@code GET /internal/v1/api-keys/summary}. Nothing here logs,
 * and no exception message carries the key.
 */
public class RegistryKeyClient {

    private final HttpClient http;
    private final ObjectMapper json;
    private final UpstreamProperties properties;
    private final URI verify;
    private final URI summary;

    public RegistryKeyClient(HttpClient http, ObjectMapper json, UpstreamProperties properties) {
        this.http = http;
        this.json = json;
        this.properties = properties;
        String base = properties.registryUrl().toString().replaceAll("/+$", "");
        this.verify = URI.create(base + "/internal/v1/api-keys/verify");
        this.summary = URI.create(base + "/internal/v1/api-keys/summary");
    }

    /** The caller the registry knows {@code key} as, or empty when it says the key is unknown or revoked (401). */
    public Optional<Caller> verify(String key) throws KeyStoreUnavailable {
        byte[] body;
        try {
            body = json.writeValueAsBytes(Map.of("key", key));
        } catch (IOException e) {
            throw new IllegalStateException("cannot encode a key check", e);
        }
        HttpResponse<byte[]> answer = send(HttpRequest.newBuilder(verify)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)));
        if (answer.statusCode() == 401) {
            return Optional.empty();
        }
        JsonNode verified = read(answer);
        Set<Scope> scopes = EnumSet.noneOf(Scope.class);
        verified.path("scopes").forEach(s -> {
            Scope scope = Scope.of(s.asText());
            if (scope != null) {
                scopes.add(scope);
            }
        });
        return Optional.of(new Caller(verified.path("name").asText("?") + " (" + verified.path("prefix").asText("?")
                + ")", scopes));
    }

    /** How many keys are active in the registry. */
    public long activeKeys() throws KeyStoreUnavailable {
        JsonNode answer = read(send(HttpRequest.newBuilder(summary).GET()));
        if (!answer.path("active").canConvertToLong()) {
            throw new KeyStoreUnavailable("the registry's key summary has no count of active keys");
        }
        return answer.path("active").asLong();
    }

    private HttpResponse<byte[]> send(HttpRequest.Builder request) throws KeyStoreUnavailable {
        try {
            return http.send(request.timeout(properties.registryTimeout()).header("Accept", "application/json").build(),
                    HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new KeyStoreUnavailable("API keys cannot be checked: registry unreachable at "
                    + properties.registryUrl() + " (" + e.getClass().getSimpleName() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KeyStoreUnavailable("interrupted while checking an API key with the registry");
        }
    }

    private JsonNode read(HttpResponse<byte[]> answer) throws KeyStoreUnavailable {
        if (answer.statusCode() != 200) {
            throw new KeyStoreUnavailable("API keys cannot be checked: the registry answered " + answer.statusCode()
                    + " to " + answer.request().uri().getPath());
        }
        try {
            return json.readTree(answer.body());
        } catch (IOException e) {
            throw new KeyStoreUnavailable("API keys cannot be checked: the registry's answer to "
                    + answer.request().uri().getPath() + " is not JSON");
        }
    }
}
