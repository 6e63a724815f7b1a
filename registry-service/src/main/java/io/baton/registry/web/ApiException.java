package io.baton.registry.web;

import org.springframework.http.HttpStatus;

/**
 * A request the registry refuses, answered as an RFC 7807 problem by {@link ProblemHandler}.
 *
 * @param field the request field at fault (a JSON path such as {@code inputs[0].shape}, a path variable or a query
 *              parameter), or null when no single field is
 */
public class ApiException extends RuntimeException {

    private final HttpStatus status;
    private final String slug;
    private final String field;

    public ApiException(HttpStatus status, String slug, String field, String detail) {
        super(detail);
        this.status = status;
        this.slug = slug;
        this.field = field;
    }

    public static ApiException notFound(String field, String detail) {
        return new ApiException(HttpStatus.NOT_FOUND, "not-found", field, detail);
    }

    public static ApiException duplicate(String field, String detail) {
        return new ApiException(HttpStatus.CONFLICT, "duplicate", field, detail);
    }

    public static ApiException staleVersion(long given, long current) {
        return new ApiException(HttpStatus.CONFLICT, "stale-version", "version",
                "version " + given + " is stale: the current version is " + current + "; read it again and retry");
    }

    public static ApiException inUse(String detail) {
        return new ApiException(HttpStatus.CONFLICT, "in-use", null, detail);
    }

    public static ApiException unprocessable(String field, String detail) {
        return new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, "unprocessable", field, detail);
    }

    public static ApiException invalid(String field, String detail) {
        return new ApiException(HttpStatus.BAD_REQUEST, "invalid-request", field, detail);
    }

    public HttpStatus status() {
        return status;
    }

    /** Last segment of the problem {@code type} URI. */
    public String slug() {
        return slug;
    }

    public String field() {
        return field;
    }
}
