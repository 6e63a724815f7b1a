package io.baton.registry.web;

import org.springframework.http.HttpStatus;

import io.baton.commons.problem.ProblemException;
import io.baton.commons.problem.ProblemTypes;

/**
 * The registry's refusals, by what went wrong: a {@link ProblemException} (answered by {@link ProblemHandler}) with
 * the registry's problem types; {@code notFound} and {@code unprocessable} are {@link ProblemException}'s.
 */
public class ApiException extends ProblemException {

    public ApiException(HttpStatus status, String slug, String field, String detail) {
        super(status, slug, field, detail);
    }

    public static ApiException duplicate(String field, String detail) {
        return new ApiException(HttpStatus.CONFLICT, "duplicate", field, detail);
    }

    public static ApiException staleVersion(long given, long current) {
        return new ApiException(HttpStatus.CONFLICT, ProblemTypes.STALE_VERSION, "version",
                "version " + given + " is stale: the current version is " + current + "; read it again and retry");
    }

    public static ApiException inUse(String detail) {
        return new ApiException(HttpStatus.CONFLICT, "in-use", null, detail);
    }

    public static ApiException invalid(String field, String detail) {
        return new ApiException(HttpStatus.BAD_REQUEST, ProblemTypes.INVALID_REQUEST, field, detail);
    }
}
