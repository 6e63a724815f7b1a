package io.baton.worker.artifact;

import io.baton.core.security.InternalCredentials;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import io.baton.commons.http.HttpClients;

/**
 * Fetches artifacts from registry-service: {@code GET {registryUrl}/v1/artifacts/{sha256}/content} answers the ONNX
 * bytes, or a model archive's zip bytes (the route without {@code /content} is the metadata). Either is opened by
 * {@link io.baton.worker.runtime.SessionFactory}, which tells them apart by their first bytes.
 */
public final class HttpArtifactSource implements ArtifactSource {

    private final URI registryUrl;
    private final Duration timeout;
    private final HttpClient http;

    /**
     * {@code credentials}: the suite's secret, which the registry demands (redirects are not followed,
     * {@link HttpClients#internal}).
     */
    public HttpArtifactSource(URI registryUrl, Duration timeout, InternalCredentials credentials) {
        this.registryUrl = registryUrl;
        this.timeout = timeout;
        this.http = HttpClients.internal(credentials, timeout);
    }

    @Override
    public byte[] fetch(String sha256) {
        String base = registryUrl.toString().replaceAll("/+$", "");
        URI uri = URI.create(base + "/v1/artifacts/" + sha256 + "/content");
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(timeout)
                .header("Accept", "application/octet-stream, application/zip").GET().build();
        HttpResponse<byte[]> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new ArtifactUnavailableException("registry at " + registryUrl + " unreachable: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ArtifactUnavailableException("interrupted while fetching " + uri, e);
        }
        if (response.statusCode() == 404) {
            throw new ArtifactNotFoundException(sha256, describe());
        }
        if (response.statusCode() != 200) {
            throw new ArtifactUnavailableException("GET " + uri + " answered " + response.statusCode(), null);
        }
        return Digests.verified(sha256, response.body(), describe());
    }

    @Override
    public String describe() {
        return registryUrl.toString();
    }
}
