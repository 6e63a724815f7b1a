package io.baton.profiler.api;

import org.springframework.http.HttpStatus;

/** A refusal with its HTTP status, problem type slug and the request field at fault (null when none is). */
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

    public static ApiException invalid(String field, String detail) {
        return new ApiException(HttpStatus.BAD_REQUEST, "invalid-request", field, field + " " + detail);
    }

    public static ApiException notFound(String field, String detail) {
        return new ApiException(HttpStatus.NOT_FOUND, "not-found", field, detail);
    }

    public static ApiException unprocessable(String field, String detail) {
        return new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, "unprocessable", field, detail);
    }

    public HttpStatus status() {
        return status;
    }

    public String slug() {
        return slug;
    }

    public String field() {
        return field;
    }
}
