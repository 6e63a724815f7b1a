package io.baton.scheduler.web;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.http.HttpStatus;

/**
 * A refusal with its HTTP status and problem slug; {@link ProblemHandler} writes it as an RFC 7807 body, with any
 * extra properties ({@code field}, a drop's {@code reason}) as members of the body.
 */
public class ApiException extends RuntimeException {

    private final HttpStatus status;
    private final String slug;
    private final Map<String, Object> properties = new LinkedHashMap<>();

    public ApiException(HttpStatus status, String slug, String detail) {
        super(detail, null, false, false);
        this.status = status;
        this.slug = slug;
    }

    public HttpStatus status() {
        return status;
    }

    public String slug() {
        return slug;
    }

    /** Names the input at fault. */
    public ApiException withField(String field) {
        properties.put("field", field);
        return this;
    }

    public ApiException with(String name, Object value) {
        properties.put(name, value);
        return this;
    }

    public Map<String, Object> properties() {
        return properties;
    }
}
