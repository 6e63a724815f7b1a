package io.baton.gateway.registry;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.springframework.stereotype.Component;
import org.springframework.web.util.UriUtils;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.gateway.GatewayException;
import io.baton.gateway.UpstreamProperties;
import io.baton.gateway.UpstreamProblem;

/** Reads application definitions from registry-service ({@code GET /v1/applications/...}). */
@Component
public class RegistryClient {

    private static final int PAGE_SIZE = 200;

    private final HttpClient http;
    private final ObjectMapper json;
    private final UpstreamProperties properties;

    public RegistryClient(HttpClient http, ObjectMapper json, UpstreamProperties properties) {
        this.http = http;
        this.json = json;
        this.properties = properties;
    }

    /** The hot read of one application, or empty when the registry does not know it. */
    public Optional<ApplicationDefinition> application(String name) {
        HttpResponse<byte[]> response = get("/v1/applications/" + UriUtils.encodePathSegment(name, "UTF-8"));
        if (response.statusCode() == 404) {
            return Optional.empty();
        }
        requireOk(response);
        try {
            return Optional.of(json.readValue(response.body(), ApplicationDefinition.class));
        } catch (IOException e) {
            throw GatewayException.badGateway("registry-failed",
                    "registry answered an application " + name + " the gateway cannot read: " + e.getMessage());
        }
    }

    /**
     * The difficulty predictor an ensemble's profile names ({@code GET /v1/applications/{app}/ensemble-profile},
     * its {@code predictorDigest}), or empty when the application has no ensemble profile or the profile no predictor.
     */
    public Optional<String> ensemblePredictor(String application) {
        return ensembleProfile(application).flatMap(EnsembleProfileSummary::predictorDigest);
    }

    /** What the gateway needs of an ensemble profile: that it exists, and its difficulty predictor if it names one. */
    public record EnsembleProfileSummary(Optional<String> predictorDigest) {
    }

    /** The application's stored ensemble profile, or empty when it has none (404). */
    public Optional<EnsembleProfileSummary> ensembleProfile(String application) {
        HttpResponse<byte[]> response = get("/v1/applications/" + UriUtils.encodePathSegment(application, "UTF-8")
                + "/ensemble-profile");
        if (response.statusCode() == 404) {
            return Optional.empty();
        }
        requireOk(response);
        try {
            JsonNode digest = json.readTree(response.body()).path("predictorDigest");
            return Optional.of(new EnsembleProfileSummary(digest.isTextual() ? Optional.of(digest.asText()) : Optional.empty()));
        } catch (IOException e) {
            throw GatewayException.badGateway("registry-failed",
                    "registry answered an ensemble profile of " + application + " the gateway cannot read: " + e.getMessage());
        }
    }

    /** A registered validation dataset: its two blobs (FP32 inputs, INT32 labels) and its size. */
    public record DatasetRef(String name, String inputsDigest, String labelsDigest, int sampleCount) {
    }

    /**
     * An application's dataset by name ({@code GET /v1/applications/{app}/datasets/{name}}), or with a null name its
     * first dataset by name; empty when there is none.
     */
    public Optional<DatasetRef> dataset(String application, String name) {
        String base = "/v1/applications/" + UriUtils.encodePathSegment(application, "UTF-8") + "/datasets";
        HttpResponse<byte[]> response = get(name == null ? base + "?page=0&size=1&sort=name"
                : base + "/" + UriUtils.encodePathSegment(name, "UTF-8"));
        if (response.statusCode() == 404) {
            return Optional.empty();
        }
        requireOk(response);
        try {
            JsonNode node = json.readTree(response.body());
            if (name == null) {
                node = node.path("items").path(0);
                if (node.isMissingNode()) {
                    return Optional.empty();
                }
            }
            return Optional.of(new DatasetRef(node.path("name").asText(), node.path("inputsDigest").asText(),
                    node.path("labelsDigest").asText(), node.path("sampleCount").asInt()));
        } catch (IOException e) {
            throw GatewayException.badGateway("registry-failed",
                    "registry answered a dataset of " + application + " the gateway cannot read: " + e.getMessage());
        }
    }

    /** An artifact's bytes ({@code GET /v1/artifacts/{digest}/content}). */
    public byte[] artifact(String digest) {
        HttpResponse<byte[]> response = get("/v1/artifacts/" + UriUtils.encodePathSegment(digest, "UTF-8") + "/content",
                "application/octet-stream");
        requireOk(response);
        return response.body();
    }

    /** The names of every application, in the registry's order (by name). */
    public List<String> applicationNames() {
        List<String> names = new ArrayList<>();
        int totalPages = 1;
        for (int page = 0; page < totalPages; page++) {
            HttpResponse<byte[]> response = get("/v1/applications?page=" + page + "&size=" + PAGE_SIZE);
            requireOk(response);
            try {
                JsonNode body = json.readTree(response.body());
                body.path("items").forEach(item -> names.add(item.path("name").asText()));
                totalPages = body.path("totalPages").asInt(1);
            } catch (IOException e) {
                throw GatewayException.badGateway("registry-failed",
                        "registry answered an application list the gateway cannot read: " + e.getMessage());
            }
        }
        return names;
    }

    private HttpResponse<byte[]> get(String pathAndQuery) {
        return get(pathAndQuery, "application/json");
    }

    private HttpResponse<byte[]> get(String pathAndQuery, String accept) {
        URI uri = URI.create(properties.registryUrl().toString().replaceAll("/+$", "") + pathAndQuery);
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(properties.registryTimeout())
                .header("Accept", accept).GET().build();
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw GatewayException.unavailable("registry-unavailable",
                    "registry unreachable at " + properties.registryUrl() + ": " + describe(e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw GatewayException.unavailable("registry-unavailable", "interrupted while reading the registry", e);
        }
    }

    private void requireOk(HttpResponse<byte[]> response) {
        if (response.statusCode() != 200) {
            UpstreamProblem problem = UpstreamProblem.parse(json, response.statusCode(), response.body());
            throw GatewayException.badGateway("registry-failed",
                    "registry answered " + response.statusCode() + ": " + problem.describe());
        }
    }

    static String describe(Exception e) {
        String m = e.getMessage();
        return e.getClass().getSimpleName() + (m == null || m.isBlank() ? "" : " (" + m + ")");
    }
}
