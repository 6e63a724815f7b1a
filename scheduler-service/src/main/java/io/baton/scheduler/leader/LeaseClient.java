package io.baton.scheduler.leader;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.commons.http.CallFailures;
import io.baton.commons.http.HttpClients;
import io.baton.commons.http.ServiceClient;
import io.baton.core.security.InternalCredentials;

/** The registry's lease routes ({@code /internal/v1/leases/{name}}), as the election reads them. */
final class LeaseClient {

    /** The registry's answer to an acquire: held by {@code holder} ({@code held}: by the caller). */
    record Answer(boolean held, String holder, String holderUrl, long epoch) {
    }

    /** No answer from the registry, or one that is neither a lease nor a 409. */
    static final class Unreachable extends RuntimeException {
        Unreachable(String why) {
            super(why, null, false, false);
        }
    }

    /** A 409: someone else holds the lease. */
    private static final class Held extends RuntimeException {
        final byte[] body;

        Held(byte[] body) {
            super("lease-held", null, false, false);
            this.body = body;
        }
    }

    private final ServiceClient registry;
    private final ObjectMapper json;

    LeaseClient(URI registryUrl, InternalCredentials credentials, Duration timeout, ObjectMapper json) {
        this.registry = new ServiceClient(registryUrl, HttpClients.internal(credentials, timeout), timeout, new Failures());
        this.json = json;
    }

    Answer acquire(String name, String holder, String holderUrl, Duration ttl) {
        byte[] body;
        try {
            body = json.writeValueAsBytes(json.createObjectNode().put("holder", holder).put("holderUrl", holderUrl)
                    .put("ttlMillis", ttl.toMillis()));
            return read(registry.write("PUT", path(name), "application/json", body, "application/json"), true);
        } catch (Held held) {
            try {
                return read(held.body, false);
            } catch (IOException e) {
                throw new Unreachable("the registry's 409 cannot be read: " + e.getMessage());
            }
        } catch (IOException e) {
            throw new Unreachable("the registry's lease answer cannot be read: " + e.getMessage());
        }
    }

    void release(String name, String holder) {
        registry.write("DELETE", path(name) + "?holder=" + URLEncoder.encode(holder, StandardCharsets.UTF_8),
                "application/json", new byte[0], "application/json");
    }

    private Answer read(byte[] body, boolean held) throws IOException {
        JsonNode n = json.readTree(body);
        if (!n.path("holder").isTextual()) throw new Unreachable("the registry's lease answer names no holder");
        return new Answer(held, n.get("holder").asText(), n.path("holderUrl").isTextual() ? n.get("holderUrl").asText() : null,
                n.path("epoch").asLong());
    }

    private static String path(String name) {
        return "/internal/v1/leases/" + URLEncoder.encode(name, StandardCharsets.UTF_8);
    }

    private static final class Failures implements CallFailures {
        @Override
        public RuntimeException unreachable(HttpRequest request, IOException cause) {
            return new Unreachable("registry unreachable: " + cause);
        }

        @Override
        public RuntimeException interrupted(HttpRequest request, InterruptedException cause) {
            return new Unreachable("interrupted");
        }

        @Override
        public RuntimeException answered(HttpRequest request, HttpResponse<byte[]> response) {
            if (response.statusCode() == 409) return new Held(response.body());
            return new Unreachable("registry answered " + response.statusCode() + ": "
                    + new String(response.body(), StandardCharsets.UTF_8));
        }
    }
}
