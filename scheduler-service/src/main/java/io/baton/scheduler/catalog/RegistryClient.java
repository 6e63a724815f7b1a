package io.baton.scheduler.catalog;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.commons.http.HttpClients;
import io.baton.commons.http.ServiceClient;
import io.baton.commons.http.ServiceProblems;
import io.baton.core.security.InternalCredentials;
import io.baton.scheduler.web.ApiException;

/** Reads applications from registry-service over HTTP ({@code GET /v1/applications/{name}}, the hot read). */
public record RegistryClient(ObjectMapper json, ServiceClient registry, ServiceProblems failures) {

    /** {@code credentials}: the suite's secret, sent with every read (the registry serves only the suite). */
    public RegistryClient(URI registryUrl, ObjectMapper json, InternalCredentials credentials) {
        this(json, new ServiceProblems("registry", registryUrl, ApiException::new), credentials);
    }

    private RegistryClient(ObjectMapper json, ServiceProblems failures, InternalCredentials credentials) {
        this(json, new ServiceClient(failures.baseUrl(), HttpClients.internal(credentials, Duration.ofSeconds(2)),
                Duration.ofSeconds(5), failures), failures);
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

    /**
     * Every application's name ({@code GET /v1/applications}, page by page); a registry that does not answer, or
     * answers a list this cannot read, is a 502.
     */
    public List<String> applicationNames() {
        List<String> names = new ArrayList<>();
        int totalPages = 1;
        for (int page = 0; page < totalPages; page++) {
            byte[] answer = registry.require("/v1/applications?page=" + page + "&size=100", "application/json");
            try {
                JsonNode body = json.readTree(answer);
                body.path("items").forEach(item -> names.add(item.path("name").asText()));
                totalPages = body.path("totalPages").asInt(1);
            } catch (IOException e) {
                throw failures.unreachable(null, e);
            }
        }
        return List.copyOf(names);
    }

    private static String pathSegment(String name) {
        return URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /**
     * GET path as JSON: the body on 200, empty on 404, a 502 problem for any other answer or none; a body that is not
     * the JSON expected is reported as no answer, the way it always was.
     */
    private <T> Optional<T> get(String path, Class<T> type) {
        Optional<byte[]> body = registry.find(path, "application/json");
        try {
            return body.isEmpty() ? Optional.empty() : Optional.of(json.readValue(body.get(), type));
        } catch (IOException e) {
            throw failures.unreachable(null, e);
        }
    }
}
