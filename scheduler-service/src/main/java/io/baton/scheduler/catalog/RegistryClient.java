package io.baton.scheduler.catalog;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.core.security.InternalCredentials;
import io.baton.scheduler.web.ApiException;
import org.springframework.http.HttpStatus;
import io.baton.commons.http.HttpClients;

/** Reads applications from registry-service over HTTP ({@code GET /v1/applications/{name}}, the hot read). */
public class RegistryClient {

    private final URI registryUrl;
    private final ObjectMapper json;
    private final HttpClient http;

    /** {@code credentials}: the suite's secret, sent with every read (the registry serves only the suite). */
    public RegistryClient(URI registryUrl, ObjectMapper json, InternalCredentials credentials) {
        this.registryUrl = registryUrl;
        this.json = json;
        this.http = HttpClients.internal(credentials, Duration.ofSeconds(2));
    }

    /** The application, or empty when the registry does not know it; a registry that does not answer is a 502. */
    public Optional<CatalogApplication> application(String name) {
        return get("/v1/applications/" + pathSegment(name), CatalogApplication.class);
    }

    /**
     * An ensemble application's stored ensemble profile ({@code GET /v1/applications/{name}/ensemble-profile}), or
     * empty when it has none; a registry that does not answer is a 502.
     */
    public Optional<CatalogEnsembleProfile> ensembleProfile(String name) {
        return get("/v1/applications/" + pathSegment(name) + "/ensemble-profile", CatalogEnsembleProfile.class);
    }

    private static String pathSegment(String name) {
        return URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** GET path as JSON: the body on 200, empty on 404, a 502 problem for any other answer or none. */
    private <T> Optional<T> get(String path, Class<T> type) {
        URI uri = registryUrl.resolve(path);
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).GET()
                .header("Accept", "application/json").build();
        try {
            HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            if (response.statusCode() == 404) {
                return Optional.empty();
            }
            if (response.statusCode() != 200) {
                throw new ApiException(HttpStatus.BAD_GATEWAY, "registry-unavailable",
                        "the registry answered " + response.statusCode() + " to GET " + uri.getPath());
            }
            return Optional.of(json.readValue(response.body(), type));
        } catch (IOException e) {
            throw new ApiException(HttpStatus.BAD_GATEWAY, "registry-unavailable",
                    "the registry at " + registryUrl + " did not answer: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, "interrupted", "interrupted while reading the registry");
        }
    }
}
