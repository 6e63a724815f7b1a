package io.baton.scheduler.web;

import org.springframework.http.HttpStatus;

/** A refusal with its HTTP status and problem slug; {@link ProblemHandler} writes it as an RFC 7807 body. */
public class ApiException extends RuntimeException {

    private final HttpStatus status;
    private final String slug;

    public ApiException(HttpStatus status, String slug, String detail) {
        super(detail);
        this.status = status;
        this.slug = slug;
    }

    public HttpStatus status() {
        return status;
    }

    public String slug() {
        return slug;
    }
}
