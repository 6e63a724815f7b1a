package io.baton.profiler.registry;

import io.baton.core.security.InternalCredentials;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.baton.profiler.registry.RegistryModel.Application;
import io.baton.profiler.registry.RegistryModel.Dataset;
import io.baton.profiler.registry.RegistryModel.Page;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.client.ClientHttpResponse;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestClient;
import io.baton.commons.http.HttpClients;

/** {@link RegistryClient} over registry-service's REST API ({@code /v1}), with Spring's {@link RestClient}. */
public final class HttpRegistryClient implements RegistryClient {

    private final RestClient http;
    private final ObjectMapper json;

    /** {@code credentials}: the suite's secret, sent with every call (the registry serves only the suite). */
    public HttpRegistryClient(RestClient.Builder builder, URI baseUrl, Duration timeout, ObjectMapper json,
                              InternalCredentials credentials) {
        HttpClient client = HttpClients.internal(credentials, timeout);
        JdkClientHttpRequestFactory factory = new JdkClientHttpRequestFactory(client);
        factory.setReadTimeout(timeout);
        this.http = builder.clone().baseUrl(baseUrl.toString()).requestFactory(factory)
                .defaultStatusHandler(HttpStatusCode::isError, (request, response) -> {
                    throw refusal(response);
                })
                .build();
        this.json = json;
    }

    @Override
    public Application application(String name) {
        return call(() -> http.get().uri("/v1/applications/{name}", name).retrieve().body(Application.class));
    }

    @Override
    public List<Dataset> datasets(String application) {
        Page<Dataset> page = call(() -> http.get().uri("/v1/applications/{app}/datasets?size=200", application)
                .retrieve().body(new ParameterizedTypeReference<Page<Dataset>>() { }));
        return page == null || page.items() == null ? List.of() : page.items();
    }

    @Override
    public byte[] artifact(String digest) {
        return call(() -> http.get().uri("/v1/artifacts/{digest}/content", digest)
                .accept(MediaType.APPLICATION_OCTET_STREAM, MediaType.parseMediaType("application/zip")).retrieve().body(byte[].class));
    }

    @Override
    public void putProfile(String application, String variant, String deviceKind, String provider, ProfileBody profile) {
        call(() -> http.put().uri("/v1/applications/{app}/variants/{v}/profiles/{kind}/{provider}", application, variant,
                        deviceKind, provider)
                .contentType(MediaType.APPLICATION_JSON).body(profile).retrieve().toBodilessEntity());
    }

    @Override
    public String upload(byte[] bytes, String type) {
        JsonNode artifact = call(() -> http.post().uri("/v1/artifacts?type={type}", type).contentType(MediaType.APPLICATION_OCTET_STREAM)
                .body(bytes).retrieve().body(JsonNode.class));
        if (artifact == null || !artifact.hasNonNull("digest")) throw new RegistryException(502, null, "the registry answered no digest", null);
        return artifact.get("digest").asText();
    }

    @Override
    public void putEnsembleProfile(String application, EnsembleProfileBody profile) {
        call(() -> http.put().uri("/v1/applications/{app}/ensemble-profile", application)
                .contentType(MediaType.APPLICATION_JSON).body(profile).retrieve().toBodilessEntity());
    }

    private <T> T call(java.util.function.Supplier<T> request) {
        try {
            return request.get();
        } catch (ResourceAccessException e) {
            throw new RegistryException(0, null, "registry unreachable: " + e.getMessage(), e);
        }
    }

    /** The registry's RFC 7807 body, kept as detail and field; a body that is no problem becomes the message as is. */
    private RegistryException refusal(ClientHttpResponse response) {
        try {
            int status = response.getStatusCode().value();
            byte[] body = response.getBody().readAllBytes();
            String detail = new String(body, java.nio.charset.StandardCharsets.UTF_8);
            String field = null;
            try {
                JsonNode problem = json.readTree(body);
                if (problem != null && problem.hasNonNull("detail")) detail = problem.get("detail").asText();
                if (problem != null && problem.hasNonNull("field")) field = problem.get("field").asText();
            } catch (IOException notJson) {
                // keep the raw text
            }
            return new RegistryException(status, field, detail, null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
