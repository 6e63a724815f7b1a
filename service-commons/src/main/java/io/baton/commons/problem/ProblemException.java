package io.baton.commons.problem;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.http.HttpStatus;

/**
 * A refusal, answered as an RFC 7807 problem by {@link ProblemAdvice}: the HTTP status, the slug of its
 * {@code type} ({@link ProblemTypes}), the detail (this exception's message), and extra members of the body in the
 * order given, such as {@code field} (the JSON path, path variable or query parameter at fault) or a drop's
 * {@code reason}. The title is the status's reason phrase.
 */
public class ProblemException extends RuntimeException {

    private final HttpStatus status;
    private final String slug;
    private final Map<String, Object> properties = new LinkedHashMap<>();

    /** {@code field}: the request field at fault, or null when no single field is. */
    public ProblemException(HttpStatus status, String slug, String field, String detail) {
        super(detail);
        this.status = status;
        this.slug = slug;
        if (field != null) properties.put("field", field);
    }

    /**
     * Without a stack trace: for a service whose refusals are frequent and expected (a dropped request), where
     * filling one in costs time and nothing reads it.
     */
    protected ProblemException(HttpStatus status, String slug, String detail, boolean stackTrace) {
        super(detail, null, false, stackTrace);
        this.status = status;
        this.slug = slug;
    }

    /** 404 {@link ProblemTypes#NOT_FOUND}. */
    public static ProblemException notFound(String field, String detail) {
        return new ProblemException(HttpStatus.NOT_FOUND, ProblemTypes.NOT_FOUND, field, detail);
    }

    /** 422 {@link ProblemTypes#UNPROCESSABLE}. */
    public static ProblemException unprocessable(String field, String detail) {
        return new ProblemException(HttpStatus.UNPROCESSABLE_ENTITY, ProblemTypes.UNPROCESSABLE, field, detail);
    }

    public HttpStatus status() {
        return status;
    }

    /** Last segment of the problem {@code type} URI. */
    public String slug() {
        return slug;
    }

    /** The request field at fault, or null. */
    public String field() {
        Object field = properties.get("field");
        return field == null ? null : field.toString();
    }

    /** Names the input at fault. */
    public ProblemException withField(String field) {
        return with("field", field);
    }

    /** Adds a member to the problem body (after those added before). */
    public ProblemException with(String name, Object value) {
        properties.put(name, value);
        return this;
    }

    /** The extra members of the body, in the order they were added. */
    public Map<String, Object> properties() {
        return Collections.unmodifiableMap(properties);
    }
}
