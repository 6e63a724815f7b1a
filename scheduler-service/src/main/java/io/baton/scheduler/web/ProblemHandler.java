package io.baton.scheduler.web;

import java.net.URI;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;

import io.baton.core.plan.InputException;

/**
 * Turns every refusal into an RFC 7807 problem body ({@code application/problem+json}) with {@code type}
 * ({@code urn:baton:problem:<slug>}), {@code title}, {@code status} and {@code detail}.
 */
@RestControllerAdvice
public class ProblemHandler extends ResponseEntityExceptionHandler {

    static final String TYPE_PREFIX = "urn:baton:problem:";

    @ExceptionHandler(ApiException.class)
    ResponseEntity<Object> api(ApiException e) {
        return of(e);
    }

    /** The problem response for a refusal, with its extra properties as members of the body. */
    public static ResponseEntity<Object> of(ApiException e) {
        ResponseEntity<Object> response = problem(e.status(), e.slug(), e.getMessage());
        ProblemDetail body = (ProblemDetail) response.getBody();
        e.properties().forEach(body::setProperty);
        return ResponseEntity.status(e.status()).contentType(org.springframework.http.MediaType.APPLICATION_PROBLEM_JSON)
                .body(body);
    }

    /** scheduling-core's one-line bad-input message, which names the field, is the detail as it stands. */
    @ExceptionHandler(InputException.class)
    ResponseEntity<Object> input(InputException e) {
        return problem(HttpStatus.BAD_REQUEST, "invalid-request", e.getMessage());
    }

    /** Malformed JSON, a value of the wrong type, or an unknown field in a bound body: say which. */
    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException e, HttpHeaders headers,
                                                                  HttpStatusCode status, WebRequest request) {
        if (e.getCause() instanceof JsonMappingException mapping) {
            String field = mapping.getPath().stream()
                    .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                    .reduce("", (a, b) -> a.isEmpty() || b.startsWith("[") ? a + b : a + "." + b);
            String detail = mapping instanceof UnrecognizedPropertyException unknown
                    ? "unknown field '" + unknown.getPropertyName() + "'"
                    : mapping.getOriginalMessage();
            return problem(HttpStatus.BAD_REQUEST, "invalid-request", (field.isEmpty() ? "" : field + ": ") + detail);
        }
        return problem(HttpStatus.BAD_REQUEST, "malformed-json", "the request body is missing or not JSON");
    }

    @Override
    protected ResponseEntity<Object> handleExceptionInternal(Exception e, Object body, HttpHeaders headers,
                                                             HttpStatusCode status, WebRequest request) {
        // Spring's own problems (405, 415, ...) keep their detail, with our type URI.
        ResponseEntity<Object> response = super.handleExceptionInternal(e, body, headers, status, request);
        if (response != null && response.getBody() instanceof ProblemDetail problem
                && (problem.getType() == null || "about:blank".equals(problem.getType().toString()))) {
            problem.setType(URI.create(TYPE_PREFIX + "http-" + status.value()));
        }
        return response;
    }

    static ResponseEntity<Object> problem(HttpStatus status, String slug, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setType(URI.create(TYPE_PREFIX + slug));
        problem.setTitle(status.getReasonPhrase());
        return ResponseEntity.status(status).body(problem);
    }
}
