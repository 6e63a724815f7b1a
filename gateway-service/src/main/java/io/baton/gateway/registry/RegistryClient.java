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

import io.baton.commons.http.CallFailures;
import io.baton.commons.http.ServiceClient;
import io.baton.gateway.GatewayException;
import io.baton.gateway.UpstreamProperties;
import io.baton.gateway.UpstreamProblem;

/** Reads application definitions from registry-service ({@code GET /v1/applications/...}). */
@Component
public class RegistryClient implements CallFailures {

    private static final int PAGE_SIZE = 200;
    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(RegistryClient.class);

    private static final String JSON = "application/json";

    private final ServiceClient registry;
    private final ObjectMapper json;
    private final URI registryUrl;
    private volatile List<String> lastNames;

    public RegistryClient(HttpClient http, ObjectMapper json, UpstreamProperties properties) {
        this.registry = new ServiceClient(properties.registryUrl(), http, properties.registryTimeout(), this);
        this.json = json;
        this.registryUrl = properties.registryUrl();
    }

    /** The hot read of one application, or empty when the registry does not know it. */
    public Optional<ApplicationDefinition> application(String name) {
        Optional<byte[]> found = registry.find("/v1/applications/" + UriUtils.encodePathSegment(name, "UTF-8"), JSON);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(json.readValue(found.get(), ApplicationDefinition.class));
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
        Optional<byte[]> found = registry.find("/v1/applications/" + UriUtils.encodePathSegment(application, "UTF-8")
                + "/ensemble-profile", JSON);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        try {
            JsonNode digest = json.readTree(found.get()).path("predictorDigest");
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
        Optional<byte[]> found = registry.find(name == null ? base + "?page=0&size=1&sort=name"
                : base + "/" + UriUtils.encodePathSegment(name, "UTF-8"), JSON);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        try {
            JsonNode node = json.readTree(found.get());
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
        return registry.require("/v1/artifacts/" + UriUtils.encodePathSegment(digest, "UTF-8") + "/content",
                "application/octet-stream");
    }

    /**
     * The names of every application, in the registry's order (by name). While the registry cannot be read, the list
     * it last gave (logged), so that the repository index keeps listing what is served; before any, the failure.
     */
    public List<String> applicationNames() {
        try {
            List<String> names = readApplicationNames();
            lastNames = names;
            return names;
        } catch (GatewayException e) {
            List<String> last = lastNames;
            if (last == null) {
                throw e;
            }
            log.warn("listing the {} applications the registry last named: {}", last.size(), e.getMessage());
            return last;
        }
    }

    private List<String> readApplicationNames() {
        List<String> names = new ArrayList<>();
        int totalPages = 1;
        for (int page = 0; page < totalPages; page++) {
            byte[] answer = registry.require("/v1/applications?page=" + page + "&size=" + PAGE_SIZE, JSON);
            try {
                JsonNode body = json.readTree(answer);
                body.path("items").forEach(item -> names.add(item.path("name").asText()));
                totalPages = body.path("totalPages").asInt(1);
            } catch (IOException e) {
                throw GatewayException.badGateway("registry-failed",
                        "registry answered an application list the gateway cannot read: " + e.getMessage());
            }
        }
        return List.copyOf(names);
    }

    /** No answer from the registry: 503, the gateway cannot serve without it. */
    @Override
    public GatewayException unreachable(HttpRequest request, IOException e) {
        return GatewayException.unavailable("registry-unavailable",
                "registry unreachable at " + registryUrl + ": " + describe(e), e);
    }

    @Override
    public GatewayException interrupted(HttpRequest request, InterruptedException e) {
        return GatewayException.unavailable("registry-unavailable", "interrupted while reading the registry", e);
    }

    /** The registry refused or failed: 502, with its problem's detail. */
    @Override
    public GatewayException answered(HttpRequest request, HttpResponse<byte[]> response) {
        UpstreamProblem problem = UpstreamProblem.parse(json, response.statusCode(), response.body());
        return GatewayException.badGateway("registry-failed",
                "registry answered " + response.statusCode() + ": " + problem.describe());
    }

    static String describe(Exception e) {
        String m = e.getMessage();
        return e.getClass().getSimpleName() + (m == null || m.isBlank() ? "" : " (" + m + ")");
    }
}
