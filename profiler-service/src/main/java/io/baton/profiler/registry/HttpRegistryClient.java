package io.baton.profiler.registry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.springframework.web.util.DefaultUriBuilderFactory;
import org.springframework.web.util.UriBuilderFactory;

import io.baton.commons.http.CallFailures;
import io.baton.commons.http.HttpClients;
import io.baton.commons.http.ServiceClient;
import io.baton.core.security.InternalCredentials;
import io.baton.profiler.registry.RegistryModel.Application;
import io.baton.profiler.registry.RegistryModel.Dataset;
import io.baton.profiler.registry.RegistryModel.Page;

/**
 * {@link RegistryClient} over registry-service's REST API ({@code /v1}), with the suite's {@link ServiceClient}; its
 * failures become {@link RegistryException}s worded as the profiler's jobs have always reported them.
 */
public final class HttpRegistryClient implements RegistryClient, CallFailures {

    private static final String JSON = "application/json";
    private static final String OCTETS = "application/octet-stream";

    private final ServiceClient http;
    private final ObjectMapper json;
    /** Expands path templates and encodes their values as Spring's REST clients do. */
    private final UriBuilderFactory paths = new DefaultUriBuilderFactory();

    /** {@code credentials}: the suite's secret, sent with every call (the registry serves only the suite). */
    public HttpRegistryClient(URI baseUrl, Duration timeout, ObjectMapper json, InternalCredentials credentials) {
        this.http = new ServiceClient(baseUrl, HttpClients.internal(credentials, timeout), timeout, this);
        this.json = json;
    }

    @Override
    public Application application(String name) {
        return read(http.require(path("/v1/applications/{name}", name), JSON), json.constructType(Application.class));
    }

    @Override
    public List<String> applicationNames() {
        List<String> names = new java.util.ArrayList<>();
        for (int page = 0; ; page++) {
            Page<RegistryModel.ApplicationName> p = read(http.require(path("/v1/applications?size=100&page={page}", page), JSON),
                    json.getTypeFactory().constructParametricType(Page.class, RegistryModel.ApplicationName.class));
            if (p == null || p.items() == null || p.items().isEmpty()) return names;
            p.items().forEach(a -> names.add(a.name()));
            if (names.size() >= p.totalItems()) return names;
        }
    }

    @Override
    public List<Dataset> datasets(String application) {
        Page<Dataset> page = read(http.require(path("/v1/applications/{app}/datasets?size=200", application), JSON),
                json.getTypeFactory().constructParametricType(Page.class, Dataset.class));
        return page == null || page.items() == null ? List.of() : page.items();
    }

    @Override
    public byte[] artifact(String digest) {
        return http.require(path("/v1/artifacts/{digest}/content", digest), OCTETS + ", application/zip");
    }

    @Override
    public void putProfile(String application, String variant, String deviceKind, String provider, ProfileBody profile) {
        http.write("PUT", path("/v1/applications/{app}/variants/{v}/profiles/{kind}/{provider}", application, variant,
                deviceKind, provider), JSON, write(profile), JSON);
    }

    @Override
    public String upload(byte[] bytes, String type) {
        JsonNode artifact = read(http.write("POST", path("/v1/artifacts?type={type}", type), OCTETS, bytes, JSON),
                json.constructType(JsonNode.class));
        if (artifact == null || !artifact.hasNonNull("digest")) throw new RegistryException(502, "the registry answered no digest", null);
        return artifact.get("digest").asText();
    }

    @Override
    public void putEnsembleProfile(String application, EnsembleProfileBody profile) {
        http.write("PUT", path("/v1/applications/{app}/ensemble-profile", application), JSON, write(profile), JSON);
    }

    @Override
    public RegistryException unreachable(HttpRequest request, IOException cause) {
        return new RegistryException(0, "registry unreachable: " + ioError(request, cause.getMessage()), cause);
    }

    @Override
    public RegistryException interrupted(HttpRequest request, InterruptedException cause) {
        return new RegistryException(0, "registry unreachable: "
                + ioError(request, "Request was interrupted: " + cause.getMessage()), cause);
    }

    /** The registry's RFC 7807 body's detail; a body that is no problem becomes the message as is. */
    @Override
    public RegistryException answered(HttpRequest request, HttpResponse<byte[]> response) {
        byte[] body = response.body();
        String detail = new String(body, StandardCharsets.UTF_8);
        try {
            JsonNode problem = json.readTree(body);
            if (problem != null && problem.hasNonNull("detail")) detail = problem.get("detail").asText();
        } catch (IOException notJson) {
            // keep the raw text
        }
        return new RegistryException(response.statusCode(), detail, null);
    }

    /**
     * How Spring's REST client worded a call that got no answer (the URL without its query), which the jobs' messages
     * have always carried.
     */
    private static String ioError(HttpRequest request, String why) {
        String url = request.uri().toString();
        int query = url.indexOf('?');
        return "I/O error on " + request.method() + " request for \"" + (query < 0 ? url : url.substring(0, query))
                + "\": " + why;
    }

    private String path(String template, Object... values) {
        return paths.expand(template, values).toString();
    }

    /** The body as {@code type}; an empty body is null, as Spring's REST client read it. */
    private <T> T read(byte[] body, JavaType type) {
        if (body.length == 0) return null;
        try {
            return json.readValue(body, type);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private byte[] write(Object body) {
        try {
            return json.writeValueAsBytes(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
