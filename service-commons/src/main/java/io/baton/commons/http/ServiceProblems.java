package io.baton.commons.http;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.springframework.http.HttpStatus;

import io.baton.commons.problem.ProblemException;

/**
 * A failed call to another service as a problem naming it: 502 {@code <service>-unavailable} for no answer ("the
 * registry at http://… did not answer: …") or an unexpected one ("the registry answered 500 to GET /v1/…"), 503
 * {@code interrupted} when this thread was interrupted while waiting.
 *
 * @param service  the callee as a detail names it ({@code registry}), also its slug's first word
 * @param baseUrl  where the callee was called
 * @param problems makes the problem, as the calling service's own {@link ProblemException} subtype
 */
public record ServiceProblems(String service, URI baseUrl, Factory problems) implements CallFailures {

    /** A problem's constructor. */
    @FunctionalInterface
    public interface Factory {
        ProblemException create(HttpStatus status, String slug, String detail);
    }

    @Override
    public ProblemException unreachable(HttpRequest request, IOException cause) {
        return problems.create(HttpStatus.BAD_GATEWAY, service + "-unavailable",
                "the " + service + " at " + baseUrl + " did not answer: " + cause.getMessage());
    }

    @Override
    public ProblemException interrupted(HttpRequest request, InterruptedException cause) {
        return problems.create(HttpStatus.SERVICE_UNAVAILABLE, "interrupted", "interrupted while reading the " + service);
    }

    @Override
    public ProblemException answered(HttpRequest request, HttpResponse<byte[]> response) {
        return problems.create(HttpStatus.BAD_GATEWAY, service + "-unavailable", "the " + service + " answered "
                + response.statusCode() + " to " + request.method() + " " + request.uri().getPath());
    }
}
