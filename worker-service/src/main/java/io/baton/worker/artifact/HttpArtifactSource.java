package io.baton.worker.artifact;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import io.baton.commons.http.CallFailures;
import io.baton.commons.http.HttpClients;
import io.baton.commons.http.ServiceClient;
import io.baton.core.security.InternalCredentials;

/**
 * Fetches artifacts from registry-service: {@code GET {registryUrl}/v1/artifacts/{sha256}/content} answers the ONNX
 * bytes, or a model archive's zip bytes (the route without {@code /content} is the metadata). Either is opened by
 * {@link io.baton.worker.runtime.SessionFactory}, which tells them apart by their first bytes.
 */
public final class HttpArtifactSource implements ArtifactSource, CallFailures {

    private final URI registryUrl;
    private final ServiceClient registry;

    /**
     * {@code credentials}: the suite's secret, which the registry demands (redirects are not followed,
     * {@link HttpClients#internal}).
     */
    public HttpArtifactSource(URI registryUrl, Duration timeout, InternalCredentials credentials) {
        this.registryUrl = registryUrl;
        this.registry = new ServiceClient(registryUrl, HttpClients.internal(credentials, timeout), timeout, this);
    }

    @Override
    public byte[] fetch(String sha256) {
        byte[] bytes = registry.find("/v1/artifacts/" + sha256 + "/content", "application/octet-stream, application/zip")
                .orElseThrow(() -> new ArtifactNotFoundException(sha256, describe()));
        return Digests.verified(sha256, bytes, describe());
    }

    @Override
    public ArtifactUnavailableException unreachable(HttpRequest request, IOException cause) {
        return new ArtifactUnavailableException("registry at " + registryUrl + " unreachable: " + cause, cause);
    }

    @Override
    public ArtifactUnavailableException interrupted(HttpRequest request, InterruptedException cause) {
        return new ArtifactUnavailableException("interrupted while fetching " + request.uri(), cause);
    }

    @Override
    public ArtifactUnavailableException answered(HttpRequest request, HttpResponse<byte[]> response) {
        return new ArtifactUnavailableException("GET " + request.uri() + " answered " + response.statusCode(), null);
    }

    @Override
    public String describe() {
        return registryUrl.toString();
    }
}
