package io.baton.commons.problem;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * The base of a service's {@code @RestControllerAdvice}: every refusal as an RFC 7807 body
 * ({@code application/problem+json}) with {@code type} ({@code urn:baton:problem:<slug>}), {@code title} (the
 * status's reason phrase), {@code status}, {@code detail} and the refusal's extra members. A {@link ProblemException}
 * is answered as it says; Spring MVC's own refusals (405, 415, a missing parameter, ...) keep Spring's detail and get
 * the type {@code http-<status>}.
 */
public abstract class ProblemAdvice extends ResponseEntityExceptionHandler {

    @ExceptionHandler(ProblemException.class)
    protected ResponseEntity<Object> refused(ProblemException e) {
        ProblemDetail body = body(e.status(), e.slug(), null, e.getMessage());
        e.properties().forEach(body::setProperty);
        return ResponseEntity.status(e.status()).body(body);
    }

    @Override
    protected ResponseEntity<Object> handleExceptionInternal(Exception e, Object body, HttpHeaders headers,
                                                             HttpStatusCode status, WebRequest request) {
        ResponseEntity<Object> response = super.handleExceptionInternal(e, body, headers, status, request);
        if (response != null && response.getBody() instanceof ProblemDetail problem
                && (problem.getType() == null || "about:blank".equals(problem.getType().toString()))) {
            problem.setType(ProblemTypes.uri(ProblemTypes.forStatus(status.value())));
        }
        return response;
    }

    /** The answer: {@link #body} with that status. */
    public static ResponseEntity<Object> problem(HttpStatus status, String slug, String field, String detail) {
        return ResponseEntity.status(status).body(body(status, slug, field, detail));
    }

    /** A problem body titled with the status's reason phrase; {@code field} null for none. */
    public static ProblemDetail body(HttpStatus status, String slug, String field, String detail) {
        return body(status, slug, status.getReasonPhrase(), field, detail);
    }

    /**
     * A problem body with a title of its own, for a service whose titles say what failed (the worker's "Input does
     * not fit the model") rather than the status's reason phrase; {@code field} null for none.
     */
    public static ProblemDetail body(HttpStatusCode status, String slug, String title, String field, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setType(ProblemTypes.uri(slug));
        problem.setTitle(title);
        if (field != null) problem.setProperty("field", field);
        return problem;
    }
}
