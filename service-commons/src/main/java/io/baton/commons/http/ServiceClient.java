package io.baton.commons.http;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/**
 * Calls another of the suite's services over HTTP: the requests (base URL, time limit, {@code Accept}), the
 * statuses a call expects (200 for a read, 404 as "not there" where the read looks something up; any 2xx for a
 * write), and every other outcome handed to the caller's {@link CallFailures} for its own wording. What the body
 * means stays with the caller's façade (the scheduler's, the gateway's or the profiler's registry client, the
 * worker's artifact source and its membership reports).
 */
public final class ServiceClient {

    private final String baseUrl;
    private final HttpClient http;
    private final Duration timeout;
    private final CallFailures failures;

    /** {@code http}: from {@link HttpClients#internal}; {@code timeout}: each request's limit, answer included. */
    public ServiceClient(URI baseUrl, HttpClient http, Duration timeout, CallFailures failures) {
        this.baseUrl = baseUrl.toString().replaceAll("/+$", "");
        this.http = http;
        this.timeout = timeout;
        this.failures = failures;
    }

    /** The body of {@code GET pathAndQuery} on 200, empty on 404; any other answer, or none, fails. */
    public Optional<byte[]> find(String pathAndQuery, String accept) {
        HttpRequest request = get(pathAndQuery, accept);
        HttpResponse<byte[]> response = send(request);
        if (response.statusCode() == 404) return Optional.empty();
        return Optional.of(ok(request, response));
    }

    /** The body of {@code GET pathAndQuery} on 200; any other answer, or none, fails. */
    public byte[] require(String pathAndQuery, String accept) {
        HttpRequest request = get(pathAndQuery, accept);
        return ok(request, send(request));
    }

    /**
     * The body of {@code method pathAndQuery} carrying {@code body} as {@code contentType}, on any 2xx (a write may
     * answer 201 or 200); any other answer, or none, fails.
     */
    public byte[] write(String method, String pathAndQuery, String contentType, byte[] body, String accept) {
        HttpRequest request = withBody(method, pathAndQuery, contentType, body).header("Accept", accept).build();
        HttpResponse<byte[]> response = send(request);
        if (response.statusCode() / 100 != 2) throw failures.answered(request, response);
        return response.body();
    }

    /**
     * {@code POST pathAndQuery} with this body; answers the status, whatever it is, for the caller to read (a write's
     * answers mean more than "found" or not); no answer fails.
     */
    public int post(String pathAndQuery, String contentType, byte[] body) {
        return send(withBody("POST", pathAndQuery, contentType, body).build()).statusCode();
    }

    /** {@code pathAndQuery} (starting with {@code /}) on the service's base URL. */
    public URI uri(String pathAndQuery) {
        return URI.create(baseUrl + pathAndQuery);
    }

    private HttpRequest.Builder withBody(String method, String pathAndQuery, String contentType, byte[] body) {
        return HttpRequest.newBuilder(uri(pathAndQuery)).timeout(timeout).header("Content-Type", contentType)
                .method(method, HttpRequest.BodyPublishers.ofByteArray(body));
    }

    private HttpRequest get(String pathAndQuery, String accept) {
        return HttpRequest.newBuilder(uri(pathAndQuery)).timeout(timeout).header("Accept", accept).GET().build();
    }

    private HttpResponse<byte[]> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw failures.unreachable(request, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw failures.interrupted(request, e);
        }
    }

    private byte[] ok(HttpRequest request, HttpResponse<byte[]> response) {
        if (response.statusCode() != 200) throw failures.answered(request, response);
        return response.body();
    }
}
