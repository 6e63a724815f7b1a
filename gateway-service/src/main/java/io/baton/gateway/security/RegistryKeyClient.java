package io.baton.gateway.security;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.commons.http.CallFailures;
import io.baton.commons.http.ServiceClient;
import io.baton.gateway.UpstreamProperties;

/**
 * The registry's key store, as the gateway asks it: {@code POST /internal/v1/api-keys/verify} with the key in the
 * body (never in the URL, which access logs keep) and {@code GET /internal/v1/api-keys/summary}, through the suite's
 * {@link ServiceClient}. Every way a call fails is a {@link KeyStoreUnavailable}. Nothing here logs, and no exception
 * message carries the key.
 */
public record RegistryKeyClient(HttpClient http, ObjectMapper json, UpstreamProperties properties)
        implements CallFailures {

    private static final String VERIFY = "/internal/v1/api-keys/verify";
    private static final String SUMMARY = "/internal/v1/api-keys/summary";
    private static final String JSON = "application/json";

    /** Made per call (a record holds nothing but its components); a {@link ServiceClient} only holds settings. */
    private ServiceClient registry() {
        return new ServiceClient(properties.registryUrl(), http, properties.registryTimeout(), this);
    }

    /** The caller the registry knows {@code key} as, or empty when it says the key is unknown or revoked (401). */
    public Optional<Caller> verify(String key) throws KeyStoreUnavailable {
        byte[] body;
        try {
            body = json.writeValueAsBytes(Map.of("key", key));
        } catch (IOException e) {
            throw new IllegalStateException("cannot encode a key check", e);
        }
        JsonNode verified;
        try {
            verified = read(VERIFY, registry().write("POST", VERIFY, JSON, body, JSON));
        } catch (NotAccepted refused) {
            return Optional.empty();
        }
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
        JsonNode answer = read(SUMMARY, registry().require(SUMMARY, JSON));
        if (!answer.path("active").canConvertToLong()) {
            throw new KeyStoreUnavailable("the registry's key summary has no count of active keys");
        }
        return answer.path("active").asLong();
    }

    private JsonNode read(String path, byte[] answer) throws KeyStoreUnavailable {
        try {
            return json.readTree(answer);
        } catch (IOException e) {
            throw new KeyStoreUnavailable("API keys cannot be checked: the registry's answer to "
                    + registry().uri(path).getPath() + " is not JSON");
        }
    }

    @Override
    public KeyStoreUnavailable unreachable(HttpRequest request, IOException e) {
        return new KeyStoreUnavailable("API keys cannot be checked: registry unreachable at "
                + properties.registryUrl() + " (" + e.getClass().getSimpleName() + ")");
    }

    @Override
    public KeyStoreUnavailable interrupted(HttpRequest request, InterruptedException e) {
        return new KeyStoreUnavailable("interrupted while checking an API key with the registry");
    }

    /** A 401 to a key check is the registry's verdict on the key ({@link #verify} answers empty); else unavailable. */
    @Override
    public RuntimeException answered(HttpRequest request, HttpResponse<byte[]> response) {
        if (response.statusCode() == 401 && request.uri().getPath().endsWith(VERIFY)) {
            return new NotAccepted();
        }
        return new KeyStoreUnavailable("API keys cannot be checked: the registry answered " + response.statusCode()
                + " to " + request.uri().getPath());
    }

    /** The registry refused the key: not a failure, so it carries no message and no stack trace. */
    private static final class NotAccepted extends RuntimeException {
        NotAccepted() {
            super(null, null, false, false);
        }
    }
}
